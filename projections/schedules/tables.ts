import type { ScheduleStatus } from '@conversa/contracts';
import type { Timestamp } from '../columns';

// Rows of the tables projections/schedules/migration.ts creates, column for column.

export interface SchedulesTable {
  id: number;
  company_id: number;
  contact_id: number;
  ticket_id: number | null;
  user_id: number | null;
  body: string;
  send_at: Timestamp;
  sent_at: Timestamp | null;
  status: ScheduleStatus;
  message_id: string | null;
  sent_ticket_id: number | null;
  failure_reason: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The tables of the schedules read model, as its queries name them. */
export interface SchedulesTables {
  'read.schedules': SchedulesTable;
}
