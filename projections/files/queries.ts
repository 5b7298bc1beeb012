import { FILE_LISTS_PAGE_SIZE, type FileListView } from '@conversa/contracts';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { ReadDatabase } from '../database';
import { containing, isoTimes, liveById, liveRows, liveView, pageFrom } from '../reads';
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
  ...isoTimes(row),
});

/** The company's live file list with this id. */
export const findFileList = liveView('read.file_lists', viewOf);

/** The files themselves (the engine and the queues send them). */
export async function fileListOptions(db: Kysely<ReadDatabase>, companyId: number, id: number) {
  const row = await liveById(db, 'read.file_lists', companyId, id).select('options').executeTakeFirst();
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
  let query = liveRows(db, 'read.file_lists', companyId).selectAll();
  const pattern = containing(options.searchParam);
  if (pattern) query = query.where(sql`lower(name)`, 'like', pattern);
  const offset = (options.pageNumber - 1) * FILE_LISTS_PAGE_SIZE;
  const { rows, hasMore } = await pageFrom(query.orderBy(sql`lower(name)`).orderBy('id'), offset, FILE_LISTS_PAGE_SIZE);
  return { files: rows.map(viewOf), count: offset + rows.length, hasMore };
}
