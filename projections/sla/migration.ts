import type { Kysely } from 'kysely';
import type { ReadDatabase } from '../database';
import { boolean, createTables, integer, jsonb, text, timestamptz, type Tables } from '../ddl';

const tables: Tables = {
  'read.sla_queues': {
    comment: "Each queue's opening hours and SLA targets, as the SLA clocks start with them",
    columns: {
      queue_id: integer.primaryKey(),
      company_id: integer.notNull(),
      schedules: jsonb.notNull().default('[]'),
      first_response_minutes: integer,
      resolution_minutes: integer,
    },
  },
  'read.sla_companies': {
    comment: "Which opening hours count (scheduleType: queue, company, else every minute), the company's hours, and slaPauseOnCustomer",
    columns: {
      company_id: integer.primaryKey(),
      schedule_type: text.notNull().default('disabled'),
      schedules: jsonb.notNull().default('[]'),
      pause_on_customer: boolean.notNull().default(false),
    },
  },
  'read.ticket_sla': {
    comment: 'SLA clocks of each ticket that arrived in a queue with a target: started when it arrived, targets and hours as they were then',
    columns: {
      ticket_id: integer.primaryKey(),
      company_id: integer.notNull(),
      queue_id: integer.notNull(),
      user_id: integer,
      started_at: timestamptz.notNull(),
      hours: jsonb.comment('Opening hours the clocks count in; null: every minute counts'),
      time_zone: text.notNull(),
      pause_on_customer: boolean.notNull(),
      first_response_minutes: integer,
      first_response_warn: timestamptz.comment('When 80 % of the first-response target is used (amber)'),
      first_response_due: timestamptz.comment('When the first-response target is used up (red; a breach if still unanswered)'),
      first_response_at: timestamptz.comment('First attendant message (not private), or the close if it came first'),
      first_response_breached: boolean.notNull().default(false).comment('TicketSlaBreached recorded for this clock, or it stopped after its due moment'),
      resolution_minutes: integer,
      resolution_warn: timestamptz,
      resolution_due: timestamptz,
      resolved_at: timestamptz.comment('The first close'),
      resolution_breached: boolean.notNull().default(false),
      paused_since: timestamptz.comment('Waiting on the customer since (slaPauseOnCustomer): the resolution clock stands still'),
      paused_minutes: integer.notNull().default(0).comment('Business minutes the resolution clock stood still so far'),
    },
    indexes: {
      ticket_sla_company_started: '(company_id, started_at)',
      ticket_sla_first_due: '(first_response_due) where first_response_at is null and not first_response_breached',
      ticket_sla_resolution_due: '(resolution_due) where resolved_at is null and paused_since is null and not resolution_breached',
    },
  },
};

export async function migrateSla(db: Kysely<ReadDatabase>): Promise<void> {
  await createTables(db, tables);
}
