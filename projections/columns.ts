import type { ColumnType, Insertable, SelectQueryBuilder } from 'kysely';

/**
 * Column types shared by the read models' tables. Reads see what node-postgres returns (wiring
 * only re-parses `date`, which stays a string); writes take what the projectors pass.
 */

/** timestamptz: read as a Date; written as a Date or an ISO string (event times arrive as strings). */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** bigint / bigserial: node-postgres answers int8 as a string, since it may exceed a JS number. */
export type Int8 = ColumnType<string, string | number | bigint, string | number | bigint>;

/** jsonb: read parsed; written as its JSON text, since pg would send a JS array as a Postgres array. */
export type Json<T> = ColumnType<T, string, string>;

/** jsonb with a default: the insert may leave it out. */
export type JsonWithDefault<T> = ColumnType<T, string | undefined, string>;

/** The part of a row a field → column map writes. */
export type MappedRow<Row, Column extends keyof Row> = Pick<Insertable<Row>, Extract<Column, keyof Insertable<Row>>>;

/** What each field must hold: what its column takes, or anything its encoder turns into that. */
type FieldValues<Row, Map extends Record<string, keyof Row>, Encoded extends PropertyKey> = {
  [Field in keyof Map]: Field extends Encoded ? unknown : Map[Field] extends keyof Insertable<Row> ? Insertable<Row>[Map[Field]] : never;
};

/**
 * A read model's map from an event's fields to the columns that store them, as a function from an
 * event's data to that part of the row: all of it when the data carries every field (a creation),
 * only the fields present otherwise (a change names only what changed; the rest keeps its column).
 * Columns and value types are checked against the table; `encode` turns a field's value into what
 * its column takes (jsonb as JSON text).
 */
export const fieldColumns =
  <Row>() =>
  <
    const Map extends Readonly<Record<string, keyof Row & string>>,
    const Encode extends { [Field in keyof Map]?: (value: never) => unknown } = Record<never, never>,
  >(
    map: Map,
    encode: Encode = {} as Encode,
  ) => {
    type Values = FieldValues<Row, Map, keyof Encode>;
    function row(fields: { [Field in keyof Map]-?: Values[Field] }): MappedRow<Row, Map[keyof Map]>;
    function row(fields: { [Field in keyof Map]?: Values[Field] }): Partial<MappedRow<Row, Map[keyof Map]>>;
    function row(fields: { [Field in keyof Map]?: unknown }): Partial<MappedRow<Row, Map[keyof Map]>> {
      const columns: Record<string, unknown> = {};
      for (const field of Object.keys(map) as (keyof Map & string)[]) {
        const value = fields[field];
        if (value === undefined) continue;
        const encoder = encode[field] as ((value: unknown) => unknown) | undefined;
        columns[map[field] as string] = encoder ? encoder(value) : value;
      }
      // Each field's value lands in the column the map pairs with it.
      return columns as Partial<MappedRow<Row, Map[keyof Map]>>;
    }
    return row;
  };

/**
 * Kysely's builders are invariant in their database and tables: a helper shared by queries over several
 * tables (read.tickets and read.ticket_counts, a fenced sub-select) can only leave them open.
 */
// oxlint-disable-next-line typescript/no-explicit-any
export type OpenTables = any;
/** A select over tables left open (see OpenTables). */
export type OpenQuery = SelectQueryBuilder<OpenTables, OpenTables, OpenTables>;
