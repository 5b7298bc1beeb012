import type { QuickMessageView } from '@conversa/contracts';
import type { Kysely, SelectQueryBuilder, Selectable } from 'kysely';
import type { ReadDatabase } from '../database';
import type { QuickMessagesTable } from './tables';
import { containing, countedPage, isoTimes, pageAt } from '../reads';

export const QUICK_MESSAGES_PAGE_SIZE = 20;

/** Who is looking: admins and supervisors see every quick message of the company, users their own and the general ones. */
export interface QuickMessageViewer {
  userId: number;
  managesAll: boolean;
}

export const quickMessageFromRow = (row: Selectable<QuickMessagesTable>): QuickMessageView => ({
  id: row.id,
  companyId: row.company_id,
  userId: row.user_id,
  shortcode: row.shortcode,
  message: row.message,
  geral: row.geral,
  status: row.status,
  isCategory: row.is_category,
  categoryId: row.category_id,
  isMedia: row.media_path !== null,
  mediaPath: row.media_path,
  mediaName: row.media_name,
  mediaType: row.media_type,
  ...isoTimes(row),
});

function visibleTo<O>(
  query: SelectQueryBuilder<ReadDatabase, 'read.quick_messages', O>,
  viewer: QuickMessageViewer | undefined,
): SelectQueryBuilder<ReadDatabase, 'read.quick_messages', O> {
  if (!viewer || viewer.managesAll) return query;
  return query.where((eb) => eb.or([eb('user_id', '=', viewer.userId), eb('geral', '=', true)]));
}

/** One quick message of the company; with a viewer, only if that viewer may see it. */
export async function findQuickMessage(
  db: Kysely<ReadDatabase>,
  companyId: number,
  id: number,
  viewer?: QuickMessageViewer,
): Promise<QuickMessageView | undefined> {
  const query = db.selectFrom('read.quick_messages').selectAll().where('id', '=', id).where('company_id', '=', companyId);
  const row = await visibleTo(query, viewer).executeTakeFirst();
  return row ? quickMessageFromRow(row) : undefined;
}

/** Whether the viewer may see a quick message that carries this stored file. */
export async function quickMessageShowsMedia(db: Kysely<ReadDatabase>, companyId: number, url: string, viewer: QuickMessageViewer): Promise<boolean> {
  const query = db.selectFrom('read.quick_messages').select('id').where('company_id', '=', companyId).where('media_path', '=', url);
  return (await visibleTo(query, viewer).executeTakeFirst()) !== undefined;
}

/** The quick-replies page: search in shortcode and message, optionally one author's, by shortcode. */
export async function listQuickMessages(
  db: Kysely<ReadDatabase>,
  companyId: number,
  options: { viewer: QuickMessageViewer; searchParam?: string; userId?: number; pageNumber?: number; pageSize?: number },
): Promise<{ records: QuickMessageView[]; count: number; hasMore: boolean }> {
  let query = visibleTo(db.selectFrom('read.quick_messages').where('company_id', '=', companyId), options.viewer);
  const like = containing(options.searchParam);
  if (like) query = query.where((eb) => eb.or([eb(eb.fn('lower', ['shortcode']), 'like', like), eb(eb.fn('lower', ['message']), 'like', like)]));
  if (options.userId !== undefined) query = query.where('user_id', '=', options.userId);
  const byShortcode = query
    .selectAll()
    .orderBy((eb) => eb.fn('lower', ['shortcode']))
    .orderBy('id');
  const { rows, count, hasMore } = await countedPage(query, byShortcode, pageAt(options, QUICK_MESSAGES_PAGE_SIZE));
  return { records: rows.map(quickMessageFromRow), count, hasMore };
}

/** What the composer's slash menu offers a user: their own and the general ones, active, not category entries. */
export async function listComposerQuickMessages(db: Kysely<ReadDatabase>, companyId: number, userId: number): Promise<QuickMessageView[]> {
  const rows = await db
    .selectFrom('read.quick_messages')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('status', '=', true)
    .where('is_category', '=', false)
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('geral', '=', true)]))
    .orderBy((eb) => eb.fn('lower', ['shortcode']))
    .orderBy('id')
    .execute();
  return rows.map(quickMessageFromRow);
}

/** The category entries the viewer may see (GET /quick-messages/categoriesMessages). */
export async function listQuickMessageCategories(db: Kysely<ReadDatabase>, companyId: number, viewer: QuickMessageViewer): Promise<QuickMessageView[]> {
  const query = db.selectFrom('read.quick_messages').selectAll().where('company_id', '=', companyId).where('is_category', '=', true);
  const rows = await visibleTo(query, viewer)
    .orderBy((eb) => eb.fn('lower', ['shortcode']))
    .orderBy('id')
    .execute();
  return rows.map(quickMessageFromRow);
}
