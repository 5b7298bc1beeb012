import { comparePositions, type Position, type RecordedProductEvent } from '@conversa/contracts';
import { defineProjector } from '@conversa/platform';
import { sql, type Insertable, type Selectable, type Transaction } from 'kysely';
import type { ReadDatabase } from '../database';
import { DailyDeltas, measureNames } from './daily';
import { createdFact, evolveFact, factEventTypes, type Clock, type TicketFact } from './facts';
import { migrateDashboard } from './migration';
import type { DashboardDailyTable, DashboardTicketsTable } from './tables';
import { dashboardTimeZone } from './zone';

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());
/** A `date` column: a string under the product's wiring, a local-midnight Date under a bare pg pool. */
export const dayOf = (value: Date | string): string =>
  typeof value === 'string' ? value : `${value.getFullYear()}-${String(value.getMonth() + 1).padStart(2, '0')}-${String(value.getDate()).padStart(2, '0')}`;

function factOf(row: Selectable<DashboardTicketsTable>): TicketFact {
  return {
    ticketId: row.id,
    companyId: row.company_id,
    uuid: row.uuid,
    contactId: row.contact_id,
    whatsappId: row.whatsapp_id,
    isGroup: row.is_group,
    status: row.status,
    userId: row.user_id,
    queueId: row.queue_id,
    createdAt: iso(row.created_at)!,
    createdDay: dayOf(row.created_day),
    lead: row.lead,
    waitSeconds: row.wait_seconds,
    answeredAfterWait: row.answered_after_wait,
    supportSeconds: row.support_seconds,
    botSeconds: row.bot_seconds,
    clock: row.clock as Clock | null,
    clockSince: iso(row.clock_since),
    botActive: row.bot_active,
    closedAt: iso(row.closed_at),
    closedDay: row.closed_day === null ? null : dayOf(row.closed_day),
    reopened: row.reopened,
    rating: row.rating,
    deleted: row.deleted,
  };
}

function rowOf(fact: TicketFact, position: Position): Insertable<DashboardTicketsTable> {
  return {
    id: fact.ticketId,
    company_id: fact.companyId,
    uuid: fact.uuid,
    contact_id: fact.contactId,
    whatsapp_id: fact.whatsappId,
    is_group: fact.isGroup,
    status: fact.status,
    user_id: fact.userId,
    queue_id: fact.queueId,
    created_at: fact.createdAt,
    created_day: fact.createdDay,
    lead: fact.lead,
    wait_seconds: fact.waitSeconds,
    answered_after_wait: fact.answeredAfterWait,
    support_seconds: fact.supportSeconds,
    bot_seconds: fact.botSeconds,
    clock: fact.clock,
    clock_since: fact.clockSince,
    bot_active: fact.botActive,
    closed_at: fact.closedAt,
    closed_day: fact.closedDay,
    reopened: fact.reopened,
    rating: fact.rating,
    deleted: fact.deleted,
    last_commit: position.commit.toString(),
    last_prepare: position.prepare.toString(),
  };
}

interface Touched {
  /** As stored before this batch (null: new). */
  before: TicketFact | null;
  now: TicketFact;
  position: Position;
}

/**
 * The dashboard: folds each ticket's events into its figures (facts.ts, one definition each, see
 * docs/metrics.md) and keeps the daily sums in step by adding each changed ticket's new
 * contribution and taking back its old one (daily.ts). Frames: one `dashboard` update per company
 * whose figures changed, carrying nothing but that: open dashboards read their figures again.
 */
export const dashboardProjector = defineProjector({
  name: 'dashboard',
  version: 1,
  eventTypes: factEventTypes,
  tables: ['read.dashboard_tickets', 'read.dashboard_daily'],
  migrate: migrateDashboard,
  async handle(trx: Transaction<ReadDatabase>, events) {
    const zone = dashboardTimeZone();
    const touched = new Map<number, Touched>();
    const ids = [...new Set(events.map((event) => event.data.ticketId))];
    const stored = new Map<number, { fact: TicketFact; position: Position }>();
    if (ids.length > 0) {
      for (const row of await trx.selectFrom('read.dashboard_tickets').selectAll().where('id', 'in', ids).execute()) {
        stored.set(row.id, { fact: factOf(row), position: { commit: BigInt(row.last_commit), prepare: BigInt(row.last_prepare) } });
      }
    }
    for (const event of events) {
      const position = event.position;
      const ticketId = event.data.ticketId;
      const known =
        touched.get(ticketId) ??
        (stored.has(ticketId) ? { before: stored.get(ticketId)!.fact, now: stored.get(ticketId)!.fact, position: stored.get(ticketId)!.position } : undefined);
      // Replays of events already folded change nothing.
      if (known && comparePositions(position, known.position) <= 0) continue;
      if (event.type === 'TicketCreated') {
        if (known) continue;
        const lead = !(await hasOtherTicket(trx, touched, event));
        touched.set(ticketId, { before: null, now: createdFact(event, zone, lead), position });
        continue;
      }
      // Bot journal events of tickets this read model never saw (or before their creation) are skipped.
      if (!known) continue;
      touched.set(ticketId, { before: known.before, now: evolveFact(known.now, event, zone), position });
    }
    const deltas = new DailyDeltas();
    for (const { before, now, position } of touched.values()) {
      const row = rowOf(now, position);
      const { id: _id, ...changes } = row;
      await trx
        .insertInto('read.dashboard_tickets')
        .values(row)
        .onConflict((oc) => oc.column('id').doUpdateSet(changes))
        .execute();
      deltas.add(before, -1);
      deltas.add(now, +1);
    }
    for (const { key, measures } of deltas.nonZero()) {
      const values = { company_id: key.companyId, day: key.day, user_id: key.userId, queue_id: key.queueId, ...columnsOf(measures) };
      const set = Object.fromEntries(
        Object.keys(columnsOf(measures)).map((column) => [column, sql`read.dashboard_daily.${sql.ref(column)} + excluded.${sql.ref(column)}`]),
      );
      await trx
        .insertInto('read.dashboard_daily')
        .values(values)
        .onConflict((oc) => oc.constraint('dashboard_daily_key').doUpdateSet(set))
        .execute();
    }
    const companies = new Set([...touched.values()].map(({ now }) => now.companyId));
    return [...companies].map((companyId) => ({ companyId, entity: 'dashboard', data: { action: 'update' } }));
  },
});

const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
type MeasureColumns = Omit<Insertable<DashboardDailyTable>, 'company_id' | 'day' | 'user_id' | 'queue_id'>;
function columnsOf(measures: Record<(typeof measureNames)[number], number>): MeasureColumns {
  return Object.fromEntries(measureNames.map((name) => [snake(name), measures[name]])) as unknown as MeasureColumns;
}

/** A lead: no other ticket of the contact in the company, stored or earlier in this batch. */
async function hasOtherTicket(trx: Transaction<ReadDatabase>, touched: Map<number, Touched>, event: RecordedProductEvent<'TicketCreated'>): Promise<boolean> {
  const { contactId, ticketId } = event.data;
  const companyId = event.metadata.companyId;
  for (const { now } of touched.values()) if (now.companyId === companyId && now.contactId === contactId && now.ticketId !== ticketId) return true;
  const row = await trx
    .selectFrom('read.dashboard_tickets')
    .select('id')
    .where('company_id', '=', companyId)
    .where('contact_id', '=', contactId)
    .where('id', '<>', ticketId)
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}
