import type { TicketStatus } from '@conversa/contracts';
import type { Int8, Timestamp } from '../columns';

// Rows of the tables projections/dashboard/migration.ts creates, column for column.

export interface DashboardTicketsTable {
  id: number;
  company_id: number;
  uuid: string;
  contact_id: number;
  whatsapp_id: number | null;
  is_group: boolean;
  status: TicketStatus;
  user_id: number | null;
  queue_id: number | null;
  created_at: Timestamp;
  created_day: string;
  lead: boolean;
  wait_seconds: number;
  answered_after_wait: boolean;
  support_seconds: number;
  bot_seconds: number;
  clock: string | null;
  clock_since: Timestamp | null;
  bot_active: boolean;
  closed_at: Timestamp | null;
  closed_day: string | null;
  reopened: number;
  rating: number | null;
  deleted: boolean;
  last_commit: Int8;
  last_prepare: Int8;
}

export interface DashboardDailyTable {
  company_id: number;
  day: string;
  user_id: number | null;
  queue_id: number | null;
  tickets: number;
  pending: number;
  open: number;
  finished: number;
  leads: number;
  waited: number;
  wait_seconds: Int8;
  support_seconds: Int8;
  bot_seconds: Int8;
  reopened: number;
  ratings: number;
  rating_sum: number;
  rating_good: number;
  rating_neutral: number;
  rating_bad: number;
  closed: number;
}

/** The tables of the dashboard read model, as its queries name them. */
export interface DashboardTables {
  'read.dashboard_tickets': DashboardTicketsTable;
  'read.dashboard_daily': DashboardDailyTable;
}
