import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testDatabase } from '../../services/testing/src/database';
import { rebuildProjector } from '../src/rebuild';
import { type Harness, openHarness, silentLogger, tableRows, waitFor } from './fixtures/harness';
import { appendIncrements, countersProjector, eventLogProjector, renamed } from './fixtures/model';

let database: Awaited<ReturnType<typeof testDatabase>>;
let h: Harness;
let child: ChildProcess | undefined;

beforeAll(async () => {
  database = await testDatabase('projector_crash');
  h = await openHarness(database.url);
});
afterAll(async () => {
  child?.kill('SIGKILL');
  await h.close();
  await database.drop();
});

const root = fileURLToPath(new URL('../../', import.meta.url));
const script = fileURLToPath(new URL('./fixtures/run-projector.ts', import.meta.url));

async function logCounts(table: string) {
  const { rows } = await sql<{
    n: number;
    distinct: number;
  }>`select count(*)::int as n, count(distinct event_id)::int as distinct from ${sql.table(table)}`.execute(h.db);
  return rows[0]!;
}

it('a projector process killed mid-replay resumes elsewhere with the same tables as a clean rebuild', async () => {
  const total = 6000;
  await appendIncrements(h.store, { total, streams: 30, perAppend: 40 });
  // Not store.headPosition(): a transaction of another test file can hold the cluster's read horizon back.
  const { position: head } = await h.store.appendToStream('counter-3', [renamed('three')]);

  // `node --import tsx`, not the tsx binary: that one forks, and SIGKILL would only reach the wrapper.
  child = spawn(process.execPath, ['--import', 'tsx', script, database.url, 'eventstore', 'crash_counters', 'crash_log', '3'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child!.once('exit', () => resolve()));

  // Mid-way: the child owns both projectors and has committed a good part, not all.
  await waitFor(async () => (await logCounts('read.crash_log').catch(() => ({ n: 0 }))).n >= 1500, 30_000, 'the child to commit 1500 events');
  const standby = h.runtime({
    projectors: [countersProjector({ name: 'crash_counters', table: 'crash_counters' }), eventLogProjector({ name: 'crash_log', table: 'crash_log' })],
  });
  await standby.start();
  await waitFor(() => standby.status().every((s) => s.state === 'waiting'), 5_000, 'the standby to queue for the leases');
  const before = await logCounts('read.crash_log');
  expect(before.n).toBeLessThan(total);

  child.kill('SIGKILL');
  const killedAt = Date.now();
  await exited;
  await waitFor(() => standby.status().every((s) => s.state === 'running'), 5_000, 'the standby to take over');
  expect(Date.now() - killedAt).toBeLessThan(1000);

  await standby.waitForPosition(head);
  expect(await logCounts('read.crash_log')).toEqual({ n: total, distinct: total });

  // The reference: the same projectors rebuilt from zero into other tables, by nobody who crashed.
  await rebuildProjector({
    db: h.db,
    connectionString: h.url,
    store: h.store,
    projector: countersProjector({ name: 'clean_counters', table: 'clean_counters' }),
    logger: silentLogger,
  });
  await rebuildProjector({
    db: h.db,
    connectionString: h.url,
    store: h.store,
    projector: eventLogProjector({ name: 'clean_log', table: 'clean_log' }),
    logger: silentLogger,
  });
  const counters = await tableRows(h.db, 'read.crash_counters', 'stream_id');
  expect(counters).toHaveLength(30);
  expect(counters).toEqual(await tableRows(h.db, 'read.clean_counters', 'stream_id'));
  // `seq` is a serial that rolled-back inserts consume, so compare what each row says, not its number.
  const entries = (rows: unknown[]) =>
    (rows as Array<{ event_id: string; commit_position: string; prepare_position: string }>)
      .map((r) => `${r.commit_position}/${r.prepare_position} ${r.event_id}`)
      .sort();
  expect(entries(await tableRows(h.db, 'read.crash_log', 'seq'))).toEqual(entries(await tableRows(h.db, 'read.clean_log', 'seq')));
}, 90_000); // Two processes, a kill and a full replay: on a busy two-core machine this takes ~30 s.
