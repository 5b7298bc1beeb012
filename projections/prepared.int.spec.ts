import { testDatabase } from '@conversa/testing/database';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { prepareMarkedStatements, preparedRows } from './prepared';

let database: Awaited<ReturnType<typeof testDatabase>>;
let db: Kysely<any>;

beforeAll(async () => {
  database = await testDatabase('prepared');
  // One connection: the statements a query prepared are visible to the next query on it.
  const pool = new pg.Pool({ connectionString: database.url, max: 1 });
  prepareMarkedStatements(pool);
  db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
  await sql`create table things (id int primary key, name text)`.execute(db);
  await sql`insert into things values (1, 'one'), (2, 'two')`.execute(db);
});

afterAll(async () => {
  await db.destroy();
  await database.drop();
});

const preparedTexts = async () => (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db)).rows.map((row) => row.statement);

it('sends a marked query named: parsed and planned once per connection, answering each value bound', async () => {
  const byId = (id: number) => preparedRows(db, db.selectFrom('things').selectAll().where('id', '=', id));
  expect(await byId(1)).toEqual([{ id: 1, name: 'one' }]);
  expect(await byId(2)).toEqual([{ id: 2, name: 'two' }]);
  expect(await preparedTexts()).toEqual(['select * from "things" where "id" = $1']);
  // Unmarked queries keep the unnamed statement.
  await db.selectFrom('things').select('name').where('id', '=', 1).execute();
  expect(await preparedTexts()).toHaveLength(1);
});

it('answers after the table changed shape under a prepared statement, and no longer prepares that text', async () => {
  const all = () => preparedRows(db, db.selectFrom('things').selectAll().where('id', '>', 0).orderBy('id'));
  expect(await all()).toHaveLength(2);
  await sql`alter table things add column note text`.execute(db);
  expect(await all()).toEqual([
    { id: 1, name: 'one', note: null },
    { id: 2, name: 'two', note: null },
  ]);
  expect(await all()).toHaveLength(2);
});
