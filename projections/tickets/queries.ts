import { canSeeTicket, seesAllTickets, TICKETS_COUNT_CAP, type Channel, type ConnectionDetails, type Profile, type TicketStatus, type TicketViewer, type TicketLogEntry, type TicketPage, type TicketView } from '@conversa/contracts';
import type { ReadDatabase } from '../database';
import { preparedRows } from '../prepared';
import type { TicketsTable } from './tables';
import { NUMBER_LIKE_NAME } from '../contacts/queries';
import { queueSummaries } from '../queues/queries';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type Selectable, type SqlBool } from 'kysely';

export { canSeeTicket, type TicketViewer };

export const viewerOf = (principal: { userId: number; profile: Profile; super: boolean; user: { queueIds: number[]; allTicket: 'enable' | 'disable'; allowGroup: boolean } }): TicketViewer => ({
  userId: principal.userId,
  profile: principal.profile,
  super: principal.super,
  queueIds: principal.user.queueIds,
  allTicket: principal.user.allTicket,
  allowGroup: principal.user.allowGroup,
});

/** The same rule as SQL over a table with status, user_id, queue_id and is_group (tickets or ticket_counts). */
export function visibleTo(eb: ExpressionBuilder<any, any>, viewer: TicketViewer, showAll: boolean): Expression<SqlBool> {
  if (showAll && seesAllTickets(viewer)) return sql<SqlBool>`true`;
  const myQueues = viewer.queueIds.length > 0 ? eb('queue_id', 'in', viewer.queueIds) : sql<SqlBool>`false`;
  const queueOk = viewer.allTicket === 'enable' ? eb.or([eb('queue_id', 'is', null), myQueues]) : myQueues;
  const branches: Expression<SqlBool>[] = [eb('user_id', '=', viewer.userId), eb.and([eb('status', '=', 'pending'), queueOk])];
  if (viewer.allowGroup) branches.push(eb.and([eb('status', '=', 'group'), eb('is_group', '=', true), eb.or([eb('queue_id', 'is', null), myQueues])]));
  return eb.or(branches);
}

export interface TicketListFilter {
  searchParam?: string;
  pageNumber: number;
  /** Where the previous page ended (its `nextCursor`): the page after it costs what the first does. */
  cursor?: string;
  status?: TicketStatus;
  /** Any of these statuses (the search tab's status filter); with `status`, both apply. */
  statuses?: TicketStatus[];
  queueIds?: number[];
  tags?: number[];
  users?: number[];
  whatsappIds?: number[];
  /** Created on this day (YYYY-MM-DD). */
  date?: string;
  /** Last activity on this day (YYYY-MM-DD). */
  updatedAt?: string;
  withUnreadMessages?: boolean;
  /** One contact's tickets only. */
  contactId?: number;
  showAll: boolean;
  /** False for a viewer shown numbers masked (LGPD hide-number): digits would let them probe a number. */
  searchNumbers?: boolean;
}

export const TICKETS_PAGE_SIZE = 40;

/**
 * GET /tickets: one page of a company's tickets, newest activity first, with the count of all
 * that match. Counts come from read.ticket_counts unless a filter reaches beyond its key
 * (search, tags, dates, unread), where the filtered rows are counted.
 */
