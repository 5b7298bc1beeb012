import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { OpenTables } from '../columns';
import type { ReadDatabase } from '../database';

/**
 * LGPD access (art. 18 II): everything the read models hold about one contact, kind by kind, in pages,
 * so an export streams whatever its size. The one reader that spans areas: each kind is the table of
 * its own area that names the contact (tickets, messages, notes, tags, ratings, campaign sends,
 * scheduled messages), read by the contact's id (or, for campaign sends, its number).
 */
export const CONTACT_DATA_KINDS = ['tickets', 'messages', 'notes', 'tags', 'ratings', 'campaignSends', 'schedules'] as const;
export type ContactDataKind = (typeof CONTACT_DATA_KINDS)[number];
export type ExportRow = Record<string, unknown>;

const PAGE = 500;

/** Plain values for JSON and cells: instants as ISO strings, bigints as numbers. */
function plain(row: Record<string, unknown>): ExportRow {
  const out: ExportRow = {};
  for (const [key, value] of Object.entries(row)) out[key] = value instanceof Date ? value.toISOString() : typeof value === 'bigint' ? Number(value) : value;
  return out;
}

/** The contact's profile (extraInfo included), or undefined when the company has no such contact. */
export async function contactProfile(
  db: Kysely<ReadDatabase>,
  companyId: number,
  contactId: number,
): Promise<(ExportRow & { id: number; number: string }) | undefined> {
  const row = await db
    .selectFrom('read.contacts')
    .select([
      'id',
      'name',
      'number',
      'email',
      'profile_pic_url',
      'active',
      'disable_bot',
      'accept_audio_message',
      'channel',
      'is_group',
      'extra_info',
      'lgpd_accepted_at',
      'created_at',
      'updated_at',
    ])
    .where('company_id', '=', companyId)
    .where('id', '=', contactId)
    .where('deleted', '=', false)
    .executeTakeFirst();
  return row ? (plain(row) as ExportRow & { id: number; number: string }) : undefined;
}

/** The tables that name a contact by `contact_id`, beside its company's. */
type ContactTable = { [T in keyof ReadDatabase]: ReadDatabase[T] extends { company_id: number; contact_id: number } ? T : never }[keyof ReadDatabase];

/** The contact's rows of such a table (the table is named at the call, where Kysely checks its columns). */
const rowsOfContact = <T extends ContactTable>(db: Kysely<ReadDatabase>, table: T, companyId: number, contactId: number) =>
  (db as unknown as Kysely<OpenTables>)
    .selectFrom(table as string)
    .where('company_id', '=', companyId)
    .where('contact_id', '=', contactId) as unknown as SelectQueryBuilder<ReadDatabase, T, object>;

/** A kind read along a key, PAGE rows a statement: `page(after)` reads the rows after the key, the last row read gives the next. */
async function* keyset<R extends Record<string, unknown>, K>(first: K, page: (after: K) => Promise<R[]>, keyOf: (row: R) => K): AsyncGenerator<ExportRow[]> {
  for (let after = first; ;) {
    const rows = await page(after);
    if (rows.length > 0) yield rows.map(plain);
    if (rows.length < PAGE) return;
    after = keyOf(rows.at(-1)!);
  }
}

/** A kind small enough for one statement (a contact's notes, tags, ratings …). */
async function* whole(query: { execute(): Promise<Record<string, unknown>[]> }): AsyncGenerator<ExportRow[]> {
  yield (await query.execute()).map(plain);
}

/** One kind of the contact's data, page by page (keyset: a page is one short statement). */
export async function* contactData(
  db: Kysely<ReadDatabase>,
  companyId: number,
  contact: { id: number; number: string },
  kind: ContactDataKind,
): AsyncGenerator<ExportRow[]> {
  const ofContact = <T extends ContactTable>(table: T) => rowsOfContact(db, table, companyId, contact.id);
  switch (kind) {
    case 'tickets':
      return yield* keyset(
        0,
        (after) =>
          ofContact('read.tickets')
            .select([
              'id',
              'uuid',
              'status',
              'queue_id',
              'user_id',
              'whatsapp_id',
              'channel',
              'is_group',
              'last_message',
              'created_at',
              'updated_at',
              'closed_at',
              'deleted',
            ])
            .where('id', '>', after)
            .orderBy('id')
            .limit(PAGE)
            .execute(),
        (last) => last.id,
      );
    case 'messages':
      // Ticket by ticket, along the messages_ticket index: the contact's messages are its tickets' messages.
      for (const { id: ticketId } of await ofContact('read.tickets').select('id').orderBy('id').execute()) {
        yield* keyset(
          null as { at: Date; id: string } | null,
          (after) => {
            let page = db
              .selectFrom('read.messages')
              .select([
                'id',
                'ticket_id',
                'from_me',
                'body',
                'media_type',
                'media_url',
                'media_name',
                'media_mime',
                'media_size',
                'location',
                'quoted_message_id',
                'user_id',
                'is_private',
                'is_deleted',
                'deleted_by',
                'is_edited',
                'is_forwarded',
                'content_erased',
                'content_expired',
                'ack',
                'read',
                'participant',
                'send_error',
                'created_at',
                'updated_at',
              ])
              .where('company_id', '=', companyId)
              .where('ticket_id', '=', ticketId);
            if (after) page = page.where(sql<boolean>`(created_at, id) > (${after.at}, ${after.id}::uuid)`);
            return page.orderBy('created_at').orderBy('id').limit(PAGE).execute();
          },
          (last) => ({ at: new Date(last.created_at), id: last.id }),
        );
      }
      return;
    case 'notes':
      return yield* whole(ofContact('read.ticket_notes').select(['id', 'ticket_id', 'user_id', 'note', 'created_at', 'updated_at']).orderBy('id'));
    case 'tags':
      return yield* whole(
        db
          .selectFrom('read.contact_tags as ct')
          .innerJoin('read.tags as t', 't.id', 'ct.tag_id')
          .select(['t.id', 't.name', 't.color'])
          .where('ct.company_id', '=', companyId)
          .where('ct.contact_id', '=', contact.id)
          .orderBy('t.id'),
      );
    case 'ratings':
      return yield* whole(
        ofContact('read.dashboard_tickets')
          .select(['id as ticket_id', 'rating', 'closed_at', 'user_id', 'queue_id'])
          .where('rating', 'is not', null)
          .orderBy('id'),
      );
    case 'campaignSends':
      return yield* whole(
        db
          .selectFrom('read.campaign_shippings as s')
          .innerJoin('read.campaigns as c', 'c.id', 's.campaign_id')
          .select([
            's.campaign_id',
            'c.name as campaign',
            's.name',
            's.number',
            's.status',
            's.message_id',
            's.delivered_at',
            's.confirmation_requested_at',
            's.confirmed_at',
            's.failed_reason',
          ])
          .where('s.company_id', '=', companyId)
          .where('s.number', '=', contact.number)
          .orderBy('s.campaign_id'),
      );
    case 'schedules':
      return yield* whole(
        ofContact('read.schedules')
          .select(['id', 'ticket_id', 'user_id', 'body', 'send_at', 'sent_at', 'status', 'failure_reason', 'created_at', 'updated_at'])
          .orderBy('id'),
      );
  }
}
