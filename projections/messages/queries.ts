import {
  MESSAGES_COUNT_CAP,
  type MediaType,
  type MessageParticipant,
  type MessagesPage,
  type MessageView,
  type TicketImage,
  type TicketMediaLists,
  type TicketStatus,
  type QuotedMessageView,
  type TicketLink,
  type VisibleTicket,
} from '@conversa/contracts';
import { findTicketAccess } from '../tickets/queries';
import { sql, type Kysely, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { ReadDatabase } from '../database';
import { preparedRows } from '../prepared';
import type { MessagesTable } from './tables';
import { LINK_PATTERN } from './migration';
import type { OpenTables } from '../columns';

/** The message list loads 20 at a time. */
export const MESSAGES_PAGE_SIZE = 20;
/** The drawer's tabs show at most this many of each kind, newest first. */
export const MEDIA_TAB_LIMIT = 500;

const iso = (value: Date | string) => new Date(value).toISOString();

/** A message row with the columns of the message it quotes (null when it quotes none). */
type MessageRow = Selectable<MessagesTable> & {
  q_id: string | null;
  q_body: string | null;
  q_from_me: boolean | null;
  q_media_type: MediaType | null;
  q_media_url: string | null;
  q_is_deleted: boolean | null;
  q_participant: MessageParticipant | null;
};

function messageFromRow(row: MessageRow): MessageView {
  return {
    id: row.id,
    companyId: row.company_id,
    ticketId: row.ticket_id,
    contactId: row.contact_id,
    whatsappId: row.whatsapp_id,
    queueId: row.queue_id ?? null,
    fromMe: row.from_me,
    body: row.body,
    mediaType: row.media_type,
    mediaUrl: row.media_url,
    mediaName: row.media_name,
    mediaMime: row.media_mime,
    mediaSize: row.media_size === null ? null : Number(row.media_size),
    location: row.location,
    quotedMsgId: row.quoted_message_id,
    // A quote that joined has all its columns: none of them is nullable but the url and participant.
    quotedMsg: row.q_id
      ? ({
          id: row.q_id,
          body: row.q_body,
          fromMe: row.q_from_me,
          mediaType: row.q_media_type,
          mediaUrl: row.q_media_url,
          isDeleted: row.q_is_deleted,
          participant: row.q_participant,
        } as QuotedMessageView)
      : null,
    userId: row.user_id,
    isPrivate: row.is_private,
    isDeleted: row.is_deleted,
    deletedBy: row.deleted_by,
    contentErased: row.content_erased,
    contentExpired: row.content_expired,
    isEdited: row.is_edited,
    isForwarded: row.is_forwarded,
    ack: row.ack,
    read: row.read,
    providerId: row.provider_id,
    participant: row.participant,
    sendError: row.send_error,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** Messages with the one each quotes (same company only). */
function withQuoted(db: Kysely<ReadDatabase>) {
  return db
    .selectFrom('read.messages as m')
    .leftJoin('read.messages as q', (join) => join.onRef('q.id', '=', 'm.quoted_message_id').onRef('q.company_id', '=', 'm.company_id'))
    .selectAll('m')
    .select([
      'q.id as q_id',
      'q.body as q_body',
      'q.from_me as q_from_me',
      'q.media_type as q_media_type',
      'q.media_url as q_media_url',
      'q.is_deleted as q_is_deleted',
      'q.participant as q_participant',
    ]);
}

export async function findMessage(db: Kysely<ReadDatabase>, companyId: number, messageId: string): Promise<MessageView | undefined> {
  if (!isUuid(messageId)) return undefined;
  const row = await withQuoted(db).where('m.id', '=', messageId).where('m.company_id', '=', companyId).executeTakeFirst();
  return row ? messageFromRow(row) : undefined;
}

export async function findMessagesById(db: Kysely<ReadDatabase>, ids: readonly string[]): Promise<MessageView[]> {
  if (ids.length === 0) return [];
  const rows = await preparedRows(db, withQuoted(db).where(sql<boolean>`m.id = any(${[...ids]}::uuid[])`));
  return rows.map(messageFromRow);
}

/** Only the messages written in one of these queues, and those written with none (shown to everyone). */
const inQueues = (queueIds: readonly number[], column: string) =>
  queueIds.length === 0
    ? sql<boolean>`${sql.ref(column)} is null`
    : sql<boolean>`(${sql.ref(column)} is null or ${sql.ref(column)} = any(${[...queueIds]}::int[]))`;

export interface ListMessagesOptions {
  /** selectedQueues: keep messages of these queues and queueless ones. Undefined: every message of the ticket. */
  queueIds?: readonly number[];
  /** A page's `nextCursor`: the page of the messages older than where it ended (replaces the offset, and the count). */
  cursor?: string;
}

/** `<microseconds since epoch>.<message id>` of a page's oldest message, as `nextCursor` gives it (the contract checks its shape). */
function parseCursor(cursor: string): { atUs: string; id: string } {
  const dot = cursor.indexOf('.');
  return { atUs: cursor.slice(0, dot), id: cursor.slice(dot + 1) };
}

/**
 * GET /messages/:ticketId: page 1 holds the newest 20 messages, page 2 the 20 before them, and so
 * on; within a page they are in the order they were written (oldest first), ready to prepend.
 * With `queueIds`, pages, count and hasMore are of the filtered messages. With a cursor the page
 * starts right below the previous one on the ticket's index (no offset to skip) and carries no
 * count; either way one statement reads the page (and the count, when asked by pageNumber).
 */
export async function listMessages(
  db: Kysely<ReadDatabase>,
  companyId: number,
  ticketId: number,
  pageNumber: number,
  options: ListMessagesOptions = {},
): Promise<MessagesPage> {
  return (await readPage(db, companyId, ticketId, pageNumber, options, false)).page;
}

/** What visibility (canSeeTicket) reads of a ticket: findTicketAccess's answer. */
type TicketAccess = NonNullable<Awaited<ReturnType<typeof findTicketAccess>>>;

/**
 * GET /messages/:ticketId as the route needs it: the page and what visibility reads of its ticket
 * (undefined when the company has no such ticket), in one statement. The caller returns the page
 * only once the ticket's check passes.
 */
export async function listMessagesOfTicket(
  db: Kysely<ReadDatabase>,
  companyId: number,
  ticketId: number,
  pageNumber: number,
  options: ListMessagesOptions = {},
): Promise<{ page: MessagesPage; ticket: TicketAccess | undefined }> {
  const read = await readPage(db, companyId, ticketId, pageNumber, options, true);
  // No row to carry it (past the last page, or a ticket without messages): asked alone.
  return { page: read.page, ticket: read.ticket === null ? await findTicketAccess(db, companyId, ticketId) : read.ticket };
}

async function readPage(
  db: Kysely<ReadDatabase>,
  companyId: number,
  ticketId: number,
  pageNumber: number,
  options: ListMessagesOptions,
  withTicket: boolean,
): Promise<{ page: MessagesPage; ticket: TicketAccess | undefined | null }> {
  const after = options.cursor === undefined ? undefined : parseCursor(options.cursor);
  const offset = after ? 0 : (pageNumber - 1) * MESSAGES_PAGE_SIZE;
  const { queueIds } = options;
  const shown = (column: string) => (queueIds === undefined ? sql<boolean>`true` : inQueues(queueIds, column));
  const counted = <O>(qb: SelectQueryBuilder<OpenTables, OpenTables, O>, alias: string) =>
    qb
      .where(`${alias}.company_id`, '=', companyId)
      .where(`${alias}.ticket_id`, '=', ticketId)
      .where(shown(`${alias}.queue_id`));
  // Bounded: a group's years of messages are not walked each time it is opened (MESSAGES_COUNT_CAP: that many or more).
  const countQuery = () =>
    db
      .selectFrom(
        counted(db.selectFrom('read.messages as c'), 'c')
          .select(sql`1`.as('one'))
          .limit(MESSAGES_COUNT_CAP)
          .as('capped'),
      )
      .select(sql<string>`count(*)`.as('n'));
  const countOf = async () => ({ count: (await countQuery().executeTakeFirstOrThrow()).n });
  let page = counted(withQuoted(db), 'm')
    // Microseconds, the precision Postgres orders by (a Date keeps milliseconds), for the cursor.
    .select(sql<string>`(extract(epoch from m.created_at) * 1000000)::bigint::text`.as('at_us'));
  if (after) {
    page = page.where(sql<boolean>`(m.created_at, m.id) < (timestamptz 'epoch' + ${after.atUs}::bigint * interval '1 microsecond', ${after.id}::uuid)`);
  } else {
    // The count rides along with the page, computed once for the statement; an empty page (past the end) counts alone.
    page = page.select(sql<string>`(${countQuery()})`.as('total_count'));
  }
  if (withTicket) {
    // Computed once for the statement, like the count.
    page = page.select(
      sql<TicketAccessRow | null>`(select jsonb_build_object('status', t.status, 'user_id', t.user_id, 'queue_id', t.queue_id, 'is_group', t.is_group)
        from read.tickets t where t.id = ${ticketId} and t.company_id = ${companyId} and not t.deleted)`.as('ticket_access'),
    );
  }
  // One row past the page says whether there is more, without counting.
  // One ticket's index walk whatever the values: prepared, planned once per connection.
  const rows: Array<MessageRow & { at_us: string; total_count?: string; ticket_access?: TicketAccessRow | null }> = await preparedRows(
    db,
    page
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id', 'desc')
      .limit(MESSAGES_PAGE_SIZE + 1)
      .offset(offset),
  );
  const hasMore = rows.length > MESSAGES_PAGE_SIZE;
  const kept = hasMore ? rows.slice(0, MESSAGES_PAGE_SIZE) : rows;
  const oldest = kept.at(-1);
  const messages = kept.map(messageFromRow).reverse();
  const next = hasMore && oldest ? { nextCursor: `${oldest.at_us}.${oldest.id}` } : {};
  const first = rows[0];
  const access = first?.ticket_access;
  // null: no row carried the ticket (the caller asks for it alone); undefined: the company has no such ticket.
  const ticket =
    !first || !withTicket
      ? null
      : access
        ? { id: ticketId, status: access.status, userId: access.user_id, queueId: access.queue_id, isGroup: access.is_group }
        : undefined;
  if (after) return { page: { messages, hasMore, ...next }, ticket };
  const count = Number(first ? first.total_count : (await countOf()).count);
  return { page: { messages, count, hasMore, ...next }, ticket };
}

interface TicketAccessRow {
  status: TicketStatus;
  user_id: number | null;
  queue_id: number | null;
  is_group: boolean;
}

/**
 * GET /messages/listimages/:ticketId: the ticket's pictures in the order they were sent, each with
 * the page of GET /messages that holds it (so the gallery can jump to the message).
 */
export async function listImages(db: Kysely<ReadDatabase>, companyId: number, ticketId: number): Promise<Array<TicketImage & { id: string }>> {
  const { rows } = await sql<{ id: string; media_url: string; body: string; position: string }>`
    select id, media_url, body, position from (
      select id, media_url, body, media_type, is_deleted, created_at,
             row_number() over (order by created_at desc, id desc) as position
      from read.messages
      where company_id = ${companyId} and ticket_id = ${ticketId}
    ) ranked
    where media_type = 'image' and media_url is not null and not is_deleted
    order by created_at asc, id asc
    limit ${MEDIA_TAB_LIMIT}`.execute(db);
  return rows.map((row) => ({
    id: row.id,
    mediaUrl: row.media_url,
    pageNumber: Math.floor((Number(row.position) - 1) / MESSAGES_PAGE_SIZE) + 1,
    body: row.body,
  }));
}

const URL_IN_TEXT = /https?:\/\/[^\s<>"']+/gi;

/**
 * GET /messages/getmedia/:ticketId, the contact drawer's tabs: Mídia (pictures, videos, stickers),
 * Documentos (documents and audio files), Links (each url written in a message) and Ligações (calls),
 * newest first, deleted messages left out.
 */
export async function ticketMedia(db: Kysely<ReadDatabase>, companyId: number, ticketId: number): Promise<TicketMediaLists> {
  const byTypes = async (types: MediaType[]) =>
    (
      await withQuoted(db)
        .where('m.company_id', '=', companyId)
        .where('m.ticket_id', '=', ticketId)
        .where('m.media_type', 'in', types)
        .where('m.media_type', '<>', 'chat')
        .where('m.is_deleted', '=', false)
        .orderBy('m.created_at', 'desc')
        .orderBy('m.id', 'desc')
        .limit(MEDIA_TAB_LIMIT)
        .execute()
    ).map(messageFromRow);
  const linkRows = await db
    .selectFrom('read.messages')
    .select(['id', 'body', 'from_me', 'created_at'])
    .where('company_id', '=', companyId)
    .where('ticket_id', '=', ticketId)
    .where(sql<boolean>`body ~* ${sql.lit(LINK_PATTERN)}`)
    .where('is_deleted', '=', false)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(MEDIA_TAB_LIMIT)
    .execute();
  const links: TicketLink[] = linkRows.flatMap((row) =>
    [...new Set(row.body.match(URL_IN_TEXT) ?? [])].map((url) => ({ messageId: row.id, url, fromMe: row.from_me, createdAt: iso(row.created_at) })),
  );
  return {
    media: await byTypes(['image', 'video', 'sticker']),
    documents: await byTypes(['application', 'audio']),
    links,
    calls: await byTypes(['call_log']),
  };
}

/** The message a provider id names on a connection (to link a contact's reply to one of ours). */
export async function messageIdByProviderId(
  db: Kysely<ReadDatabase>,
  companyId: number,
  whatsappId: number | null,
  providerId: string,
): Promise<string | undefined> {
  let query = db.selectFrom('read.messages').select('id').where('company_id', '=', companyId).where('provider_id', '=', providerId);
  query = whatsappId === null ? query.where('whatsapp_id', 'is', null) : query.where('whatsapp_id', '=', whatsappId);
  const row = await query.executeTakeFirst();
  return row?.id;
}

const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/**
 * The tickets whose messages show a stored file (a forward shows the same file in a second ticket):
 * GET /media lets a user open it when they may see one of them.
 */
export async function ticketsShowingMedia(db: Kysely<ReadDatabase>, companyId: number, url: string): Promise<VisibleTicket[]> {
  const rows = await db
    .selectFrom('read.messages as m')
    .innerJoin('read.tickets as t', (join) => join.onRef('t.id', '=', 'm.ticket_id').onRef('t.company_id', '=', 'm.company_id'))
    .select(['t.status', 't.user_id', 't.queue_id', 't.is_group'])
    .where('m.company_id', '=', companyId)
    .where('m.media_url', '=', url)
    .distinct()
    .execute();
  return rows.map((row) => ({ status: row.status, userId: row.user_id, queueId: row.queue_id, isGroup: row.is_group }));
}

/** When the contact last wrote in the ticket (the Cloud API's 24-hour reply window counts from it); null when never. */
export async function lastInboundAt(db: Kysely<ReadDatabase>, companyId: number, ticketId: number): Promise<Date | null> {
  const row = await db
    .selectFrom('read.messages')
    .select('created_at')
    .where('company_id', '=', companyId)
    .where('ticket_id', '=', ticketId)
    .where('from_me', '=', false)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? new Date(row.created_at) : null;
}

/**
 * The ticket's last `limit` messages as a conversation, oldest first (what an AI prompt reads):
 * private notes, deleted and erased messages left out.
 */
export async function conversationTail(
  db: Kysely<ReadDatabase>,
  companyId: number,
  ticketId: number,
  limit: number,
): Promise<Array<{ fromMe: boolean; body: string; mediaType: string }>> {
  const rows = await db
    .selectFrom('read.messages')
    .select(['from_me', 'body', 'media_type'])
    .where('company_id', '=', companyId)
    .where('ticket_id', '=', ticketId)
    .where('is_private', '=', false)
    .where('is_deleted', '=', false)
    .where('content_erased', '=', false)
    .where('content_expired', '=', false)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse().map((row) => ({ fromMe: row.from_me, body: row.body, mediaType: row.media_type }));
}
