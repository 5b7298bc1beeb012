import { sql, type Kysely } from 'kysely';
import type { ReadDatabase } from '../database';

export async function migrateSla(db: Kysely<ReadDatabase>): Promise<void> {
  await sql`
    create table if not exists read.sla_queues (
      queue_id integer primary key,
      company_id integer not null,
      schedules jsonb not null default '[]',
      first_response_minutes integer,
      resolution_minutes integer
    );
    comment on table read.sla_queues is 'Each queue''s opening hours and SLA targets, as the SLA clocks start with them';
    create table if not exists read.sla_companies (
      company_id integer primary key,
      schedule_type text not null default 'disabled',
      schedules jsonb not null default '[]',
      pause_on_customer boolean not null default false
    );
    comment on table read.sla_companies is 'Which opening hours count (scheduleType: queue, company, else every minute), the company''s hours, and slaPauseOnCustomer';
    create table if not exists read.ticket_sla (
      ticket_id integer primary key,
      company_id integer not null,
      queue_id integer not null,
      user_id integer,
      started_at timestamptz not null,
      hours jsonb,
      time_zone text not null,
      pause_on_customer boolean not null,
      first_response_minutes integer,
      first_response_warn timestamptz,
      first_response_due timestamptz,
      first_response_at timestamptz,
      first_response_breached boolean not null default false,
      resolution_minutes integer,
      resolution_warn timestamptz,
      resolution_due timestamptz,
      resolved_at timestamptz,
      resolution_breached boolean not null default false,
      paused_since timestamptz,
      paused_minutes integer not null default 0
    );
    create index if not exists ticket_sla_company_started on read.ticket_sla (company_id, started_at);
    create index if not exists ticket_sla_first_due on read.ticket_sla (first_response_due) where first_response_at is null and not first_response_breached;
    create index if not exists ticket_sla_resolution_due on read.ticket_sla (resolution_due) where resolved_at is null and paused_since is null and not resolution_breached;
    comment on table read.ticket_sla is 'SLA clocks of each ticket that arrived in a queue with a target: started when it arrived, targets and hours as they were then';
    comment on column read.ticket_sla.hours is 'Opening hours the clocks count in; null: every minute counts';
    comment on column read.ticket_sla.first_response_warn is 'When 80 % of the first-response target is used (amber)';
    comment on column read.ticket_sla.first_response_due is 'When the first-response target is used up (red; a breach if still unanswered)';
    comment on column read.ticket_sla.first_response_at is 'First attendant message (not private), or the close if it came first';
    comment on column read.ticket_sla.first_response_breached is 'TicketSlaBreached recorded for this clock, or it stopped after its due moment';
    comment on column read.ticket_sla.resolved_at is 'The first close';
    comment on column read.ticket_sla.paused_since is 'Waiting on the customer since (slaPauseOnCustomer): the resolution clock stands still';
    comment on column read.ticket_sla.paused_minutes is 'Business minutes the resolution clock stood still so far';
  `.execute(db);
}
