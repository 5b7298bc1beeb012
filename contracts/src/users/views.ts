import type { UserDetails } from './events';

/** A user as the API shows it (never the password hash). */
export interface UserView {
  id: number;
  companyId: number;
  name: string;
  email: string;
  profile: UserDetails['profile'];
  super: boolean;
  language: UserDetails['language'];
  profileImage: string | null;
  startWork: string;
  endWork: string;
  farewellMessage: string;
  allTicket: UserDetails['allTicket'];
  allowGroup: boolean;
  defaultMenu: UserDetails['defaultMenu'];
  defaultTheme: UserDetails['defaultTheme'];
  whatsappId: number | null;
  queueIds: number[];
  showDashboard: boolean;
  allowRealTime: boolean;
  allowConnections: boolean;
  /** WhatsApp number for password resets (digits), '' when none. */
  phone: string;
  /** Pinging from a browser. */
  online: boolean;
  createdAt: string;
  updatedAt: string;
  lastLogin: string | null;
}

/** `user` frame body (projections/users/projector.ts): the user as it now stands (without queue names), or the id of the one deleted. */
export type UserFrame =
  | { action: 'create' | 'update'; user: UserView; userId?: never }
  | { action: 'delete'; userId: number; user?: never };

/** One line of GET /users/list: enough to pick a user. */
export interface UserOption {
  id: number;
  name: string;
}
