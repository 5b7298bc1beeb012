import type { ColumnType } from 'kysely';

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
