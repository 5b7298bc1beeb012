import type { Timestamp } from '../columns';

// Rows of the tables projections/sessions/migration.ts creates, column for column.

export interface SessionsTable {
  session_id: string;
  user_id: number;
  company_id: number;
  started_at: Timestamp;
  revoked_at: Timestamp | null;
  revoked_reason: string | null;
}

/** The tables of the sessions read model, as its queries name them. */
export interface SessionsTables {
  'auth.sessions': SessionsTable;
}
