import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testDatabase } from '../../testing/src/database';
import { withSchemaLock } from '../src/schemas';

let database: Awaited<ReturnType<typeof testDatabase>>;
let db: Kysely<any>;

beforeAll(async () => {
  database = await testDatabase('projector_schemas');
  db = new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.url, max: 8 }) }) });
});
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

/** What two read models (users and connections with schema auth) or two processes at start-up do. */
const createShared = (schema: string, table: string) => (trx: Kysely<any>) =>
  sql`
    create schema if not exists ${sql.id(schema)};
    create table if not exists ${sql.id(schema, table)} (id integer primary key);
  `.execute(trx);

it('creates the same schema from many connections at once, on its own and inside open transactions', async () => {
  for (let round = 0; round < 5; round++) {
    const schema = `shared_${round}`;
    await Promise.all([
      ...Array.from({ length: 4 }, (_, index) => withSchemaLock(db, createShared(schema, `alone_${index % 2}`))),
      // A projector's rebuild migrates inside its transaction: the lock lasts until that commits.
      ...Array.from({ length: 4 }, (_, index) => db.transaction().execute((trx) => withSchemaLock(trx, createShared(schema, `in_transaction_${index % 2}`)))),
    ]);
    const { rows } = await sql<{ table_name: string }>`select table_name from information_schema.tables where table_schema = ${schema} order by table_name`.execute(db);
    expect(rows.map((row) => row.table_name)).toEqual(['alone_0', 'alone_1', 'in_transaction_0', 'in_transaction_1']);
  }
});