export async function listTickets(db: Kysely<ReadDatabase>, companyId: number, viewer: TicketViewer, filter: TicketListFilter): Promise<TicketPage> {
  const search = filter.searchParam?.trim().toLowerCase() ?? '';
  const structural = (qb: any, queueIds = filter.queueIds) => {
    let query = qb.where('company_id', '=', companyId).where((eb: ExpressionBuilder<any, any>) => visibleTo(eb, viewer, filter.showAll));
    if (filter.status) query = query.where('status', '=', filter.status);
    if (filter.statuses?.length) query = query.where('status', 'in', filter.statuses);
    if (queueIds?.length) query = query.where('queue_id', 'in', queueIds);
    if (filter.users?.length) query = query.where('user_id', 'in', filter.users);
    if (filter.whatsappIds?.length) query = query.where('whatsapp_id', 'in', filter.whatsappIds);
    if (filter.contactId !== undefined) query = query.where('contact_id', '=', filter.contactId);
    return query;
  };
  const detailed = search !== '' || filter.contactId !== undefined || Boolean(filter.tags?.length) || Boolean(filter.date) || Boolean(filter.updatedAt) || Boolean(filter.withUnreadMessages);

  const matching = (queueIds = filter.queueIds) => {
    let rows = structural(db.selectFrom('read.tickets as t').selectAll('t'), queueIds).where('t.deleted', '=', false);
    if (filter.withUnreadMessages) rows = rows.where('t.unread_messages', '>', 0);
    if (filter.date) rows = rows.where(sql`(t.created_at at time zone 'UTC')::date`, '=', filter.date);
    if (filter.updatedAt) rows = rows.where(sql`(t.updated_at at time zone 'UTC')::date`, '=', filter.updatedAt);
    if (filter.tags?.length) {
      rows = rows.where((eb: ExpressionBuilder<any, any>) =>
        eb.exists(eb.selectFrom('read.contact_tags as ct').select(sql`1`.as('one')).whereRef('ct.contact_id', '=', 't.contact_id').where('ct.tag_id', 'in', filter.tags!)),
      );
    }
    if (search !== '') {
      const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const digits = filter.searchNumbers === false ? '' : search.replace(/\D/g, '');
      rows = rows.where((eb: ExpressionBuilder<any, any>) =>
        eb.or([
          eb('t.contact_id', 'in', (sub: any) =>
            sub
              .selectFrom('read.contacts')
              .select('id')
              .where('company_id', '=', companyId)
              .where((c: ExpressionBuilder<any, any>) =>
                c.or([
                  // A masked viewer may not probe digits through a contact named by its number either.
                  filter.searchNumbers === false ? c.and([c(sql`lower(name)`, 'like', pattern), c('name', '!~', NUMBER_LIKE_NAME)]) : c(sql`lower(name)`, 'like', pattern),
                  ...(digits.length >= 3 ? [c('number', 'like', `%${digits}%`)] : []),
                ]),
              ),
          ),
          eb.exists(
            eb
              .selectFrom('read.messages as m')
              .select(sql`1`.as('one'))
              .whereRef('m.ticket_id', '=', 't.id')
              .where('m.company_id', '=', companyId)
              .where(sql`lower(m.body)`, 'like', pattern),
          ),
        ]),
      );
    }
    return rows;
  };
  const rows = matching();

  const after = filter.cursor ? parseCursor(filter.cursor) : undefined;
  // A cursor replaces the offset: the walk starts where the previous page ended instead of skipping its rows.
  const offset = after ? 0 : (filter.pageNumber - 1) * TICKETS_PAGE_SIZE;
  const listOrder = (query: any) => (after ? query.where(sql<SqlBool>`(t.updated_at, t.id) < (timestamptz 'epoch' + ${after.atUs}::bigint * interval '1 microsecond', ${after.id}::int)`) : query);
  // Ids first, then their rows: deep pages skip thousands of entries of the list index without
  // visiting the table (an index-only scan where the filter allows), and only one page is read in full.
  const inListOrder = (query: any) => listOrder(query).clearSelect().select('t.id').orderBy('t.updated_at', 'desc').orderBy('t.id', 'desc');
  const queues = filter.queueIds ?? [];
  const pageRows = async (): Promise<ListedRow[]> => {
    if (queues.length > 1) {
      // No index gives several queues' tickets in list order, and the planner then walks the whole
      // tab filtering by queue; one ordered walk per queue, merged here, stays on the queue index.
      // Microseconds as text, the precision Postgres orders by (a Date keeps milliseconds); computed
      // per row read, so only here, where the rows read are the rows kept.
      const withTime = (query: any) => inListOrder(query).select(sql<string>`(extract(epoch from t.updated_at) * 1000000)::bigint::text`.as('at_us'));
      const perQueue = await Promise.all(queues.map((queueId) => withTime(matching([queueId])).limit(offset + TICKETS_PAGE_SIZE + 1).execute()));
      const newestFirst = (a: { id: number; at_us: string }, b: { id: number; at_us: string }) => {
        const at = BigInt(b.at_us) - BigInt(a.at_us);
        return at !== 0n ? (at > 0n ? 1 : -1) : b.id - a.id;
      };
      const pageIds = (perQueue.flat() as { id: number; at_us: string }[])
        .sort(newestFirst)
        .slice(offset, offset + TICKETS_PAGE_SIZE + 1)
        .map((row) => row.id);
      if (pageIds.length === 0) return [];
      const found: ListedRow[] = await withRelations(withListTime(db.selectFrom('read.tickets as p').selectAll('p')), 'p').where('p.id', 'in', pageIds).execute();
      const byId = new Map(found.map((row) => [row.id, row]));
      return pageIds.map((id) => byId.get(id)).filter((row) => row !== undefined);
    }
    // The page's ids come from the list index alone; only the rows of that page are read in full.
    // Not prepared (projections/prepared.ts): its best plan depends on the company and tab.
    let page = withRelations(withListTime(db.selectFrom('read.tickets as p').selectAll('p')), 'p')
      .where('p.id', 'in', inListOrder(rows).limit(TICKETS_PAGE_SIZE + 1).offset(offset))
      .orderBy('p.updated_at', 'desc')
      .orderBy('p.id', 'desc');
    // The count rides along in the same statement (computed once for it): one round trip per page.
    if (counted) page = page.select(sql<string>`(${countQuery()})`.as('total_count'));
    return page.execute();
  };
  // Pages reached by cursor (the infinite scroll) carry no count: the first page gave it, and live frames keep it.
  const counted = !after;
  const countQuery = () =>
    !detailed
      ? structural(db.selectFrom('read.ticket_counts')).select(sql<string>`coalesce(sum(tickets), 0)`.as('n'))
      : // Bounded: the filtered rows are walked, at most TICKETS_COUNT_CAP of them.
        db.selectFrom(rows.clearSelect().select(sql`1`.as('one')).limit(TICKETS_COUNT_CAP).as('capped')).select(sql<string>`count(*)`.as('n'));
  const countTickets = async (page: ListedRow[]): Promise<number | undefined> => {
    if (!counted) return undefined;
    if (page.length > 0 && page[0]!.total_count !== undefined) return Number(page[0]!.total_count);
    const row = await countQuery().executeTakeFirst();
    return Number(row?.n ?? 0);
  };
  const page = await pageRows();
  const count = await countTickets(page);
  const hasMore = page.length > TICKETS_PAGE_SIZE;
  const kept = page.slice(0, TICKETS_PAGE_SIZE);
  const last = kept.at(-1);
  return { tickets: kept.map(viewOf), ...(count === undefined ? {} : { count }), hasMore, ...(hasMore && last ? { nextCursor: `${last.list_at_us}.${last.id}` } : {}) };
}

