import type { JoinBuilder, Kysely, Selectable, SelectQueryBuilder } from 'kysely';
import type { OpenQuery, OpenTables } from './columns';
import type { ReadDatabase } from './database';

/**
 * The read kit: what the areas' queries share. A company's rows of a table (live ones: not flagged
 * deleted), one by id or those among some ids; a list's search term as a `like` pattern; and its
 * pages, either one row past the page (no count: a large table's count costs more than the page) or
 * counted whole (screens that show the total).
 */

/** The tables whose rows belong to a company by `id`, and `company_id`. */
type CompanyTable = { [T in keyof ReadDatabase]: ReadDatabase[T] extends { id: number; company_id: number } ? T : never }[keyof ReadDatabase];
/** Of those, the ones whose deletion flags the row (`deleted`). */
type LiveTable = { [T in CompanyTable]: ReadDatabase[T] extends { deleted: unknown } ? T : never }[CompanyTable];

// The table is one of ReadDatabase's, named at the call: Kysely cannot check columns of a table left generic.
const from = (db: Kysely<ReadDatabase>, table: string) => (db as unknown as Kysely<OpenTables>).selectFrom(table);
const live = (db: Kysely<ReadDatabase>, table: string, companyId: number) => from(db, table).where('company_id', '=', companyId).where('deleted', '=', false);

/** The company's live rows of a table: where most of an area's reads start. */
export function liveRows<T extends LiveTable>(db: Kysely<ReadDatabase>, table: T, companyId: number): SelectQueryBuilder<ReadDatabase, T, object> {
  return live(db, table, companyId);
}

/** The company's row with this id, to select from (another company's id finds nothing), deleted or not. */
export function companyById<T extends CompanyTable>(
  db: Kysely<ReadDatabase>,
  table: T,
  companyId: number,
  id: number,
): SelectQueryBuilder<ReadDatabase, T, object> {
  return from(db, table).where('id', '=', id).where('company_id', '=', companyId);
}

/** The company's live row with this value in a key column, to select from (another company's, or a deleted row, finds nothing). */
const liveWhere = (db: Kysely<ReadDatabase>, table: string, companyId: number, key: string, value: unknown) =>
  // The value's type is the key column's, checked by the callers' signatures.
  from(db, table)
    .where(key, '=', value as never)
    .where('company_id', '=', companyId)
    .where('deleted', '=', false);

/** `liveWhere` by a key column (a uuid). */
export function liveByKey<T extends LiveTable, K extends keyof Selectable<ReadDatabase[T]> & string>(
  db: Kysely<ReadDatabase>,
  table: T,
  companyId: number,
  key: K,
  value: Selectable<ReadDatabase[T]>[K],
): SelectQueryBuilder<ReadDatabase, T, object> {
  return liveWhere(db, table, companyId, key, value);
}

/** `liveWhere` by the row's id. */
export function liveById<T extends LiveTable>(db: Kysely<ReadDatabase>, table: T, companyId: number, id: number): SelectQueryBuilder<ReadDatabase, T, object> {
  return liveWhere(db, table, companyId, 'id', id);
}

/** The whole of the row a query of one table finds. */
const wholeRow = async <T extends keyof ReadDatabase>(query: SelectQueryBuilder<ReadDatabase, T, object>) =>
  (await (query as unknown as OpenQuery).selectAll().executeTakeFirst()) as Selectable<ReadDatabase[T]> | undefined;

/** The whole of `companyById`'s row. */
export const companyRow = <T extends CompanyTable>(db: Kysely<ReadDatabase>, table: T, companyId: number, id: number) =>
  wholeRow(companyById(db, table, companyId, id));

/** The whole of `liveById`'s row. */
export const liveRow = <T extends LiveTable>(db: Kysely<ReadDatabase>, table: T, companyId: number, id: number) => wholeRow(liveById(db, table, companyId, id));

