import { CONTACTS_PAGE_SIZE, type Channel, type ContactPage, type ContactTag, type ContactView, type ContactSummary } from '@conversa/contracts';
import { sql, type ExpressionBuilder, type Kysely, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { ReadDatabase } from '../database';
import type { ContactsTable } from './tables';
import { containsText, NUMBER_LIKE_NAME, searchContacts, type SearchTuning, type TextSearch } from './search';
import type { OpenQuery, OpenTables } from '../columns';
import { companyById, isoTimes, liveRow, liveRows, pageAt } from '../reads';

export { NUMBER_LIKE_NAME };

const contactFromRow = (row: Selectable<ContactsTable>, tags: ContactTag[]): ContactView => ({
  id: row.id,
  companyId: row.company_id,
  name: row.name,
  number: row.number,
  email: row.email,
  profilePicUrl: row.profile_pic_url,
  urlPicture: row.profile_pic_url,
  active: row.active,
  disableBot: row.disable_bot,
  acceptAudioMessage: row.accept_audio_message,
  channel: row.channel,
  isGroup: row.is_group,
  extraInfo: ((row.extra_info ?? []) as { name: string; value: string }[]).map((field, index) => ({ id: index + 1, name: field.name, value: field.value })),
  lgpdAcceptedAt: row.lgpd_accepted_at ? new Date(row.lgpd_accepted_at).toISOString() : null,
  tags,
  ...isoTimes(row),
});

/** The live contact with this id in the company (another company's id finds nothing). */
export async function findContact(db: Kysely<ReadDatabase>, companyId: number, id: number): Promise<ContactView | undefined> {
  const row = await liveRow(db, 'read.contacts', companyId, id);
  if (!row) return undefined;
  const tags = await tagsOfContacts(db, [id]);
  return contactFromRow(row, tags.get(id) ?? []);
}

/** Whether the company has this contact at all, and whether it was erased (POST /contacts/{id}/erase: a deleted contact may still be erased). */
export async function contactErasure(db: Kysely<ReadDatabase>, companyId: number, id: number): Promise<{ erased: boolean } | undefined> {
  return companyById(db, 'read.contacts', companyId, id).select('erased').executeTakeFirst();
}

/** Live contacts by id, whichever company (the projector's frames: each carries its own company). */
export async function findContacts(db: Kysely<ReadDatabase>, ids: readonly number[]): Promise<Map<number, ContactView>> {
  const found = new Map<number, ContactView>();
  if (ids.length === 0) return found;
  const rows = await db
    .selectFrom('read.contacts')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .where('deleted', '=', false)
    .execute();
  const tags = await tagsOfContacts(
    db,
    rows.map((row) => row.id),
  );
  for (const row of rows) found.set(row.id, contactFromRow(row, tags.get(row.id) ?? []));
  return found;
}

/**
 * GET /contacts: the company's contacts by name. `searchParam` matches anywhere in the name or the
 * e-mail (case-insensitive; ./search.ts) or, when it is written like a number, the number's start or end.
 */
export async function listContacts(
  db: Kysely<ReadDatabase>,
  companyId: number,
  /** `searchNumbers` false: a viewer shown numbers masked (LGPD hide-number) searches names only, or digits would let them probe a number. */
  options: { searchParam?: string; channel?: Channel; isGroup?: boolean; pageNumber?: number; pageSize?: number; searchNumbers?: boolean } = {},
  tuning?: SearchTuning,
): Promise<ContactPage> {
  const { pageSize, offset } = pageAt(options, CONTACTS_PAGE_SIZE);
  const text = textSearch(options);
  if (text) {
    // One row past the page says whether there is more.
    const rows = await searchContacts(db, companyId, text, options, { offset, limit: pageSize + 1 }, tuning);
    return pageOf(db, rows, pageSize);
  }
  const query = filtered(liveRows(db, 'read.contacts', companyId), options).selectAll();
  // A number of SELECTIVE_DIGITS or more matches few contacts, but the planner cannot tell from prefix ranges and
  // walks the whole name index looking for them (seconds at a million contacts): the matches are fenced off
  // (`offset 0`), read through the number indexes, and only they are sorted.
  const selective = options.searchNumbers !== false && numberDigits(options.searchParam).length >= SELECTIVE_DIGITS;
  // One row past the page says whether there is more: counting a company's million contacts would cost more than the page.
  const window = <Q extends SelectQueryBuilder<OpenTables, OpenTables, Selectable<ContactsTable>>>(from: Q) =>
    from
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .limit(pageSize + 1)
      .offset(offset);
  const fenced = db.selectFrom(query.offset(0).as('c')).selectAll();
  const rows: Selectable<ContactsTable>[] = await window(
    (selective ? fenced : query) as unknown as SelectQueryBuilder<OpenTables, OpenTables, Selectable<ContactsTable>>,
  ).execute();
  return pageOf(db, rows, pageSize);
}

async function pageOf(db: Kysely<ReadDatabase>, rows: Selectable<ContactsTable>[], pageSize: number): Promise<ContactPage> {
  const shown = rows.slice(0, pageSize);
  const tags = await tagsOfContacts(
    db,
    shown.map((row) => row.id),
  );
  return { contacts: shown.map((row) => contactFromRow(row, tags.get(row.id) ?? [])), hasMore: rows.length > pageSize };
}

type ContactFilters = { searchParam?: string; channel?: Channel; isGroup?: boolean; searchNumbers?: boolean };

/** The search by part of a name or e-mail, when the term is not searched as a number. */
function textSearch(options: ContactFilters): TextSearch | undefined {
  const term = options.searchParam?.trim().toLowerCase() ?? '';
  if (term === '') return undefined;
  const numberLike = /^[\d\s()+\-.]+$/.test(term);
  if (options.searchNumbers !== false && numberLike && term.replace(/\D/g, '') !== '') return undefined;
  // E-mails are stored in lower case; a term written like a number or holding a space is part of no e-mail.
  return { term, emails: !numberLike && !/\s/.test(term), skipNumberNames: numberLike };
}

/** Digits from which a number search is selective enough to read its matches first. */
const SELECTIVE_DIGITS = 6;

/** The digits of a search term written like a number ('' otherwise). */
function numberDigits(searchParam: string | undefined): string {
  const term = searchParam?.trim() ?? '';
  return /^[\d\s()+\-.]+$/.test(term) ? term.replace(/\D/g, '') : '';
}

/** The digits as the start of the number (whole, without a 2-digit country code, without country and area code) or its end: btree ranges. */
function numberPart(eb: ExpressionBuilder<ReadDatabase, 'read.contacts'>, digits: string) {
  const starts = `${digits}%`;
  return eb.or([
    eb('number', 'like', starts),
    eb(sql`substr(number, 3)`, 'like', starts),
    eb(sql`substr(number, 5)`, 'like', starts),
    eb(sql`reverse(number)`, 'like', `${[...digits].reverse().join('')}%`),
  ]);
}

/** The list's search and filters on a query of read.contacts (the list and the export share them). */
function filtered<Q extends OpenQuery>(start: Q, options: ContactFilters): Q {
  let query = start;
  const term = options.searchParam?.trim().toLowerCase() ?? '';
  if (term !== '') {
    // A term written like a phone number ('11 98765', '+55 (11)') also searches numbers, by its digits.
    const numberLike = /^[\d\s()+\-.]+$/.test(term);
    const digits = options.searchNumbers !== false && numberLike ? term.replace(/\D/g, '') : '';
    const text = textSearch(options);
    query = query.where((eb) => {
      // Written like a number: the number's start (with or without country and area code) or its end. A
      // contact named by its number has that number, so names are not searched for digits.
      if (digits !== '') return numberPart(eb, digits);
      return containsText(eb, text!);
    }) as Q;
  }
  if (options.channel !== undefined) query = query.where('channel', '=', options.channel) as Q;
  if (options.isGroup !== undefined) query = query.where('is_group', '=', options.isGroup) as Q;
  return query;
}

/** GET /contacts/export: the next `limit` live contacts after `afterId`, in id order (keyset paging, so any size streams). */
export async function contactsAfter(
  db: Kysely<ReadDatabase>,
  companyId: number,
  afterId: number,
  limit: number,
  options: ContactFilters = {},
): Promise<ContactView[]> {
  const rows = await filtered(liveRows(db, 'read.contacts', companyId).where('id', '>', afterId), options)
    .selectAll()
    .orderBy('id')
    .limit(limit)
    .execute();
  const tags = await tagsOfContacts(
    db,
    rows.map((row) => row.id as number),
  );
  return rows.map((row) => contactFromRow(row, tags.get(row.id) ?? []));
}

/** GET /contacts/list: every live contact of the company, by name. */
export async function listContactSummaries(db: Kysely<ReadDatabase>, companyId: number): Promise<ContactSummary[]> {
  const rows = await liveRows(db, 'read.contacts', companyId)
    .select(['id', 'name', 'number', 'email', 'profile_pic_url', 'channel', 'is_group'])
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    number: row.number,
    email: row.email,
    profilePicUrl: row.profile_pic_url,
    channel: row.channel,
    isGroup: row.is_group,
  }));
}

