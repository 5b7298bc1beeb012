import type { ScheduleView } from '@conversa/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { ReadDatabase } from '../database';
import type { SchedulesTable } from './tables';
import { findContact } from '../contacts/queries';
import { companyRow, containing, countedPage, pageAt } from '../reads';

export const SCHEDULES_PAGE_SIZE = 20;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

const scheduleFromRow = (row: Selectable<SchedulesTable>, contact: { id: number; name: string } | null): ScheduleView => ({
  id: row.id,
  companyId: row.company_id,
  contactId: row.contact_id,
  contact,
  body: row.body,
  sendAt: iso(row.send_at)!,
  sentAt: iso(row.sent_at),
  status: row.status,
  userId: row.user_id,
  ticketId: row.ticket_id,
  messageId: row.message_id,
  failureReason: row.failure_reason,
  createdAt: iso(row.created_at)!,
  updatedAt: iso(row.updated_at)!,
});

/** Contact names by id, read through the contacts read model's own query. */
async function contactsOf(db: Kysely<ReadDatabase>, companyId: number, contactIds: Iterable<number>): Promise<Map<number, { id: number; name: string }>> {
  const found = new Map<number, { id: number; name: string }>();
  for (const contactId of new Set(contactIds)) {
    const contact = await findContact(db, companyId, contactId);
    if (contact) found.set(contactId, { id: contact.id, name: contact.name });
  }
  return found;
}

async function hydrate(db: Kysely<ReadDatabase>, rows: Selectable<SchedulesTable>[]): Promise<ScheduleView[]> {
  const byCompany = new Map<number, Selectable<SchedulesTable>[]>();
  for (const row of rows) byCompany.set(row.company_id, [...(byCompany.get(row.company_id) ?? []), row]);
  const contacts = new Map<string, { id: number; name: string }>();
  for (const [companyId, companyRows] of byCompany) {
    for (const [id, contact] of await contactsOf(
      db,
      companyId,
      companyRows.map((row) => row.contact_id),
    ))
      contacts.set(`${companyId}:${id}`, contact);
  }
  return rows.map((row) => scheduleFromRow(row, contacts.get(`${row.company_id}:${row.contact_id}`) ?? null));
}

export async function findSchedule(db: Kysely<ReadDatabase>, companyId: number, id: number): Promise<ScheduleView | undefined> {
  const row = await companyRow(db, 'read.schedules', companyId, id);
  return row ? (await hydrate(db, [row]))[0] : undefined;
}

/** The scheduled messages page: newest send time first, searched in the body, optionally one contact's or one user's. */
export async function listSchedules(
  db: Kysely<ReadDatabase>,
  companyId: number,
  options: { searchParam?: string; contactId?: number; userId?: number; pageNumber?: number; pageSize?: number } = {},
): Promise<{ schedules: ScheduleView[]; count: number; hasMore: boolean }> {
  let query = db.selectFrom('read.schedules').where('company_id', '=', companyId);
  const pattern = containing(options.searchParam);
  if (pattern) query = query.where((eb) => eb(eb.fn('lower', ['body']), 'like', pattern));
  if (options.contactId !== undefined) query = query.where('contact_id', '=', options.contactId);
  if (options.userId !== undefined) query = query.where('user_id', '=', options.userId);
  const newest = query.selectAll().orderBy('send_at', 'desc').orderBy('id', 'desc');
  const { rows, count, hasMore } = await countedPage(query, newest, pageAt(options, SCHEDULES_PAGE_SIZE));
  return { schedules: await hydrate(db, rows), count, hasMore };
}

/** Pending scheduled messages whose time has come, oldest first, across companies (the automation's sender). */
export async function dueSchedules(db: Kysely<ReadDatabase>, now: Date, limit: number): Promise<Array<{ id: number; companyId: number }>> {
  const rows = await db
    .selectFrom('read.schedules')
    .select(['id', 'company_id'])
    .where('status', '=', 'PENDENTE')
    .where('send_at', '<=', now)
    .orderBy('send_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: row.id, companyId: row.company_id }));
}

/**
 * The connection of the contact's most recent ticket (null when it has none): where a scheduled
 * message goes when it was not written from a ticket. Reads the tickets read model by its indexed
 * contact column; the tickets area names no such query.
 */
export async function lastConnectionOfContact(db: Kysely<ReadDatabase>, companyId: number, contactId: number): Promise<number | null> {
  const row = await db
    .selectFrom('read.tickets')
    .select('whatsapp_id')
    .where('company_id', '=', companyId)
    .where('contact_id', '=', contactId)
    .where('deleted', '=', false)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.whatsapp_id ?? null;
}
