import { sql, type Kysely } from 'kysely';
import type { ReadDatabase } from '../database';

/** The dashboard's read model: one row per ticket (its figures) and one per company, day, attendant and queue (their sums). See docs/metrics.md. */
export async function migrateDashboard(db: Kysely<ReadDatabase>): Promise<void> {
  await sql`
    create table if not exists read.dashboard_tickets (
      id integer primary key,
      company_id integer not null,
      uuid uuid not null,
      contact_id integer not null,
      whatsapp_id integer,
      is_group boolean not null,
      status text not null,
      user_id integer,
      queue_id integer,
      created_at timestamptz not null,
      created_day date not null,
      lead boolean not null,
      wait_seconds integer not null,
      answered_after_wait boolean not null,
      support_seconds integer not null,
      bot_seconds integer not null,
      clock text,
      clock_since timestamptz,
      bot_active boolean not null,
      closed_at timestamptz,
      closed_day date,
      reopened integer not null,
      rating smallint,
      deleted boolean not null,
      last_commit bigint not null,
      last_prepare bigint not null
    );
    -- The drill-down of a card and the report: a company's tickets by day, newest first.
    create index if not exists dashboard_tickets_day on read.dashboard_tickets (company_id, created_day, id desc) where not deleted and not is_group;
    create index if not exists dashboard_tickets_closed on read.dashboard_tickets (company_id, closed_day, id desc) where closed_day is not null and not deleted and not is_group;
    -- The report pages by creation time; a lead is the contact's first ticket.
    create index if not exists dashboard_tickets_created on read.dashboard_tickets (company_id, created_at desc, id desc) where not deleted;
    -- The report's and the drill-downs' counts over a period with their usual filters, read from the index alone.
    create index if not exists dashboard_tickets_counts on read.dashboard_tickets (company_id, created_day, status, user_id, queue_id, whatsapp_id, is_group) where not deleted;
    create index if not exists dashboard_tickets_contact on read.dashboard_tickets (company_id, contact_id, created_at desc);
    -- Live counts per attendant (the attendants table's live column, moments).
    create index if not exists dashboard_tickets_live on read.dashboard_tickets (company_id, status, user_id) where not deleted and not is_group;
    comment on table read.dashboard_tickets is 'Figures of each ticket as docs/metrics.md defines them (group conversations kept but not counted)';
    comment on column read.dashboard_tickets.status is 'Current status: pending and lgpd are waiting (supportPending), open is being attended (supportHappening), closed and nps are finished (supportFinished)';
    comment on column read.dashboard_tickets.user_id is 'The attendant the ticket counts for: who holds it, or who held it last when it was closed; null while in a queue';
    comment on column read.dashboard_tickets.queue_id is 'The queue it is in (or was in when closed)';
    comment on column read.dashboard_tickets.created_day is 'Day the ticket was created, in the company time zone (COMPANY_TIME_ZONE): every figure but the closed-per-day chart counts the ticket on this day';
    comment on column read.dashboard_tickets.lead is 'true when this is the contact''s first ticket in the company (a lead)';
    comment on column read.dashboard_tickets.wait_seconds is 'Sum of completed waits: time spent pending without the bot, from creation, a return to the queue or a transfer to a queue, until an attendant takes it (or it is closed)';
    comment on column read.dashboard_tickets.answered_after_wait is 'An attendant took the ticket after it waited: only these count in avgWaitTime';
    comment on column read.dashboard_tickets.support_seconds is 'Sum of completed attendance runs: time in status open, from an accept, transfer to a person or reopening until it is closed or returned';
    comment on column read.dashboard_tickets.bot_seconds is 'Sum of completed bot runs: time in status lgpd, or pending while the bot''s menu waits on the contact';
    comment on column read.dashboard_tickets.clock is 'The clock running now: wait, bot or support; null when finished';
    comment on column read.dashboard_tickets.clock_since is 'When the running clock started';
    comment on column read.dashboard_tickets.closed_at is 'When it was finished (closed, or resolved and waiting for a rating); null after a reopening';
    comment on column read.dashboard_tickets.closed_day is 'closed_at''s day in the company time zone';
    comment on column read.dashboard_tickets.reopened is 'How many times it was reopened after being finished';
    comment on column read.dashboard_tickets.rating is 'The contact''s rating, 1 to 5; null when not rated';
    comment on column read.dashboard_tickets.last_commit is 'Log position (commit, prepare) of the last event folded in: a replayed event is skipped';

    create table if not exists read.dashboard_daily (
      company_id integer not null,
      day date not null,
      user_id integer,
      queue_id integer,
      tickets integer not null default 0,
      pending integer not null default 0,
      open integer not null default 0,
      finished integer not null default 0,
      leads integer not null default 0,
      waited integer not null default 0,
      wait_seconds bigint not null default 0,
      support_seconds bigint not null default 0,
      bot_seconds bigint not null default 0,
      reopened integer not null default 0,
      ratings integer not null default 0,
      rating_sum integer not null default 0,
      rating_good integer not null default 0,
      rating_neutral integer not null default 0,
      rating_bad integer not null default 0,
      closed integer not null default 0,
      constraint dashboard_daily_key unique nulls not distinct (company_id, day, user_id, queue_id)
    );
    comment on table read.dashboard_daily is 'Sums of read.dashboard_tickets per company, day (company time zone), attendant and queue: the dashboard reads these';
    comment on column read.dashboard_daily.tickets is 'Tickets created that day (group conversations and deleted tickets excluded)';
    comment on column read.dashboard_daily.pending is 'Of those, waiting now (pending or lgpd)';
    comment on column read.dashboard_daily.open is 'Of those, being attended now';
    comment on column read.dashboard_daily.finished is 'Of those, finished now (closed or nps)';
    comment on column read.dashboard_daily.leads is 'Of those, a contact''s first ticket';
    comment on column read.dashboard_daily.waited is 'Of those, taken by an attendant after a wait; avgWaitTime = wait_seconds / waited';
    comment on column read.dashboard_daily.wait_seconds is 'Sum of the waits of the waited ones';
    comment on column read.dashboard_daily.support_seconds is 'Sum of the support time of the finished ones; avgSupportTime = support_seconds / finished';
    comment on column read.dashboard_daily.bot_seconds is 'Sum of the bot time of all of them';
    comment on column read.dashboard_daily.reopened is 'Reopenings of them';
    comment on column read.dashboard_daily.ratings is 'Of those, rated; rating_sum / ratings is the average rating';
    comment on column read.dashboard_daily.rating_good is 'Rated 4 or 5 (boa)';
    comment on column read.dashboard_daily.rating_neutral is 'Rated 3 (media)';
    comment on column read.dashboard_daily.rating_bad is 'Rated 1 or 2 (ruim)';
    comment on column read.dashboard_daily.closed is 'Tickets whose current close fell on that day, whatever their creation day';
  `.execute(db);
}