/** A page row with its list time in microseconds, the precision Postgres orders by (a Date keeps milliseconds). */
type ListedRow = TicketRow & { list_at_us: string; total_count?: string };
const withListTime = (query: any) => query.select(sql<string>`(extract(epoch from p.updated_at) * 1000000)::bigint::text`.as('list_at_us'));

/** `<microseconds since epoch>.<ticket id>`, as `nextCursor` gives it (the contract checks its shape). */
function parseCursor(cursor: string): { atUs: string; id: number } {
  const [atUs, id] = cursor.split('.');
  return { atUs: atUs!, id: Number(id) };
}

/** What visibility (canSeeTicket) reads of a ticket, without its contact, tags and names. */
export async function findTicketAccess(
  db: Kysely<ReadDatabase>,
  companyId: number,
  ticketId: number,
): Promise<{ id: number; status: TicketStatus; userId: number | null; queueId: number | null; isGroup: boolean } | undefined> {
  const row = await db
    .selectFrom('read.tickets')
    .select(['id', 'status', 'user_id', 'queue_id', 'is_group'])
    .where('id', '=', ticketId)
    .where('company_id', '=', companyId)
    .where('deleted', '=', false)
    .executeTakeFirst();
  return row ? { id: row.id, status: row.status, userId: row.user_id, queueId: row.queue_id, isGroup: row.is_group } : undefined;
}

export async function findTicket(db: Kysely<ReadDatabase>, companyId: number, ticketId: number): Promise<TicketView | undefined> {
  const row = await withRelations(db.selectFrom('read.tickets as t').selectAll('t'), 't')
    .where('t.id', '=', ticketId)
    .where('t.company_id', '=', companyId)
    .where('t.deleted', '=', false)
    .executeTakeFirst();
  return row ? viewOf(row) : undefined;
}

