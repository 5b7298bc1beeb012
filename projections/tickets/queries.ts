import {
  canSeeTicket,
  seesAllTickets,
  TICKETS_COUNT_CAP,
  type Profile,
  type TicketStatus,
  type TicketViewer,
  type TicketPage,
  type TicketView,
} from '@conversa/contracts';
import type { ReadDatabase } from '../database';
import { markPrepared, preparedRows } from '../prepared';
import { liveById, liveRows } from '../reads';
import { NUMBER_LIKE_NAME } from '../contacts/queries';
import { sql, type CompiledQuery, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { OpenQuery, OpenTables } from '../columns';

export { canSeeTicket, type TicketViewer };

export const viewerOf = (principal: {
  userId: number;
  profile: Profile;
  super: boolean;
  user: { queueIds: number[]; allTicket: 'enable' | 'disable'; allowGroup: boolean };
}): TicketViewer => ({
  userId: principal.userId,
  profile: principal.profile,
  super: principal.super,
  queueIds: principal.user.queueIds,
  allTicket: principal.user.allTicket,
  allowGroup: principal.user.allowGroup,
});

/** The same rule as SQL over a table with status, user_id, queue_id and is_group (tickets or ticket_counts). */
export function visibleTo(eb: ExpressionBuilder<OpenTables, OpenTables>, viewer: TicketViewer, showAll: boolean): Expression<SqlBool> {
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
  const structural = (qb: OpenQuery, queueIds = filter.queueIds) => {
    let query = qb.where('company_id', '=', companyId).where((eb: ExpressionBuilder<OpenTables, OpenTables>) => visibleTo(eb, viewer, filter.showAll));
    if (filter.status) query = query.where('status', '=', filter.status);
    if (filter.statuses?.length) query = query.where('status', 'in', filter.statuses);
    if (queueIds?.length) query = query.where('queue_id', 'in', queueIds);
    if (filter.users?.length) query = query.where('user_id', 'in', filter.users);
    if (filter.whatsappIds?.length) query = query.where('whatsapp_id', 'in', filter.whatsappIds);
    if (filter.contactId !== undefined) query = query.where('contact_id', '=', filter.contactId);
    return query;
  };
  const detailed =
    search !== '' ||
    filter.contactId !== undefined ||
    Boolean(filter.tags?.length) ||
    Boolean(filter.date) ||
    Boolean(filter.updatedAt) ||
    Boolean(filter.withUnreadMessages);

  const matching = (queueIds = filter.queueIds) => {
    let rows = structural(db.selectFrom('read.tickets as t').selectAll('t'), queueIds).where('t.deleted', '=', false);
    if (filter.withUnreadMessages) rows = rows.where('t.unread_messages', '>', 0);
    if (filter.date) rows = rows.where(sql`(t.created_at at time zone 'UTC')::date`, '=', filter.date);
    if (filter.updatedAt) rows = rows.where(sql`(t.updated_at at time zone 'UTC')::date`, '=', filter.updatedAt);
    if (filter.tags?.length) {
      rows = rows.where((eb: ExpressionBuilder<OpenTables, OpenTables>) =>
        eb.exists(
          eb
            .selectFrom('read.contact_tags as ct')
            .select(sql`1`.as('one'))
            .whereRef('ct.contact_id', '=', 't.contact_id')
            .where('ct.tag_id', 'in', filter.tags!),
        ),
      );
    }
    if (search !== '') {
      const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const digits = filter.searchNumbers === false ? '' : search.replace(/\D/g, '');
      rows = rows.where((eb: ExpressionBuilder<OpenTables, OpenTables>) =>
        eb.or([
          eb('t.contact_id', 'in', (sub: ExpressionBuilder<OpenTables, OpenTables>) =>
            sub
              .selectFrom('read.contacts')
              .select('id')
              .where('company_id', '=', companyId)
              .where((c: ExpressionBuilder<OpenTables, OpenTables>) =>
                c.or([
                  // A masked viewer may not probe digits through a contact named by its number either.
                  filter.searchNumbers === false
                    ? c.and([c(sql`lower(name)`, 'like', pattern), c('name', '!~', NUMBER_LIKE_NAME)])
                    : c(sql`lower(name)`, 'like', pattern),
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
  const listOrder = (query: OpenQuery) =>
    after
      ? query.where(sql<SqlBool>`(t.updated_at, t.id) < (timestamptz 'epoch' + ${after.atUs}::bigint * interval '1 microsecond', ${after.id}::int)`)
      : query;
  // The page's ids (and list times) first, from the list index alone; then the views of those ids
  // by one prepared statement (findTicketsById): only the walk is planned per page, since its best
  // plan depends on the company and tab, and deep pages skip index entries without visiting rows.
  const atUs = sql<string>`(extract(epoch from t.updated_at) * 1000000)::bigint::text`.as('at_us');
  const inListOrder = (query: OpenQuery) => listOrder(query).clearSelect().select(['t.id', atUs]).orderBy('t.updated_at', 'desc').orderBy('t.id', 'desc');
  const queues = filter.queueIds ?? [];
  const walk = async (): Promise<Walked[]> => {
    if (queues.length > 1) {
      // No index gives several queues' tickets in list order, and the planner then walks the whole
      // tab filtering by queue; one ordered walk per queue, merged here, stays on the queue index.
      const perQueue: Walked[][] = await Promise.all(
        queues.map((queueId) =>
          inListOrder(matching([queueId]))
            .limit(offset + TICKETS_PAGE_SIZE + 1)
            .execute(),
        ),
      );
      return perQueue
        .flat()
        .sort(newestFirst)
        .slice(offset, offset + TICKETS_PAGE_SIZE + 1);
    }
    let page = inListOrder(rows)
      .limit(TICKETS_PAGE_SIZE + 1)
      .offset(offset);
    // The count rides along (computed once, as an init plan): no round trip of its own.
    if (counted) page = page.select(sql<string>`(${countQuery()})`.as('total_count'));
    return page.execute();
  };
  // Pages reached by cursor (the infinite scroll) carry no count: the first page gave it, and live frames keep it.
  const counted = !after;
  const countQuery = () =>
    !detailed
      ? structural(db.selectFrom('read.ticket_counts')).select(sql<string>`coalesce(sum(tickets), 0)`.as('n'))
      : // Bounded: the filtered rows are walked, at most TICKETS_COUNT_CAP of them.
        db
          .selectFrom(
            rows
              .clearSelect()
              .select(sql`1`.as('one'))
              .limit(TICKETS_COUNT_CAP)
              .as('capped'),
          )
          .select(sql<string>`count(*)`.as('n'));
  const countTickets = async (page: Walked[]): Promise<number | undefined> => {
    if (!counted) return undefined;
    if (page.length > 0 && page[0]!.total_count !== undefined) return Number(page[0]!.total_count);
    const row = await countQuery().executeTakeFirst();
    return Number(row?.n ?? 0);
  };
  const walked = await walk();
  const hasMore = walked.length > TICKETS_PAGE_SIZE;
  const kept = walked.slice(0, TICKETS_PAGE_SIZE);
  const [views, count] = await Promise.all([
    findTicketsById(
      db,
      kept.map((row) => row.id),
    ),
    countTickets(walked),
  ]);
  const byId = new Map(views.map((view) => [view.id, view]));
  const last = kept.at(-1);
  return {
    tickets: kept.map((row) => byId.get(row.id)).filter((view) => view !== undefined),
    ...(count === undefined ? {} : { count }),
    hasMore,
    ...(hasMore && last ? { nextCursor: `${last.at_us}.${last.id}` } : {}),
  };
}

/** A row of the walk: a ticket id, its list time in microseconds (the precision Postgres orders by; a Date keeps milliseconds), and on counted pages the count. */
interface Walked {
  id: number;
  at_us: string;
  total_count?: string;
}

const newestFirst = (a: Walked, b: Walked) => {
  const at = BigInt(b.at_us) - BigInt(a.at_us);
  return at !== 0n ? (at > 0n ? 1 : -1) : b.id - a.id;
};

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
  const row = await liveById(db, 'read.tickets', companyId, ticketId).select(['id', 'status', 'user_id', 'queue_id', 'is_group']).executeTakeFirst();
  return row ? { id: row.id, status: row.status, userId: row.user_id, queueId: row.queue_id, isGroup: row.is_group } : undefined;
}

/** The view of the company's live ticket with this id or uuid. */
async function liveTicketView(db: Kysely<ReadDatabase>, companyId: number, key: 't.id' | 't.uuid', value: number | string): Promise<TicketView | undefined> {
  const row = await db
    .selectFrom('read.tickets as t')
    .select(ticketView('t').as('view'))
    .where(key, '=', value)
    .where('t.company_id', '=', companyId)
    .where('t.deleted', '=', false)
    .executeTakeFirst();
  return row?.view;
}

export const findTicket = (db: Kysely<ReadDatabase>, companyId: number, ticketId: number) => liveTicketView(db, companyId, 't.id', ticketId);

export async function findTicketByUuid(db: Kysely<ReadDatabase>, companyId: number, uuid: string): Promise<TicketView | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(uuid)) return undefined;
  return liveTicketView(db, companyId, 't.uuid', uuid);
}

/** Built once: its text never varies (one array parameter), so kysely neither builds nor compiles it per call. */
let viewsById: CompiledQuery<{ view: TicketView }> | undefined;

/**
 * Tickets by id in any company, in no particular order (a list page's views, the projector's frames); prepared (a
 * key lookup), so the heavy half of a list page costs no planning.
 */
export async function findTicketsById(db: Kysely<ReadDatabase>, ids: readonly number[]): Promise<TicketView[]> {
  if (ids.length === 0) return [];
  viewsById ??= db
    .selectFrom('read.tickets as t')
    .select(ticketView('t').as('view'))
    .where(sql<SqlBool>`t.id = any(${[]}::int[])`)
    .compile();
  markPrepared(viewsById.sql);
  const { rows } = await db.executeQuery<{ view: TicketView }>({ ...viewsById, parameters: [[...ids]] });
  return rows.map((row) => row.view);
}

/**
 * The views of the rows a write statement returns (`update … returning t.*`), read in that same
 * statement: a projector builds its frames without another round trip.
 */
export async function ticketViewsReturnedBy(db: Kysely<ReadDatabase>, write: Expression<unknown>, options: { prepared?: boolean } = {}): Promise<TicketView[]> {
  const query = db
    .with('written', () => sql`(${write})`)
    .selectFrom('written as t')
    .select(ticketView('t').as('view'));
  // prepared: a write whose text does not vary with its values (arrays, not value lists) and whose plan is a key lookup.
  const rows = options.prepared ? await preparedRows(db, query) : await query.execute();
  return rows.map((row) => row.view);
}

/** Which message each ticket shows as its last message (by message id; tickets without one are left out). */
export async function lastMessageIdsOf(db: Kysely<ReadDatabase>, ticketIds: readonly number[]): Promise<Map<number, string>> {
  if (ticketIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('read.tickets')
    .select(['id', 'last_message_id'])
    .where('id', 'in', ticketIds)
    .where('last_message_id', 'is not', null)
    .execute();
  return new Map(rows.map((row) => [row.id, row.last_message_id as string]));
}

/** Ids of a company's not-closed tickets in a status and queues (close-all). */
export async function ticketIdsFor(
  db: Kysely<ReadDatabase>,
  companyId: number,
  viewer: TicketViewer,
  status: TicketStatus,
  queueIds: number[],
): Promise<number[]> {
  let query = liveRows(db, 'read.tickets', companyId)
    .select('id')
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
/**
 * A ticket as its view (TicketView), built by Postgres as one json value: rows reach Node already in
 * the wire's shape, so a page costs no per-column parsing (pg's row parsers, dates) nor mapping.
 * `alias` names a ticket row (a table or a CTE of written rows). Times as JavaScript's toISOString
 * writes them (milliseconds, truncated).
 */
function ticketView(alias: string) {
  const t = (column: string) => sql.ref(`${alias}.${column}`);
  const iso = (column: string) => sql`to_char(${t(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  return sql<TicketView>`json_build_object(
    'id', ${t('id')}, 'uuid', ${t('uuid')}, 'status', ${t('status')}, 'companyId', ${t('company_id')},
    'queueId', ${t('queue_id')},
    'queue', (select json_build_object('id', q.id, 'name', q.name, 'color', q.color) from read.queues q where q.id = ${t('queue_id')} and q.company_id = ${t('company_id')}),
    'userId', ${t('user_id')},
    'user', (select json_build_object('id', u.id, 'name', u.name) from read.users u where u.id = ${t('user_id')}),
    'contactId', ${t('contact_id')},
    'contact', case when ${t('contact_erased')} then json_build_object('id', ${t('contact_id')}, 'name', '', 'number', '', 'email', '', 'profilePicUrl', null, 'urlPicture', null,
        'channel', ${t('channel')}, 'isGroup', ${t('is_group')}, 'active', false, 'disableBot', true, 'acceptAudioMessage', false, 'erased', true)
      else (select json_build_object('id', c.id, 'name', c.name, 'number', c.number, 'email', c.email, 'profilePicUrl', c.profile_pic_url, 'urlPicture', c.profile_pic_url,
        'channel', c.channel, 'isGroup', c.is_group, 'active', c.active, 'disableBot', c.disable_bot, 'acceptAudioMessage', c.accept_audio_message, 'erased', c.erased)
      from read.contacts c where c.id = ${t('contact_id')}) end,
    'tags', coalesce((select json_agg(json_build_object('id', tg.id, 'name', tg.name, 'color', tg.color) order by lower(tg.name), tg.id)
      from read.contact_tags ct join read.tags tg on tg.id = ct.tag_id where ct.contact_id = ${t('contact_id')} and not tg.deleted), '[]'::json),
    'whatsappId', ${t('whatsapp_id')},
    'whatsapp', (select json_build_object('id', w.id, 'name', w.name, 'groupAsTicket', w.group_as_ticket = 'enabled', 'wavoip', w.has_call_token) from read.connections w where w.id = ${t('whatsapp_id')}),
    'channel', ${t('channel')}, 'isGroup', ${t('is_group')}, 'isBot', ${t('is_bot')}, 'unreadMessages', ${t('unread_messages')},
    'lastMessage', ${t('last_message')}, 'useIntegration', ${t('use_integration')}, 'promptId', ${t('prompt_id')},
    'amountUsedBotQueues', ${t('amount_used_bot_queues')}, 'userRating', ${t('user_rating')},
    'createdAt', ${iso('created_at')}, 'updatedAt', ${iso('updated_at')})`;
}

/** Who holds a ticket and in which status, with its contact (a push for a new message goes to its holder). */
export async function ticketHolder(
  db: Kysely<ReadDatabase>,
  id: number,
): Promise<{ uuid: string; userId: number | null; status: string; contactId: number } | undefined> {
  const row = await db.selectFrom('read.tickets').select(['uuid', 'user_id', 'status', 'contact_id']).where('id', '=', id).executeTakeFirst();
  return row && { uuid: row.uuid, userId: row.user_id, status: row.status, contactId: row.contact_id };
}

/** The ids of a contact's tickets, whatever their status (LGPD erasure: the webhook delivery log forgets them). */
export async function ticketIdsOfContact(db: Kysely<ReadDatabase>, companyId: number, contactId: number): Promise<number[]> {
  const rows = await db.selectFrom('read.tickets').select('id').where('company_id', '=', companyId).where('contact_id', '=', contactId).execute();
  return rows.map((row) => row.id);
}
