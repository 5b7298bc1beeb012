import { CONTACT_LIST_ITEMS_PAGE_SIZE, CONTACT_LISTS_PAGE_SIZE, type ContactListItemView, type ContactListView } from '@conversa/contracts';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { ReadDatabase } from '../database';
import { containing, isoTimes, liveById, pageFrom } from '../reads';
import type { ContactListItemsTable, ContactListsTable } from './tables';

type ListRow = Selectable<ContactListsTable> & { contacts_count: number | string; checked_count: number | string; valid_count: number | string };

const listFromRow = (row: ListRow): ContactListView => ({
  id: row.id,
  companyId: row.company_id,
  name: row.name,
  contactsCount: Number(row.contacts_count),
  checkedCount: Number(row.checked_count),
  validCount: Number(row.valid_count),
  ...isoTimes(row),
});

/** Counted when read: the items are this projector's own rows, so the count is never behind them. */
const listRows = (db: Kysely<ReadDatabase>) =>
  db
    .selectFrom('read.contact_lists as l')
    .selectAll('l')
    .select([
      sql<number>`(select count(*)::int from read.contact_list_items i where i.contact_list_id = l.id)`.as('contacts_count'),
      sql<number>`(select count(*)::int from read.contact_list_items i where i.contact_list_id = l.id and i.is_whatsapp_valid is not null)`.as('checked_count'),
      sql<number>`(select count(*)::int from read.contact_list_items i where i.contact_list_id = l.id and i.is_whatsapp_valid)`.as('valid_count'),
    ])
    .where('l.deleted', '=', false);

export async function findContactList(db: Kysely<ReadDatabase>, companyId: number, id: number): Promise<ContactListView | undefined> {
  const row = await listRows(db).where('l.id', '=', id).where('l.company_id', '=', companyId).executeTakeFirst();
  return row ? listFromRow(row) : undefined;
}

export async function listContactLists(
  db: Kysely<ReadDatabase>,
  companyId: number,
  options: { searchParam?: string; pageNumber?: number } = {},
): Promise<{ records: ContactListView[]; count: number; hasMore: boolean }> {
  let query = listRows(db).where('l.company_id', '=', companyId);
  const pattern = containing(options.searchParam);
  if (pattern) query = query.where(sql`lower(l.name)`, 'like', pattern);
  const byName = query.orderBy(sql`lower(l.name)`).orderBy('l.id');
  if (options.pageNumber === undefined) return { records: (await byName.execute()).map(listFromRow), count: 0, hasMore: false };
  const offset = (options.pageNumber - 1) * CONTACT_LISTS_PAGE_SIZE;
  const { rows, hasMore } = await pageFrom(byName, offset, CONTACT_LISTS_PAGE_SIZE);
  return { records: rows.map(listFromRow), count: offset + rows.length, hasMore };
}

type ItemRow = Selectable<ContactListItemsTable> & { opted_out: boolean | null };
const itemFromRow = (row: ItemRow): ContactListItemView => ({
  id: row.id,
  companyId: row.company_id,
  contactListId: row.contact_list_id,
  name: row.name,
  number: row.number,
  email: row.email,
  isWhatsappValid: row.is_whatsapp_valid,
  optedOut: row.opted_out === true,
  ...isoTimes(row),
});

const itemRows = (db: Kysely<ReadDatabase>) =>
  db
    .selectFrom('read.contact_list_items as i')
    .selectAll('i')
    .select(sql<boolean>`exists (select 1 from read.campaign_optouts o where o.company_id = i.company_id and o.number = i.number)`.as('opted_out'));

export async function findContactListItem(db: Kysely<ReadDatabase>, companyId: number, id: number): Promise<ContactListItemView | undefined> {
  const row = await itemRows(db).where('i.id', '=', id).where('i.company_id', '=', companyId).executeTakeFirst();
  return row ? itemFromRow(row) : undefined;
}

export async function listContactListItems(
  db: Kysely<ReadDatabase>,
  companyId: number,
  options: { contactListId: number; searchParam?: string; pageNumber: number },
): Promise<{ contacts: ContactListItemView[]; count: number; hasMore: boolean }> {
  let query = itemRows(db).where('i.company_id', '=', companyId).where('i.contact_list_id', '=', options.contactListId);
  const pattern = containing(options.searchParam);
  if (pattern) query = query.where((eb) => eb.or([eb(sql`lower(i.name)`, 'like', pattern), eb('i.number', 'like', pattern)]));
  const offset = (options.pageNumber - 1) * CONTACT_LIST_ITEMS_PAGE_SIZE;
  const { rows, hasMore } = await pageFrom(query.orderBy(sql`lower(i.name)`).orderBy('i.id'), offset, CONTACT_LIST_ITEMS_PAGE_SIZE);
  return { contacts: rows.map(itemFromRow), count: offset + rows.length, hasMore };
}

/** Every item of a list in id order (the campaign plan and the validity check read it). */
export async function contactListItemsForPlan(
  db: Kysely<ReadDatabase>,
  companyId: number,
  contactListId: number,
): Promise<Array<{ id: number; name: string; number: string; email: string; isWhatsappValid: boolean | null; digest: string | null }>> {
  const rows = await db
    .selectFrom('read.contact_list_items')
    .select(['id', 'name', 'number', 'email', 'is_whatsapp_valid', 'number_digest'])
    .where('company_id', '=', companyId)
    .where('contact_list_id', '=', contactListId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    number: row.number,
    email: row.email,
    isWhatsappValid: row.is_whatsapp_valid,
    digest: row.number_digest,
  }));
}

export async function contactListSize(db: Kysely<ReadDatabase>, companyId: number, contactListId: number): Promise<number | null> {
  const list = await liveById(db, 'read.contact_lists', companyId, contactListId).select('id').executeTakeFirst();
  if (!list) return null;
  const row = await db
    .selectFrom('read.contact_list_items')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('contact_list_id', '=', contactListId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