/** A finder of one row answering it as `view` shows it (a finder of a record's view from one of its row). */
export const viewing =
  <A extends unknown[], R, V>(find: (...args: A) => Promise<R | undefined>, view: (row: R) => V) =>
  async (...args: A): Promise<V | undefined> => {
    const row = await find(...args);
    return row ? view(row) : undefined;
  };

/** The finder of the company's live record of a table by id, as `view` shows it. */
export const liveView = <T extends LiveTable, V>(table: T, view: (row: Selectable<ReadDatabase[T]>) => V) =>
  viewing((db: Kysely<ReadDatabase>, companyId: number, id: number) => liveRow(db, table, companyId, id), view);

/** How many rows a query finds. */
export async function countOf(query: SelectQueryBuilder<OpenTables, OpenTables, object>): Promise<number> {
  const { count } = await query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
  return Number(count);
}

/** Which of these ids are live rows of the company (what a command may name). */
export async function liveIds(db: Kysely<ReadDatabase>, table: LiveTable, companyId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows: { id: number }[] = await live(db, table, companyId)
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return rows.map((row) => row.id);
}

/** A record's creation and last change as the views show them (ISO instants). */
export const isoTimes = (row: { created_at: Date | string; updated_at: Date | string }): { createdAt: string; updatedAt: string } => ({
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});

/** A join's condition: the joined row (`alias`) is the one `from`'s `column` names, of the same company. */
export const sameCompany =
  (alias: string, from: string, column: string) =>
  <J extends JoinBuilder<OpenTables, OpenTables>>(join: J): J =>
    join.onRef(`${alias}.id`, '=', `${from}.${column}`).onRef(`${alias}.company_id`, '=', `${from}.company_id`) as J;

/** A text as a `like` operand: % and _ typed by a user are literal. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A list's search term as a pattern matching it anywhere in a lower-cased column; undefined when there is none. */
export function containing(searchParam: string | undefined): string | undefined {
  const term = searchParam?.trim().toLowerCase() ?? '';
  return term === '' ? undefined : `%${escapeLike(term)}%`;
}

/** A list's page as asked (pages count from 1; below 1 is the first). */
export function pageAt(options: { pageNumber?: number; pageSize?: number }, defaultSize: number): { page: number; pageSize: number; offset: number } {
  const pageSize = options.pageSize ?? defaultSize;
  const page = Math.max(1, options.pageNumber ?? 1);
  return { page, pageSize, offset: (page - 1) * pageSize };
}

/** One page of an ordered query from `offset`: a row past the page is read to say whether there is more. */
export async function pageFrom<O>(
  query: SelectQueryBuilder<OpenTables, OpenTables, O>,
  offset: number,
  limit: number,
): Promise<{ rows: O[]; hasMore: boolean }> {
  const rows = await query
    .offset(offset)
    .limit(limit + 1)
    .execute();
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
}

/** One page from `offset` when `limit` is given (a row past it says whether there is more), else every row from `offset`. */
export async function pageOrAll<O>(
  query: SelectQueryBuilder<OpenTables, OpenTables, O>,
  options: { offset?: number; limit?: number },
): Promise<{ rows: O[]; hasMore: boolean }> {
  if (options.limit === undefined) return { rows: await query.offset(options.offset ?? 0).execute(), hasMore: false };
  return pageFrom(query, options.offset ?? 0, options.limit);
}

/**
 * One page of a query counted whole: `filtered` is the query without a selection (it is counted),
 * `rows` the same with its selection and order (the page is read from it).
 */
export async function countedPage<O>(
  filtered: SelectQueryBuilder<OpenTables, OpenTables, object>,
  rows: SelectQueryBuilder<OpenTables, OpenTables, O>,
  at: { page: number; pageSize: number; offset: number },
): Promise<{ rows: O[]; count: number; hasMore: boolean }> {
  const total = await countOf(filtered);
  const found = await rows.limit(at.pageSize).offset(at.offset).execute();
  return { rows: found, count: total, hasMore: at.page * at.pageSize < total };
}
