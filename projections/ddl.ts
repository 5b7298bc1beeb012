import { sql, type Kysely } from 'kysely';
import type { ReadDatabase } from './database';

/**
 * The DDL kit: a read table declared once as data (its columns with their types and comments side by
 * side, its indexes, its comment) and rendered as the idempotent SQL its migration runs on every start:
 * `create table if not exists`, `alter table … add column if not exists` for the columns added after the
 * table first shipped, `create index if not exists` and `comment on`. A fresh database and one made by an
 * earlier version end in the same state.
 */

/** A column: its SQL type with constraints and default, or that and what it means (its comment). */
export type Column = string | readonly [type: string, comment: string];

/** What follows `on <table>` in `create index`: `(company_id, lower(name)) where not deleted`, or a `unique` one. */
export type Index = string | { readonly unique: true; readonly on: string };

export interface Table {
  /** Schema and name: `read.tickets`. */
  name: string;
  comment?: string;
  columns: Record<string, Column>;
  /** Table constraints after the columns: a composite primary key, a named unique key. */
  constraints?: readonly string[];
  /** Columns added after the table first shipped: added where missing, after `columns` in a fresh table. */
  added?: Record<string, Column>;
  indexes?: Record<string, Index>;
  /** Indexes of earlier versions, dropped where they still stand. */
  dropped?: readonly string[];
}

/** The first columns of a company's record. */
export const companyKey = { id: 'integer primary key', company_id: 'integer not null' } as const;

/** When a record was created and last changed. */
export const stamps = { created_at: 'timestamptz not null', updated_at: 'timestamptz not null' } as const;

/** A deleted record keeps its row, flagged (so history still names it), with what the flag means to its readers. */
export const deletedFlag = (comment?: string): Record<'deleted', Column> => {
  const type = 'boolean not null default false';
  return { deleted: comment ? [type, comment] : type };
};

/** A unique index. */
export const unique = (on: string): Index => ({ unique: true, on });

/** A string as an SQL literal (quotes doubled). */
export const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

const typeOf = (column: Column) => (typeof column === 'string' ? column : column[0]);

/** The statements that create the table where missing and bring an older one up to date. */
export function ddl(table: Table): string {
  const { name } = table;
  const schema = name.slice(0, name.indexOf('.'));
  const added = Object.entries(table.added ?? {});
  const definitions = [...Object.entries(table.columns).map(([column, type]) => `${column} ${typeOf(type)}`), ...(table.constraints ?? [])];
  const comments = [...Object.entries(table.columns), ...added].flatMap(([column, type]) =>
    typeof type === 'string' ? [] : [`comment on column ${name}.${column} is ${literal(type[1])};`],
  );
  return [
    `create table if not exists ${name} (\n  ${definitions.join(',\n  ')}\n);`,
    ...added.map(([column, type]) => `alter table ${name} add column if not exists ${column} ${typeOf(type)};`),
    ...Object.entries(table.indexes ?? {}).map(([index, on]) =>
      typeof on === 'string' ? `create index if not exists ${index} on ${name} ${on};` : `create unique index if not exists ${index} on ${name} ${on.on};`,
    ),
    ...(table.dropped ?? []).map((index) => `drop index if exists ${schema}.${index};`),
    ...(table.comment ? [`comment on table ${name} is ${literal(table.comment)};`] : []),
    ...comments,
  ].join('\n');
}

/** Runs the tables' statements as one script, in order (inside the caller's transaction when given one). */
export async function createTables(db: Kysely<ReadDatabase>, ...tables: readonly Table[]): Promise<void> {
  await sql.raw(tables.map(ddl).join('\n')).execute(db);
}