export async function findTicketByUuid(db: Kysely<ReadDatabase>, companyId: number, uuid: string): Promise<TicketView | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(uuid)) return undefined;
  const row = await withRelations(db.selectFrom('read.tickets as t').selectAll('t'), 't')
    .where('t.uuid', '=', uuid)
    .where('t.company_id', '=', companyId)
    .where('t.deleted', '=', false)
    .executeTakeFirst();
  return row ? viewOf(row) : undefined;
}

/** Tickets by id in any company (the projector's frames); deleted ones are left out. */
export async function findTicketsById(db: Kysely<ReadDatabase>, ids: readonly number[]): Promise<TicketView[]> {
  if (ids.length === 0) return [];
  // One array parameter: the same text for any number of ids, prepared (a key lookup).
  const rows: TicketRow[] = await preparedRows(db, withRelations(db.selectFrom('read.tickets as t').selectAll('t'), 't').where(sql<SqlBool>`t.id = any(${[...ids]}::int[])`));
  return rows.map(viewOf);
}

/**
 * The views of the rows a write statement returns (`update … returning t.*`), read in that same
 * statement: a projector builds its frames without another round trip.
 */
export async function ticketViewsReturnedBy(db: Kysely<ReadDatabase>, write: Expression<any>, options: { prepared?: boolean } = {}): Promise<TicketView[]> {
  const query = withRelations(db.with('written', () => sql`(${write})`).selectFrom('written as t').selectAll('t'), 't');
  // prepared: a write whose text does not vary with its values (arrays, not value lists) and whose plan is a key lookup.
  const rows: TicketRow[] = options.prepared ? await preparedRows(db, query) : await query.execute();
  return rows.map(viewOf);
}

/** Which message each ticket shows as its last message (by message id; tickets without one are left out). */
export async function lastMessageIdsOf(db: Kysely<ReadDatabase>, ticketIds: readonly number[]): Promise<Map<number, string>> {
  if (ticketIds.length === 0) return new Map();
  const rows = await db.selectFrom('read.tickets').select(['id', 'last_message_id']).where('id', 'in', ticketIds).where('last_message_id', 'is not', null).execute();
  return new Map(rows.map((row) => [row.id, row.last_message_id as string]));
}

/** Ids of a company's not-closed tickets in a status and queues (close-all). */
export async function ticketIdsFor(db: Kysely<ReadDatabase>, companyId: number, viewer: TicketViewer, status: TicketStatus, queueIds: number[]): Promise<number[]> {
  let query = db
    .selectFrom('read.tickets')
    .select('id')
    .where('company_id', '=', companyId)
    .where('deleted', '=', false)
    .where('status', '=', status)
    .where((eb) => visibleTo(eb, viewer, true));
  if (queueIds.length > 0) query = query.where('queue_id', 'in', queueIds);
  return (await query.execute()).map((row) => row.id);
}

/**
 * What a ticket's view shows of its contact, user, queue, connection and tags, read in the same
 * statement as the ticket rows (one round trip for a page, a ticket or a projector's frames).
 */
/** What withRelations adds to a ticket row: jsonb objects with the keys its subqueries build. */
interface TicketRelations {
  related_contact: {
    id: number;
    name: string;
    number: string;
    email: string;
    profile_pic_url: string | null;
    channel: Channel;
    is_group: boolean;
    active: boolean;
    disable_bot: boolean;
    accept_audio_message: boolean;
  } | null;
  related_user: { id: number; name: string } | null;
  related_queue: { id: number; name: string; color: string } | null;
  related_connection: { id: number; name: string; group_as_ticket: ConnectionDetails['groupAsTicket']; wavoip: string } | null;
  related_tags: { id: number; name: string; color: string }[];
}

type TicketRow = Selectable<TicketsTable> & TicketRelations;

