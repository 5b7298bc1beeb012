import { sql, type Kysely, type Selectable } from 'kysely';
import type { ReadDatabase } from '../database';
import type { TicketRoutingTable } from './tables';

/** One ticket's clocks as the routing timers read them. */
export interface TicketClocks {
  ticketId: number;
  companyId: number;
  contactId: number;
  whatsappId: number | null;
  status: string;
  queueId: number | null;
  userId: number | null;
  openedAt: string | null;
  waitingSince: string | null;
  lastContactMessageAt: string | null;
  lastMessageAt: string | null;
  ratingRequestedAt: string | null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const clocksFromRow = (row: Selectable<TicketRoutingTable>): TicketClocks => ({
  ticketId: row.ticket_id,
  companyId: row.company_id,
  contactId: row.contact_id,
  whatsappId: row.whatsapp_id,
  status: row.status,
  queueId: row.queue_id,
  userId: row.user_id,
  openedAt: iso(row.opened_at),
  waitingSince: iso(row.waiting_since),
  lastContactMessageAt: iso(row.last_contact_message_at),
  lastMessageAt: iso(row.last_message_at),
  ratingRequestedAt: iso(row.rating_requested_at),
});

export async function ticketClocks(db: Kysely<ReadDatabase>, ticketId: number): Promise<TicketClocks | undefined> {
  const row = await db.selectFrom('read.ticket_routing').selectAll().where('ticket_id', '=', ticketId).executeTakeFirst();
  return row ? clocksFromRow(row) : undefined;
}

/** The connections (null: none), with their company, that have attended tickets, or tickets waiting for a rating. */
export async function connectionsWith(db: Kysely<ReadDatabase>, status: 'open' | 'nps'): Promise<Array<{ companyId: number; whatsappId: number | null }>> {
  let query = db.selectFrom('read.ticket_routing').select(['company_id', 'whatsapp_id']).distinct().where('status', '=', status);
  if (status === 'open') query = query.where('is_group', '=', false);
  return (await query.execute()).map((row) => ({ companyId: row.company_id, whatsappId: row.whatsapp_id }));
}

/**
 * Attended tickets of a connection idle since before `cutoff`: idleness counted from the contact's
 * last message (`fromContact`) or anyone's, never from before the attendant took the ticket.
 */
export async function idleAttendedTickets(
  db: Kysely<ReadDatabase>,
  whatsappId: number | null,
  cutoff: Date,
  fromContact: boolean,
  limit: number,
): Promise<TicketClocks[]> {
  const last = fromContact ? sql.ref('last_contact_message_at') : sql.ref('last_message_at');
  const rows = await db
    .selectFrom('read.ticket_routing')
    .selectAll()
    .where('status', '=', 'open')
    .where('is_group', '=', false)
    .where((eb) => (whatsappId === null ? eb('whatsapp_id', 'is', null) : eb('whatsapp_id', '=', whatsappId)))
    .where(sql<boolean>`greatest(opened_at, ${last}) <= ${cutoff}`)
    .orderBy('ticket_id')
    .limit(limit)
    .execute();
  return rows.map(clocksFromRow);
}

/** Tickets of a connection asked for a rating before `cutoff`. */
export async function ratingsAskedBefore(db: Kysely<ReadDatabase>, whatsappId: number | null, cutoff: Date, limit: number): Promise<TicketClocks[]> {
  const rows = await db
    .selectFrom('read.ticket_routing')
    .selectAll()
    .where('status', '=', 'nps')
    .where((eb) => (whatsappId === null ? eb('whatsapp_id', 'is', null) : eb('whatsapp_id', '=', whatsappId)))
    .where('rating_requested_at', '<=', cutoff)
    .orderBy('ticket_id')
    .limit(limit)
    .execute();
  return rows.map(clocksFromRow);
}

/** The queues (null: no queue) that have tickets waiting with no attendant, per company and connection. */
export async function waitingGroups(db: Kysely<ReadDatabase>): Promise<Array<{ companyId: number; whatsappId: number | null; queueId: number | null }>> {
  const rows = await db
    .selectFrom('read.ticket_routing')
    .select(['company_id', 'whatsapp_id', 'queue_id'])
    .distinct()
    .where('status', '=', 'pending')
    .where('user_id', 'is', null)
    .where('is_group', '=', false)
    .execute();
  return rows.map((row) => ({ companyId: row.company_id, whatsappId: row.whatsapp_id, queueId: row.queue_id }));
}

/** Tickets waiting with no attendant in a queue (or with none, on a connection) since before `cutoff`, the longest waiting first. */
export async function ticketsWaitingSince(
  db: Kysely<ReadDatabase>,
  where: { companyId: number; queueId: number | null; whatsappId?: number | null },
  cutoff: Date,
  limit: number,
): Promise<TicketClocks[]> {
  let query = db
    .selectFrom('read.ticket_routing')
    .selectAll()
    .where('company_id', '=', where.companyId)
    .where('status', '=', 'pending')
    .where('user_id', 'is', null)
    .where('is_group', '=', false)
    .where((eb) => (where.queueId === null ? eb('queue_id', 'is', null) : eb('queue_id', '=', where.queueId)))
    .where('waiting_since', '<=', cutoff);
  if (where.whatsappId !== undefined)
    query = query.where((eb) => (where.whatsappId === null ? eb('whatsapp_id', 'is', null) : eb('whatsapp_id', '=', where.whatsappId!)));
  const rows = await query.orderBy('waiting_since').orderBy('ticket_id').limit(limit).execute();
  return rows.map(clocksFromRow);
}

/** How many tickets wait with no attendant in each of the queues (not counting `exceptTicketId`): the queue position is one more. */
export async function waitingInQueues(
  db: Kysely<ReadDatabase>,
  companyId: number,
  queueIds: readonly number[],
  exceptTicketId: number,
): Promise<Record<number, number>> {
  if (queueIds.length === 0) return {};
  const rows = await db
    .selectFrom('read.ticket_routing')
    .select(['queue_id', (eb) => eb.fn.countAll<string>().as('count')])
    .where('company_id', '=', companyId)
    .where('status', '=', 'pending')
    .where('user_id', 'is', null)
    .where('queue_id', 'in', queueIds)
    .where('ticket_id', '<>', exceptTicketId)
    .groupBy('queue_id')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.queue_id, Number(row.count)]));
}