/** The live tags of each contact, by name (a ticket's tags are its contact's). Contacts without tags are absent. */
export async function tagsOfContacts(db: Kysely<ReadDatabase>, contactIds: readonly number[]): Promise<Map<number, ContactTag[]>> {
  const byContact = new Map<number, ContactTag[]>();
  if (contactIds.length === 0) return byContact;
  const rows = await db
    .selectFrom('read.contact_tags as ct')
    .innerJoin('read.tags as tg', 'tg.id', 'ct.tag_id')
    .select(['ct.contact_id', 'tg.id', 'tg.name', 'tg.color'])
    .where('ct.contact_id', 'in', [...new Set(contactIds)])
    .where('tg.deleted', '=', false)
    .orderBy(sql`lower(tg.name)`)
    .orderBy('tg.id')
    .execute();
  for (const row of rows) {
    const list = byContact.get(row.contact_id) ?? [];
    list.push({ id: row.id, name: row.name, color: row.color });
    byContact.set(row.contact_id, list);
  }
  return byContact;
}

/** A contact's name alone (a push notification's title), deleted or not. */
export async function contactName(db: Kysely<ReadDatabase>, id: number): Promise<string | undefined> {
  const row = await db.selectFrom('read.contacts').select('name').where('id', '=', id).executeTakeFirst();
  return row?.name;
}
