import { ANALYST_ROLE } from '@conversa/projections/analysts';
import { sql } from 'kysely';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';

/** docs/read-models.md, read by the test: the page and its checks cannot drift apart. */
const page = readFileSync(new URL('../../../docs/read-models.md', import.meta.url), 'utf8');
const STALE = 'docs/read-models.md is out of date: run `npx -y pnpm@10 docs:read-models`';

/** The page's tables (`## schema.table`) and the columns each one lists. */
function documentedTables(): Record<string, string[]> {
  const tables: Record<string, string[]> = {};
  let current: string[] | undefined;
  for (const line of page.split('\n')) {
    const heading = /^## (\w+\.\w+)$/.exec(line);
    if (heading) tables[heading[1]!] = current = [];
    else if (line.startsWith('## ')) current = undefined;
    const column = /^\| `(\w+)` \|/.exec(line);
    if (column && current) current.push(column[1]!);
  }
  return tables;
}

/** Every statement of the page's ```sql blocks (a statement ends with `;` at the end of a line). */
function exampleQueries(): string[] {
  const blocks = [...page.matchAll(/```sql\n([\s\S]*?)```/g)].map((match) => match[1]!);
  return blocks.flatMap((block) =>
    block
      .split(/;\s*$/m)
      .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
      .filter((statement) => statement.length > 0),
  );
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/** The tables the analyst role may read, whole or some columns, with all their columns: what the page must list. */
async function readableTables(): Promise<Record<string, string[]>> {
  const { rows } = await sql<{ name: string; columns: string[] }>`
    select n.nspname || '.' || c.relname as name, array_agg(a.attname::text order by a.attnum) as columns
    from pg_class c join pg_namespace n on n.oid = c.relnamespace join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
      and (has_table_privilege(${ANALYST_ROLE}, c.oid, 'select') or exists (
        select 1 from pg_attribute x where x.attrelid = c.oid and x.attnum > 0 and not x.attisdropped and has_column_privilege(${ANALYST_ROLE}, c.oid, x.attnum, 'select')))
    group by 1`.execute(server.wiring.db);
  return Object.fromEntries(rows.map((row) => [row.name, row.columns]));
}

/** Runs `statement` as the analyst role, in a transaction rolled back. */
const asAnalyst = (statement: string) =>
  server.wiring.db.transaction().execute(async (trx) => {
    await sql`set local role ${sql.raw(ANALYST_ROLE)}`.execute(trx);
    return sql.raw(statement).execute(trx);
  });

it('documents every table the analyst role may read (read.dashboard_* and webhooks.deliveries among them), with every column, and nothing else', async () => {
  const documented = documentedTables();
  expect(Object.keys(documented)).toEqual(expect.arrayContaining(['read.dashboard_tickets', 'read.tickets', 'webhooks.deliveries']));
  // The projectors make their tables as they start: wait until every one is there.
  await expect.poll(async () => Object.keys(await readableTables()).sort(), { timeout: 30_000, message: STALE }).toEqual(Object.keys(documented).sort());
  const readable = await readableTables();
  for (const [table, columns] of Object.entries(documented)) expect(columns, `${table}: ${STALE}`).toEqual(readable[table]);
  // No table of auth, the event store or the channels' secrets is readable (nor listed).
  expect(Object.keys(readable).filter((table) => !/^(read|webhooks)\./.test(table))).toEqual([]);
});

it('runs every example query of the page as the analyst role', async () => {
  const queries = exampleQueries();
  expect(queries.length).toBeGreaterThanOrEqual(5);
  expect(queries.some((query) => query.includes('webhooks.deliveries'))).toBe(true);
  for (const query of queries)
    await expect(
      asAnalyst(query).then(() => 'ran'),
      query,
    ).resolves.toBe('ran');
});

it("lets the analyst read a webhook delivery's course but not its bodies", async () => {
  await expect(
    asAnalyst('select id, event, status, attempts, response_status, error, correlation_id from webhooks.deliveries limit 1').then(() => 'ran'),
  ).resolves.toBe('ran');
  for (const column of ['body', 'response_body']) {
    await expect(asAnalyst(`select ${column} from webhooks.deliveries limit 1`)).rejects.toThrow(/permission denied/);
  }
  await expect(asAnalyst('select * from eventstore.events limit 1')).rejects.toThrow(/permission denied/);
});
