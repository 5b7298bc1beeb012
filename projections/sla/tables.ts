import type { ScheduleEntry } from '@conversa/contracts';
import type { Generated } from 'kysely';
import type { Json, JsonWithDefault, Timestamp } from '../columns';

// Rows of the tables projections/sla/migration.ts creates, column for column.

export interface SlaQueuesTable {
  queue_id: number;
  company_id: number;
  schedules: JsonWithDefault<ScheduleEntry[]>;
  first_response_minutes: number | null;
  resolution_minutes: number | null;
}

export interface SlaCompaniesTable {
  company_id: number;
  schedule_type: Generated<string>;
  schedules: JsonWithDefault<ScheduleEntry[]>;
  pause_on_customer: Generated<boolean>;
}

export interface TicketSlaTable {
  ticket_id: number;
  company_id: number;
  queue_id: number;
  user_id: number | null;
  started_at: Timestamp;
  hours: Json<ScheduleEntry[] | null>;
  time_zone: string;
  pause_on_customer: boolean;
  first_response_minutes: number | null;
  first_response_warn: Timestamp | null;
  first_response_due: Timestamp | null;
  first_response_at: Timestamp | null;
  first_response_breached: Generated<boolean>;
  resolution_minutes: number | null;
  resolution_warn: Timestamp | null;
  resolution_due: Timestamp | null;
  resolved_at: Timestamp | null;
  resolution_breached: Generated<boolean>;
  paused_since: Timestamp | null;
  paused_minutes: Generated<number>;
}

/** The tables of the SLA read model, as its queries name them. */
export interface SlaTables {
  'read.sla_queues': SlaQueuesTable;
  'read.sla_companies': SlaCompaniesTable;
  'read.ticket_sla': TicketSlaTable;
}
