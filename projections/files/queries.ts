import { FILE_LISTS_PAGE_SIZE, type FileListView } from '@conversa/contracts';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { ReadDatabase } from '../database';
import { escapeLike } from '../tags/queries';
import type { FileListsTable } from './tables';

const viewOf = (row: Selectable<FileListsTable>): FileListView => ({
  id: row.id,
  companyId: row.company_id,
  name: row.name,
  message: row.message,
  userId: row.user_id,
  options: row.options.map((option) => ({
    id: option.optionId,
    name: option.name,
    path: option.media.url,
    mediaType: option.media.mime,
    size: option.media.size,
  })),
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});

export async function findFileList(db: Kysely<ReadDatabase>, companyId: number, id: number): Promise<FileListView | undefined> {
  const row = await db
    .selectFrom('read.file_lists')
    .selectAll()
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .where('deleted', '=', false)
    .executeTakeFirst();
  return row ? viewOf(row) : undefined;
}

/** The files themselves (the engine and the queues send them). */
export async function fileListOptions(db: Kysely<ReadDatabase>, companyId: number, id: number) {
  const row = await db
    .selectFrom('read.file_lists')
    .select('options')
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .where('deleted', '=', false)
    .executeTakeFirst();
  return row?.options ?? null;
}

/** The company's live file lists among `ids`, with their message and files (the routing bot sends them). */
export async function fileListsByIds(db: Kysely<ReadDatabase>, companyId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('read.file_lists')
    .select(['id', 'message', 'options'])
    .where('company_id', '=', companyId)
    .where('id', 'in', [...ids])
    .where('deleted', '=', false)
    .execute();
  return rows.map((row) => ({ id: row.id, message: row.message, files: row.options }));
}

export async function listFileLists(
  db: Kysely<ReadDatabase>,
  companyId: number,
  options: { searchParam?: string; pageNumber: number },
): Promise<{ files: FileListView[]; count: number; hasMore: boolean }> {
  let query = db.selectFrom('read.file_lists').selectAll().where('company_id', '=', companyId).where('deleted', '=', false);
  const term = options.searchParam?.trim().toLowerCase() ?? '';
  if (term !== '') query = query.where(sql`lower(name)`, 'like', `%${escapeLike(term)}%`);
  const offset = (options.pageNumber - 1) * FILE_LISTS_PAGE_SIZE;
  const rows = await query
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .offset(offset)
    .limit(FILE_LISTS_PAGE_SIZE + 1)
    .execute();
  const files = rows.slice(0, FILE_LISTS_PAGE_SIZE).map(viewOf);
  return { files, count: offset + files.length, hasMore: rows.length > FILE_LISTS_PAGE_SIZE };
}
