import type { Kysely } from 'kysely';
import type { ReadDatabase } from '../database';
import { bigint, boolean, companyKey, createTables, date, integer, smallint, text, timestamptz, uuid, type Tables } from '../ddl';

const tables: Tables = {
  'read.dashboard_tickets': {
    comment: 'Figures of each ticket as docs/metrics.md defines them (group conversations kept but not counted)',
    columns: {
      ...companyKey,
      uuid: uuid.notNull(),
      contact_id: integer.notNull(),
      whatsapp_id: integer,
      is_group: boolean.notNull(),
      status: text
        .notNull()
        .comment(
          'Current status: pending and lgpd are waiting (supportPending), open is being attended (supportHappening), closed and nps are finished (supportFinished)',
        ),
      user_id: integer.comment('The attendant the ticket counts for: who holds it, or who held it last when it was closed; null while in a queue'),
      queue_id: integer.comment('The queue it is in (or was in when closed)'),
      created_at: timestamptz.notNull(),
      created_day: date
        .notNull()
        .comment(
          'Day the ticket was created, in the company time zone (COMPANY_TIME_ZONE): every figure but the closed-per-day chart counts the ticket on this day',
        ),
      lead: boolean.notNull().comment("true when this is the contact's first ticket in the company (a lead)"),
      wait_seconds: integer
        .notNull()
        .comment(
          'Sum of completed waits: time spent pending without the bot, from creation, a return to the queue or a transfer to a queue, until an attendant takes it (or it is closed)',
        ),
      answered_after_wait: boolean.notNull().comment('An attendant took the ticket after it waited: only these count in avgWaitTime'),
      support_seconds: integer
        .notNull()
        .comment('Sum of completed attendance runs: time in status open, from an accept, transfer to a person or reopening until it is closed or returned'),
      bot_seconds: integer.notNull().comment("Sum of completed bot runs: time in status lgpd, or pending while the bot's menu waits on the contact"),
      clock: text.comment('The clock running now: wait, bot or support; null when finished'),
      clock_since: timestamptz.comment('When the running clock started'),
      bot_active: boolean.notNull(),
      closed_at: timestamptz.comment('When it was finished (closed, or resolved and waiting for a rating); null after a reopening'),
      closed_day: date.comment("closed_at's day in the company time zone"),
      reopened: integer.notNull().comment('How many times it was reopened after being finished'),
      rating: smallint.comment("The contact's rating, 1 to 5; null when not rated"),
      deleted: boolean.notNull(),
      last_commit: bigint.notNull().comment('Log position (commit, prepare) of the last event folded in: a replayed event is skipped'),
      last_prepare: bigint.notNull(),
    },
    indexes: {
      // The drill-down of a card and the report: a company's tickets by day, newest first.
      dashboard_tickets_day: '(company_id, created_day, id desc) where not deleted and not is_group',
      dashboard_tickets_closed: '(company_id, closed_day, id desc) where closed_day is not null and not deleted and not is_group',
      // The report pages by creation time; a lead is the contact's first ticket.
      dashboard_tickets_created: '(company_id, created_at desc, id desc) where not deleted',
      // The report's and the drill-downs' counts over a period with their usual filters, read from the index alone.
      dashboard_tickets_counts: '(company_id, created_day, status, user_id, queue_id, whatsapp_id, is_group) where not deleted',
      dashboard_tickets_contact: '(company_id, contact_id, created_at desc)',
      // Live counts per attendant (the attendants table's live column, moments).
      dashboard_tickets_live: '(company_id, status, user_id) where not deleted and not is_group',
    },
  },
  'read.dashboard_daily': {
    comment: 'Sums of read.dashboard_tickets per company, day (company time zone), attendant and queue: the dashboard reads these',
    columns: {
      company_id: integer.notNull(),
      day: date.notNull(),
      user_id: integer,
      queue_id: integer,
      tickets: integer.notNull().default(0).comment('Tickets created that day (group conversations and deleted tickets excluded)'),
      pending: integer.notNull().default(0).comment('Of those, waiting now (pending or lgpd)'),
      open: integer.notNull().default(0).comment('Of those, being attended now'),
      finished: integer.notNull().default(0).comment('Of those, finished now (closed or nps)'),
      leads: integer.notNull().default(0).comment("Of those, a contact's first ticket"),
      waited: integer.notNull().default(0).comment('Of those, taken by an attendant after a wait; avgWaitTime = wait_seconds / waited'),
      wait_seconds: bigint.notNull().default(0).comment('Sum of the waits of the waited ones'),
      support_seconds: bigint.notNull().default(0).comment('Sum of the support time of the finished ones; avgSupportTime = support_seconds / finished'),
      bot_seconds: bigint.notNull().default(0).comment('Sum of the bot time of all of them'),
      reopened: integer.notNull().default(0).comment('Reopenings of them'),
      ratings: integer.notNull().default(0).comment('Of those, rated; rating_sum / ratings is the average rating'),
      rating_sum: integer.notNull().default(0),
      rating_good: integer.notNull().default(0).comment('Rated 4 or 5 (boa)'),
      rating_neutral: integer.notNull().default(0).comment('Rated 3 (media)'),
      rating_bad: integer.notNull().default(0).comment('Rated 1 or 2 (ruim)'),
      closed: integer.notNull().default(0).comment('Tickets whose current close fell on that day, whatever their creation day'),
    },
    constraints: ['constraint dashboard_daily_key unique nulls not distinct (company_id, day, user_id, queue_id)'],
  },
};

/** The dashboard's read model: one row per ticket (its figures) and one per company, day, attendant and queue (their sums). See docs/metrics.md. */
export async function migrateDashboard(db: Kysely<ReadDatabase>): Promise<void> {
  await createTables(db, tables);
}
