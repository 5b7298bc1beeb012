import type { AttendantFigures, DashboardCounters, DashboardPeriod, DashboardSeries, NpsInfo } from '@conversa/contracts';
import { sql, type Kysely } from 'kysely';
import type { ReadDatabase } from '../database';
import { dayIn } from './facts';
import type { DashboardDailyTable } from './tables';
import { dashboardTimeZone } from './zone';

/** Today in the company's zone (the last day of "the last N days"). */
export const dashboardToday = (now: Date): string => dayIn(dashboardTimeZone(), now);

const minutes = (seconds: number, count: number) => (count > 0 ? Math.round((seconds / count / 60) * 100) / 100 : 0);
const num = (value: unknown) => Number(value ?? 0);

/** Sums of the company's daily rows of the period (0 without rows), each column's under its name here. */
async function periodSums<Name extends string>(
  db: Kysely<ReadDatabase>,
  companyId: number,
  period: DashboardPeriod,
  columns: Record<Name, keyof DashboardDailyTable>,
): Promise<Record<Name, string>> {
  const sums = Object.entries<string>(columns).map(([name, column]) => sql<string>`coalesce(sum(${sql.raw(column)}), 0)`.as(name));
  const row = await db
    .selectFrom('read.dashboard_daily')
    .select(sums)
    .where('company_id', '=', companyId)
    .where('day', '>=', period.from)
    .where('day', '<=', period.to)
    .executeTakeFirstOrThrow();
  return row as Record<Name, string>;
}

/** The cards: sums of the period's daily rows (docs/metrics.md). */
export async function dashboardCounters(db: Kysely<ReadDatabase>, companyId: number, period: DashboardPeriod): Promise<DashboardCounters> {
  const row = await periodSums(db, companyId, period, {
    tickets: 'tickets',
    pending: 'pending',
    open: 'open',
    finished: 'finished',
    leads: 'leads',
    waited: 'waited',
    wait_seconds: 'wait_seconds',
    support_seconds: 'support_seconds',
    bot_seconds: 'bot_seconds',
    reopened: 'reopened',
  });
  return {
    supportPending: num(row.pending),
    supportHappening: num(row.open),
    supportFinished: num(row.finished),
    leads: num(row.leads),
    tickets: num(row.tickets),
    avgWaitTime: minutes(num(row.wait_seconds), num(row.waited)),
    avgSupportTime: minutes(num(row.support_seconds), num(row.finished)),
    avgBotTime: minutes(num(row.bot_seconds), num(row.tickets)),
    reopened: num(row.reopened),
  };
}

/** The attendants table: every (not deleted) user of the company, with the period's figures of the tickets that count for them. */
export async function dashboardAttendants(db: Kysely<ReadDatabase>, companyId: number, period: DashboardPeriod): Promise<AttendantFigures[]> {
  const rows = await sql<{
    id: number;
    name: string;
    online: boolean;
    tickets: string;
    finished: string;
    waited: string;
    wait_seconds: string;
    support_seconds: string;
    ratings: string;
    rating_sum: string;
    live: string;
  }>`
    -- Each sum once (materialized): a nested loop over the users must not recount them per user.
    with d as materialized (
      select user_id, sum(tickets) as tickets, sum(finished) as finished, sum(waited) as waited, sum(wait_seconds) as wait_seconds,
        sum(support_seconds) as support_seconds, sum(ratings) as ratings, sum(rating_sum) as rating_sum
      from read.dashboard_daily
      where company_id = ${companyId} and day >= ${period.from} and day <= ${period.to} and user_id is not null
      group by user_id
    ), l as materialized (
      select user_id, count(*) as live from read.dashboard_tickets
      where company_id = ${companyId} and status = 'open' and not deleted and not is_group
      group by user_id
    )
    select u.id, u.name, u.online,
      coalesce(d.tickets, 0) as tickets, coalesce(d.finished, 0) as finished, coalesce(d.waited, 0) as waited,
      coalesce(d.wait_seconds, 0) as wait_seconds, coalesce(d.support_seconds, 0) as support_seconds,
      coalesce(d.ratings, 0) as ratings, coalesce(d.rating_sum, 0) as rating_sum, coalesce(l.live, 0) as live
    from read.users u
    left join d on d.user_id = u.id
    left join l on l.user_id = u.id
    where u.company_id = ${companyId} and not u.deleted
    order by coalesce(d.tickets, 0) desc, u.name, u.id`.execute(db);
  return rows.rows.map((row) => ({
    id: row.id,
    name: row.name,
    online: row.online,
    tickets: num(row.tickets),
    finished: num(row.finished),
    countRating: num(row.ratings),
    rating: num(row.ratings) > 0 ? Math.round((num(row.rating_sum) / num(row.ratings)) * 100) / 100 : null,
    avgWaitTime: minutes(num(row.wait_seconds), num(row.waited)),
    avgSupportTime: minutes(num(row.support_seconds), num(row.finished)),
    live: num(row.live),
  }));
}

