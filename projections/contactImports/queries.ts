import type { ContactImportStatus } from '@conversa/contracts';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { ReadDatabase } from '../database';
import type { ContactImportsTable } from './tables';

export const contactImportFromRow = (row: Selectable<ContactImportsTable>): ContactImportStatus => ({
  importId: row.id,
  fileName: row.file_name,
  state: row.finished_at ? 'done' : 'running',
  total: row.total,
  processed: row.processed,
  created: row.created,
  updated: row.updated,
  refused: row.refused,
  refusals: row.refusals,
  startedAt: new Date(row.started_at).toISOString(),
  finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
  error: row.error,
});

/** GET /contacts/import/{importId}: the import's progress, for its company only. */
export async function findContactImport(db: Kysely<ReadDatabase>, companyId: number, importId: string): Promise<ContactImportStatus | undefined> {
  const row = await db.selectFrom('read.contact_imports').selectAll().where('id', '=', importId).where('company_id', '=', companyId).executeTakeFirst();
  return row ? contactImportFromRow(row) : undefined;
}

/**
 * Whether the company has an import still running that started within `withinMs` (an older one
 * whose worker is gone no longer counts): the upload routes take one file per company at a time.
 */
export async function hasRunningContactImport(db: Kysely<ReadDatabase>, companyId: number, now: Date, withinMs: number): Promise<boolean> {
  const row = await db
    .selectFrom('read.contact_imports')
    .select('id')
    .where('company_id', '=', companyId)
    .where('finished_at', 'is', null)
    .where('started_at', '>', new Date(now.getTime() - withinMs))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Imports not yet finished, oldest first (the import worker takes them up again after a crash or a
 * takeover). None before the projector has made its table (a first start: nothing was imported yet).
 */
export async function unfinishedContactImports(db: Kysely<ReadDatabase>, limit: number): Promise<Array<{ importId: string; companyId: number }>> {
  try {
    const rows = await db
      .selectFrom('read.contact_imports')
      .select(['id', 'company_id'])
      .where('finished_at', 'is', null)
      .orderBy('started_at')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ importId: row.id, companyId: row.company_id }));
  } catch (error) {
    if ((error as { code?: string }).code === UNDEFINED_TABLE) return [];
    throw error;
  }
}

const UNDEFINED_TABLE = '42P01';

/** Contact imports not finished (the import worker's queue depth), counted up to `cap`. */
export async function runningImportsCount(db: Kysely<ReadDatabase>, cap: number): Promise<number> {
  const { rows } = await sql<{
    count: string;
  }>`select count(*) as count from (select 1 from read.contact_imports where finished_at is null limit ${cap}) q`.execute(db);
  return Number(rows[0]?.count ?? 0);
}
