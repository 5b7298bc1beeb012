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
  /** Pinging from a browser. */
  online: boolean;
  createdAt: string;
  updatedAt: string;
  lastLogin: string | null;
}
