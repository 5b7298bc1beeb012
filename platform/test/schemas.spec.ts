import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testDatabase } from '../../services/testing/src/database';
import { ensureSchemas } from '../src/checkpoints';
import { resetProjection } from '../src/rebuild';
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
    const { rows } = await sql<{
      table_name: string;
    }>`select table_name from information_schema.tables where table_schema = ${schema} order by table_name`.execute(db);
    expect(rows.map((row) => row.table_name)).toEqual(['alone_0', 'alone_1', 'in_transaction_0', 'in_transaction_1']);
  }
});

it('creates a shared schema in a rebuild that first dropped its tables while another rebuild was creating it', async () => {
  const projector = (schema: string, table: string) => ({
    name: `schemas_${schema}_${table}`,
    version: 1,
    tables: [`${schema}.${table}`],
    migrate: (trx: Kysely<any>) => withSchemaLock(trx, createShared(schema, table)),
  });
  await ensureSchemas(db);
  for (let round = 0; round < 3; round++) {
    const schema = `rebuilt_${round}`;
    // The drop looks the schema up before the lock: a name it did not find then stays "missing" in
    // that backend's catalog cache unless the lock comes first.
    await Promise.all(Array.from({ length: 6 }, (_, index) => resetProjection(db, projector(schema, `t_${index}`) as never)));
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from information_schema.tables where table_schema = ${schema}`.execute(db);
    expect(rows[0]?.n).toBe(6);
  }
});
