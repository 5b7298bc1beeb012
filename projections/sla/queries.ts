import type { DashboardPeriod, SlaClock, SlaFigureRow, SlaFigures, TicketSlaView } from '@conversa/contracts';
import { sql, type Kysely } from 'kysely';
import type { ReadDatabase } from '../database';
import { dashboardTimeZone } from '../dashboard/zone';

const iso = (value: Date | string) => new Date(value).toISOString();

/** The running clock of each ticket: first response until answered, then resolution until closed. Tickets with none are left out. */
export async function ticketSlaClocks(db: Kysely<ReadDatabase>, companyId: number, ticketIds: readonly number[]): Promise<TicketSlaView[]> {
  if (ticketIds.length === 0) return [];
  const rows = await db
    .selectFrom('read.ticket_sla')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('ticket_id', 'in', [...ticketIds])
    .orderBy('ticket_id')
    .execute();
  const clocks: TicketSlaView[] = [];
  for (const row of rows) {
    if (row.first_response_at === null && row.first_response_due !== null && row.first_response_warn !== null && row.first_response_minutes !== null) {
      clocks.push({
        ticketId: row.ticket_id,
        clock: 'firstResponse',
        targetMinutes: row.first_response_minutes,
        warnAt: iso(row.first_response_warn),
        dueAt: iso(row.first_response_due),
        pausedSince: null,
      });
    } else if (row.resolved_at === null && row.resolution_due !== null && row.resolution_warn !== null && row.resolution_minutes !== null) {
      clocks.push({
        ticketId: row.ticket_id,
        clock: 'resolution',
        targetMinutes: row.resolution_minutes,
        warnAt: iso(row.resolution_warn),
        dueAt: iso(row.resolution_due),
        pausedSince: row.paused_since === null ? null : iso(row.paused_since),
      });
    }
  }
  return clocks;
}

/** Running clocks past their due moment with no breach recorded yet (the breach timer's work), oldest due first. */
export async function overdueClocks(db: Kysely<ReadDatabase>, now: Date, limit = 500) {
  const first = db
    .selectFrom('read.ticket_sla')
    .select(['ticket_id', 'company_id', 'queue_id', 'user_id', 'first_response_due as due', sql<SlaClock>`'firstResponse'`.as('clock')])
    .where('first_response_at', 'is', null)
    .where('first_response_breached', '=', false)
    .where('first_response_due', '<=', now);
  const resolution = db
    .selectFrom('read.ticket_sla')
    .select(['ticket_id', 'company_id', 'queue_id', 'user_id', 'resolution_due as due', sql<SlaClock>`'resolution'`.as('clock')])
    .where('resolved_at', 'is', null)
    .where('paused_since', 'is', null)
    .where('resolution_breached', '=', false)
    .where('resolution_due', '<=', now);
  const rows = await db.selectFrom(first.unionAll(resolution).as('due')).selectAll().orderBy('due').limit(limit).execute();
  return rows.map((row) => ({
    ticketId: row.ticket_id,
    companyId: row.company_id,
    queueId: row.queue_id,
    userId: row.user_id,
    clock: row.clock,
    dueAt: iso(row.due!),
  }));
}

/** The queue's average minutes from arrival to close over its last 50 closed tickets (the line's wait estimate); null with none. */
export async function averageHandleMinutes(db: Kysely<ReadDatabase>, companyId: number, queueId: number): Promise<number | null> {
  const recent = db
    .selectFrom('read.ticket_sla')
    .select(sql<number>`extract(epoch from resolved_at - started_at) / 60`.as('minutes'))
    .where('company_id', '=', companyId)
    .where('queue_id', '=', queueId)
    .where('resolved_at', 'is not', null)
    .orderBy('resolved_at', 'desc')
    .limit(50);
  const row = await db
    .selectFrom(recent.as('recent'))
    .select((eb) => eb.fn.avg<string | null>('minutes').as('average'))
    .executeTakeFirst();
  return row?.average == null ? null : Number(row.average);
}

/**
 * Met and breached clocks of the tickets that arrived in the period (company-zone days), per queue
 * (the queue whose target applied) and per attendant (who holds the ticket). A clock is breached when
 * a breach was recorded or it stopped after its due moment, met when it stopped in time; a clock still
 * running in time counts in neither (docs/metrics.md "SLA").
 */
export async function slaFigures(db: Kysely<ReadDatabase>, companyId: number, period: DashboardPeriod): Promise<SlaFigures> {
  const zone = dashboardTimeZone();
  const counts = (key: 'queue_id' | 'user_id') =>
    db
      .selectFrom('read.ticket_sla as s')
      .select([
        `s.${key} as id`,
        sql<string>`count(*) filter (where not s.first_response_breached and s.first_response_at <= s.first_response_due)`.as('first_met'),
        sql<string>`count(*) filter (where s.first_response_breached or s.first_response_at > s.first_response_due)`.as('first_breached'),
        sql<string>`count(*) filter (where not s.resolution_breached and s.resolved_at <= s.resolution_due)`.as('resolution_met'),
        sql<string>`count(*) filter (where s.resolution_breached or s.resolved_at > s.resolution_due)`.as('resolution_breached'),
      ])
      .where('s.company_id', '=', companyId)
      .where('s.started_at', '>=', sql<Date>`(${period.from}::date)::timestamp at time zone ${zone}`)
      .where('s.started_at', '<', sql<Date>`(${period.to}::date + 1)::timestamp at time zone ${zone}`)
      .where(`s.${key}`, 'is not', null)
      .groupBy(`s.${key}`)
      .execute();
  const [queues, users, queueNames, userNames] = await Promise.all([
    counts('queue_id'),
    counts('user_id'),
    db.selectFrom('read.queues').select(['id', 'name']).where('company_id', '=', companyId).execute(),
    db.selectFrom('read.users').select(['id', 'name']).where('company_id', '=', companyId).execute(),
  ]);
  const rows = (found: typeof queues, names: Array<{ id: number; name: string }>): SlaFigureRow[] => {
    const nameOf = new Map(names.map((row) => [row.id, row.name]));
    return found
      .map((row) => ({
        id: row.id as number,
        name: nameOf.get(row.id as number) ?? '',
        firstResponse: { met: Number(row.first_met), breached: Number(row.first_breached) },
        resolution: { met: Number(row.resolution_met), breached: Number(row.resolution_breached) },
      }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  };
  return { from: period.from, to: period.to, queues: rows(queues, queueNames), users: rows(users, userNames) };
}