// The query is any builder over a ticket row under `alias` (a table or a CTE of written rows).
function withRelations(query: any, alias: string) {
  const t = (column: string) => sql.ref(`${alias}.${column}`);
  return query.select([
    sql<TicketRelations['related_contact']>`(select jsonb_build_object('id', c.id, 'name', c.name, 'number', c.number, 'email', c.email, 'profile_pic_url', c.profile_pic_url, 'channel', c.channel,
        'is_group', c.is_group, 'active', c.active, 'disable_bot', c.disable_bot, 'accept_audio_message', c.accept_audio_message)
      from read.contacts c where c.id = ${t('contact_id')})`.as('related_contact'),
    sql<TicketRelations['related_user']>`(select jsonb_build_object('id', u.id, 'name', u.name) from read.users u where u.id = ${t('user_id')})`.as('related_user'),
    sql<TicketRelations['related_queue']>`(select jsonb_build_object('id', q.id, 'name', q.name, 'color', q.color) from read.queues q where q.id = ${t('queue_id')} and q.company_id = ${t('company_id')})`.as('related_queue'),
    sql<TicketRelations['related_connection']>`(select jsonb_build_object('id', w.id, 'name', w.name, 'group_as_ticket', w.group_as_ticket, 'wavoip', w.wavoip) from read.connections w where w.id = ${t('whatsapp_id')})`.as('related_connection'),
    sql<TicketRelations['related_tags']>`coalesce((select jsonb_agg(jsonb_build_object('id', tg.id, 'name', tg.name, 'color', tg.color) order by lower(tg.name), tg.id)
      from read.contact_tags ct join read.tags tg on tg.id = ct.tag_id where ct.contact_id = ${t('contact_id')} and not tg.deleted), '[]'::jsonb)`.as('related_tags'),
  ]);
}

function viewOf(row: TicketRow): TicketView {
  const contact = row.related_contact;
  const user = row.related_user;
  const queue = row.related_queue;
  const connection = row.related_connection;
  return {
    id: row.id,
    uuid: row.uuid,
    status: row.status,
    companyId: row.company_id,
    queueId: row.queue_id,
    queue: queue ? { id: queue.id, name: queue.name, color: queue.color } : null,
    userId: row.user_id,
    user: user ? { id: user.id, name: user.name } : null,
    contactId: row.contact_id,
    contact: contact
      ? {
          id: contact.id,
          name: contact.name,
          number: contact.number,
          email: contact.email,
          profilePicUrl: contact.profile_pic_url,
          urlPicture: contact.profile_pic_url,
          channel: contact.channel,
          isGroup: contact.is_group,
          active: contact.active,
          disableBot: contact.disable_bot,
          acceptAudioMessage: contact.accept_audio_message,
        }
      : null,
    tags: row.related_tags,
    whatsappId: row.whatsapp_id,
    whatsapp: connection ? { id: connection.id, name: connection.name, groupAsTicket: connection.group_as_ticket === 'enabled', wavoip: connection.wavoip } : null,
    channel: row.channel,
    isGroup: row.is_group,
    isBot: row.is_bot,
    unreadMessages: row.unread_messages,
    lastMessage: row.last_message,
    useIntegration: row.use_integration,
    promptId: row.prompt_id,
    amountUsedBotQueues: row.amount_used_bot_queues,
    userRating: row.user_rating ?? null,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export async function ticketLog(db: Kysely<ReadDatabase>, companyId: number, ticketId: number): Promise<TicketLogEntry[]> {
  const rows = await db
    .selectFrom('read.ticket_log as l')
    .leftJoin('read.users as u', 'u.id', 'l.user_id')
    .select(['l.id', 'l.type', 'l.created_at', 'l.user_id', 'u.name as user_name', 'l.queue_id'])
    .where('l.company_id', '=', companyId)
    .where('l.ticket_id', '=', ticketId)
    .orderBy('l.created_at')
    .orderBy('l.id')
    .execute();
  const queues = await queueSummaries(db, companyId, rows.map((row) => row.queue_id).filter((id): id is number => id !== null));
  return rows.map((row) => ({
    id: Number(row.id),
    type: row.type,
    createdAt: new Date(row.created_at).toISOString(),
    user: row.user_id === null ? null : { id: row.user_id, name: row.user_name ?? '' },
    queue: row.queue_id === null ? null : { id: row.queue_id, name: queues.get(row.queue_id)?.name ?? '' },
  }));
}

/** Names of users by id (the history's actors), across the company. */
export async function userNames(db: Kysely<ReadDatabase>, companyId: number, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('read.users').select(['id', 'name']).where('company_id', '=', companyId).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}
