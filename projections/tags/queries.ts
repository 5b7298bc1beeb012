import type { TagView } from '@conversa/contracts';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { ReadDatabase } from '../database';
import type { TagsTable } from './tables';

const tagFromRow = (row: Selectable<TagsTable>): TagView => ({
  id: row.id,
  companyId: row.company_id,
  name: row.name,
  color: row.color,
  kanban: row.kanban === 1 ? 1 : 0,
  userId: row.user_id,
  ticketsCount: Number(row.tickets_count ?? 0),
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});

/** The tags' rows; `tickets_count` is kept by the tags projector (see projector.ts). */
const tagRows = (db: Kysely<ReadDatabase>) => db.selectFrom('read.tags').selectAll();

export async function findTag(db: Kysely<ReadDatabase>, companyId: number, id: number): Promise<TagView | undefined> {
  const row = await tagRows(db).where('id', '=', id).where('company_id', '=', companyId).where('deleted', '=', false).executeTakeFirst();
  return row ? tagFromRow(row) : undefined;
}

/**
 * The company's tags by name; `searchParam` matches anywhere in the name, case-insensitively.
 * Without `limit`, all of them (GET /tags/list); with it, one page from `offset` (GET /tags).
 */
export async function listTags(
  db: Kysely<ReadDatabase>,
  companyId: number,
  options: { searchParam?: string; kanban?: 0 | 1; offset?: number; limit?: number } = {},
): Promise<{ tags: TagView[]; hasMore: boolean }> {
  let query = tagRows(db).where('company_id', '=', companyId).where('deleted', '=', false);
  const term = options.searchParam?.trim().toLowerCase() ?? '';
  if (term !== '') query = query.where(sql`lower(name)`, 'like', `%${escapeLike(term)}%`);
  if (options.kanban !== undefined) query = query.where('kanban', '=', options.kanban);
  query = query
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .offset(options.offset ?? 0);
  if (options.limit === undefined) return { tags: (await query.execute()).map(tagFromRow), hasMore: false };
  // One row past the page says whether there is a next page, without counting them all.
  const rows = await query.limit(options.limit + 1).execute();
  return { tags: rows.slice(0, options.limit).map(tagFromRow), hasMore: rows.length > options.limit };
}

/** Which of these ids are live tags of the company. */
export async function existingTagIds(db: Kysely<ReadDatabase>, companyId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('read.tags')
    .select('id')
    .where('company_id', '=', companyId)
    .where('deleted', '=', false)
    .where('id', 'in', [...ids])
    .execute();
  return rows.map((row) => row.id);
}

export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