/** The featured attendant: most finished tickets in the period, then the better average rating, then the name. */
export function featuredAttendant(attendants: AttendantFigures[]): AttendantFigures | null {
  const ranked = attendants
    .filter((a) => a.finished > 0)
    .sort((a, b) => b.finished - a.finished || (b.rating ?? 0) - (a.rating ?? 0) || a.name.localeCompare(b.name));
  return ranked[0] ?? null;
}

/** Tickets created per day (measure `tickets`) or closed per day (`closed`), every day of the period listed. */
export async function perDay(db: Kysely<ReadDatabase>, companyId: number, period: DashboardPeriod, measure: 'tickets' | 'closed'): Promise<DashboardSeries> {
  const rows = await sql<{ day: string; total: string }>`
    select to_char(g.day, 'YYYY-MM-DD') as day, coalesce(sum(d.${sql.ref(measure)}), 0) as total
    from generate_series(${period.from}::date, ${period.to}::date, interval '1 day') as g(day)
    left join read.dashboard_daily d on d.company_id = ${companyId} and d.day = g.day::date
    group by g.day order by g.day`.execute(db);
  const data = rows.rows.map((row) => ({ key: row.day, id: null, label: row.day, color: null, total: num(row.total) }));
  return { data, count: data.reduce((sum, point) => sum + point.total, 0) };
}

/** Tickets created in the period per queue (null: none), biggest first. */
export async function perQueue(db: Kysely<ReadDatabase>, companyId: number, period: DashboardPeriod): Promise<DashboardSeries> {
  const rows = await sql<{ id: number | null; name: string | null; color: string | null; total: string }>`
    select d.queue_id as id, q.name, q.color, sum(d.tickets) as total
    from read.dashboard_daily d left join read.queues q on q.id = d.queue_id and q.company_id = d.company_id
    where d.company_id = ${companyId} and d.day >= ${period.from} and d.day <= ${period.to}
    group by d.queue_id, q.name, q.color having sum(d.tickets) > 0 order by total desc, d.queue_id nulls last`.execute(db);
  const data = rows.rows.map((row) => ({ key: String(row.id ?? ''), id: row.id, label: row.name ?? '', color: row.color, total: num(row.total) }));
  return { data, count: data.reduce((sum, point) => sum + point.total, 0) };
}

/** Tickets created in the period per attendant (null: in a queue), biggest first. */
export async function perUser(db: Kysely<ReadDatabase>, companyId: number, period: DashboardPeriod): Promise<DashboardSeries> {
  const rows = await sql<{ id: number | null; name: string | null; total: string }>`
    select d.user_id as id, u.name, sum(d.tickets) as total
    from read.dashboard_daily d left join read.users u on u.id = d.user_id and u.company_id = d.company_id
    where d.company_id = ${companyId} and d.day >= ${period.from} and d.day <= ${period.to}
    group by d.user_id, u.name having sum(d.tickets) > 0 order by total desc, d.user_id nulls last`.execute(db);
  const data = rows.rows.map((row) => ({ key: String(row.id ?? ''), id: row.id, label: row.name ?? '', color: null, total: num(row.total) }));
  return { data, count: data.reduce((sum, point) => sum + point.total, 0) };
}

/** The rating breakdown of the period's tickets, with each score's count (from the tickets rows: five numbers). */
export async function npsInfo(db: Kysely<ReadDatabase>, companyId: number, period: DashboardPeriod): Promise<NpsInfo> {
  const row = await periodSums(db, companyId, period, {
    ratings: 'ratings',
    rating_sum: 'rating_sum',
    good: 'rating_good',
    neutral: 'rating_neutral',
    bad: 'rating_bad',
  });
  const scores = await db
    .selectFrom('read.dashboard_tickets')
    .select(['rating', sql<string>`count(*)`.as('total')])
    .where('company_id', '=', companyId)
    .where('created_day', '>=', period.from)
    .where('created_day', '<=', period.to)
    .where('deleted', '=', false)
    .where('is_group', '=', false)
    .where('rating', 'is not', null)
    .groupBy('rating')
    .execute();
  const byScore = [1, 2, 3, 4, 5].map((score) => ({ score, total: num(scores.find((s) => s.rating === score)?.total) }));
  const total = num(row.ratings);
  return {
    total_notas: total,
    boa: num(row.good),
    media: num(row.neutral),
    ruim: num(row.bad),
    average: total > 0 ? Math.round((num(row.rating_sum) / total) * 100) / 100 : null,
    byScore,
  };
}
