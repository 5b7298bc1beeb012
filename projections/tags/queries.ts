import type { TagView } from '@conversa/contracts';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { ReadDatabase } from '../database';
import type { TagsTable } from './tables';
import { containing, isoTimes, liveIds, liveRows, liveView, pageOrAll } from '../reads';

/** A tag's row; its `tickets_count` is kept by the tags projector (see projector.ts). */
const tagFromRow = (row: Selectable<TagsTable>): TagView => ({
  id: row.id,
  companyId: row.company_id,
  name: row.name,
  color: row.color,
  kanban: row.kanban === 1 ? 1 : 0,
  userId: row.user_id,
  ticketsCount: Number(row.tickets_count ?? 0),
  ...isoTimes(row),
});

/** The company's live tag with this id. */
export const findTag = liveView('read.tags', tagFromRow);

/**
 * The company's tags by name; `searchParam` matches anywhere in the name, case-insensitively.
 * Without `limit`, all of them (GET /tags/list); with it, one page from `offset` (GET /tags).
 */
export async function listTags(
  db: Kysely<ReadDatabase>,
  companyId: number,
  options: { searchParam?: string; kanban?: 0 | 1; offset?: number; limit?: number } = {},
): Promise<{ tags: TagView[]; hasMore: boolean }> {
  let query = liveRows(db, 'read.tags', companyId).selectAll();
  const pattern = containing(options.searchParam);
  if (pattern) query = query.where(sql`lower(name)`, 'like', pattern);
  if (options.kanban !== undefined) query = query.where('kanban', '=', options.kanban);
  const { rows, hasMore } = await pageOrAll(query.orderBy(sql`lower(name)`).orderBy('id'), options);
  return { tags: rows.map(tagFromRow), hasMore };
}

/** Which of these ids are live tags of the company. */
export async function existingTagIds(db: Kysely<ReadDatabase>, companyId: number, ids: readonly number[]): Promise<number[]> {
  return liveIds(db, 'read.tags', companyId, ids);
}
