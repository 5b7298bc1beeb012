import { withSchemaLock } from '@conversa/platform';
import { sql, type Kysely } from 'kysely';
import type { ReadDatabase } from './database';

/**
 * The DDL kit: a read table declared once as data (its columns with their types and comments side by
 * side, its indexes, its comment) and rendered as the idempotent SQL its migration runs on every start:
 * `create table if not exists`, `alter table … add column if not exists` for the columns added after the
 * table first shipped, `create index if not exists` and `comment on`. A fresh database and one made by an
 * earlier version end in the same state.
 */

/** A string as an SQL literal (quotes doubled). */
export const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** A column: its SQL type, constraints and default, and what it means (its comment); each modifier returns a new one. */
export class Column {
  constructor(
    readonly type: string,
    readonly description?: string,
  ) {}
  notNull(): Column {
    return new Column(`${this.type} not null`, this.description);
  }
  primaryKey(): Column {
    return new Column(`${this.type} primary key`, this.description);
  }
  unique(): Column {
    return new Column(`${this.type} unique`, this.description);
  }
  /** A string default is written as a literal: `.default('[]')`. */
  default(value: string | number | boolean): Column {
    return new Column(`${this.type} default ${typeof value === 'string' ? literal(value) : String(value)}`, this.description);
  }
  comment(description: string): Column {
    return new Column(this.type, description);
  }
}

export const integer = new Column('integer');
export const smallint = new Column('smallint');
export const bigint = new Column('bigint');
export const bigserial = new Column('bigserial');
export const integerArray = new Column('integer[]');
export const numeric = (precision: number, scale: number) => new Column(`numeric(${precision}, ${scale})`);
export const doublePrecision = new Column('double precision');
export const text = new Column('text');
export const boolean = new Column('boolean');
export const uuid = new Column('uuid');
export const jsonb = new Column('jsonb');
export const date = new Column('date');
export const timestamptz = new Column('timestamptz');

/** What follows `on <table>` in `create index`: `(company_id, lower(name)) where not deleted`, or a `unique` one. */
export type Index = string | { readonly unique: true; readonly on: string };

/** A table whose row has the columns `C` (the read database's row type, so a misspelt column does not compile). */
export interface Table<C extends string = string> {
  comment?: string;
  columns: Partial<Record<C, Column>>;
  /** Table constraints after the columns: a composite primary key, a named unique key. */
  constraints?: readonly string[];
  /** Columns added after the table first shipped: added where missing, after `columns` in a fresh table. */
  added?: Partial<Record<C, Column>>;
  indexes?: Record<string, Index>;
  /** Indexes of earlier versions, dropped where they still stand. */
  dropped?: readonly string[];
}

/** A migration's tables by schema and name as the read database names them (`read.tickets`), created in this order. */
export type Tables = { [Name in keyof ReadDatabase]?: Table<keyof ReadDatabase[Name] & string> };

/** The first columns of a company's record. */
export const companyKey = { id: integer.primaryKey(), company_id: integer.notNull() };

/** When a record was created and last changed. */
export const stamps = { created_at: timestamptz.notNull(), updated_at: timestamptz.notNull() };

/** A deleted record keeps its row, flagged (so history still names it), with what the flag means to its readers. */
export const deletedFlag = (description?: string) => {
  const deleted = boolean.notNull().default(false);
  return { deleted: description ? deleted.comment(description) : deleted };
};

/** A unique index. */
export const unique = (on: string): Index => ({ unique: true, on });

/** The declared columns, in order. */
const entries = (columns: Partial<Record<string, Column>> = {}) =>
  Object.entries(columns).flatMap(([name, column]) => (column ? [[name, column] as const] : []));

/** The statements that create the table where missing and bring an older one up to date. */
export function ddl(name: string, table: Table): string {
  const schema = name.slice(0, name.indexOf('.'));
  const added = entries(table.added);
  const definitions = [...entries(table.columns).map(([column, { type }]) => `${column} ${type}`), ...(table.constraints ?? [])];
  const comments = [...entries(table.columns), ...added].flatMap(([column, { description }]) =>
    description === undefined ? [] : [`comment on column ${name}.${column} is ${literal(description)};`],
  );
  return [
    `create table if not exists ${name} (\n  ${definitions.join(',\n  ')}\n);`,
    ...added.map(([column, { type }]) => `alter table ${name} add column if not exists ${column} ${type};`),
    ...Object.entries(table.indexes ?? {}).map(([index, on]) =>
      typeof on === 'string' ? `create index if not exists ${index} on ${name} ${on};` : `create unique index if not exists ${index} on ${name} ${on.on};`,
    ),
    ...(table.dropped ?? []).map((index) => `drop index if exists ${schema}.${index};`),
    ...(table.comment ? [`comment on table ${name} is ${literal(table.comment)};`] : []),
    ...comments,
  ].join('\n');
}

/** Runs the tables' statements as one script, in order (inside the caller's transaction when given one). */
export async function createTables<DB>(db: Kysely<DB>, tables: Tables): Promise<void> {
  await sql
    .raw(
      Object.entries(tables)
        .map(([name, table]) => ddl(name, table))
        .join('\n'),
    )
    .execute(db);
}

/**
 * Creates a schema of its own (auth, presence, push: shared by read models or owned by operational state) and
 * its tables, under the schema lock: every schema creation in the product waits for it.
 */
export async function createSchemaTables<DB>(db: Kysely<DB>, schema: string, tables: Tables): Promise<void> {
  await withSchemaLock(db, async (trx) => {
    await sql.raw(`create schema if not exists ${schema}`).execute(trx);
    await createTables(trx, tables);
  });
}
