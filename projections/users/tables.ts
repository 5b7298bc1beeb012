import type { Language, Profile, UserDetails } from '@conversa/contracts';
import type { Generated } from 'kysely';
import type { Timestamp } from '../columns';

// Rows of the tables projections/users/migration.ts creates, column for column.

export interface UsersTable {
  id: number;
  company_id: number;
  name: string;
  email: string;
  profile: Profile;
  super: boolean;
  language: Language;
  profile_image: string | null;
  start_work: string;
  end_work: string;
  farewell_message: string;
  phone: Generated<string>;
  all_ticket: UserDetails['allTicket'];
  allow_group: boolean;
  default_menu: UserDetails['defaultMenu'];
  default_theme: UserDetails['defaultTheme'];
  whatsapp_id: number | null;
  queue_ids: Generated<number[]>;
  show_dashboard: boolean;
  allow_real_time: boolean;
  allow_connections: boolean;
  online: Generated<boolean>;
  online_changed_at: Timestamp | null;
  deleted: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  last_login: Timestamp | null;
}

export interface UserCredentialsTable {
  user_id: number;
  company_id: number;
  email: string;
  password_hash: string;
}

export interface UserHeartbeatsTable {
  user_id: number;
  company_id: number;
  last_seen_at: Timestamp;
}

export interface UserConnectionsTable {
  connection_id: string;
  user_id: number;
  company_id: number;
  session_id: string;
  opened_at: Timestamp;
  last_seen_at: Timestamp;
  logged_out: Generated<boolean>;
  /** projections/push/store.ts adds it. */
  visible: Generated<boolean>;
}

/** The tables of the users read model, as its queries name them. */
export interface UsersTables {
  'read.users': UsersTable;
  'auth.user_credentials': UserCredentialsTable;
  'presence.user_heartbeats': UserHeartbeatsTable;
  'presence.user_connections': UserConnectionsTable;
}
