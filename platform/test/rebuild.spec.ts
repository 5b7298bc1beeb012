import type { Position } from '@conversa/contracts';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testDatabase } from '../../services/testing/src/database';
import { runRebuildCommand } from '../src/cli';
import { acquireLease } from '../src/lease';
import { describeRebuildProgress, LeaseBusyError, rebuildProjector, throttledProgress, type RebuildProgress } from '../src/rebuild';
import { type Harness, checkpointOf, openHarness, recordingLogger, silentLogger, tableRows, waitFor, within } from './fixtures/harness';
import { appendIncrements, countersProjector, createTestRegistry, ignored, renamed } from './fixtures/model';

let database: Awaited<ReturnType<typeof testDatabase>>;
let h: Harness;
/** The last event the counters handle; after it come only events they ignore. */
let lastHandled: Position;
/** Not store.headPosition(): a transaction of another test file can hold the cluster's read horizon back. */
let head: Position;

beforeAll(async () => {
  database = await testDatabase('projector_rebuild');
  h = await openHarness(database.url);
  await appendIncrements(h.store, { total: 400, streams: 8 });
  lastHandled = (await h.store.appendToStream('counter-1', [renamed('one')])).position;
  head = (await h.store.appendToStream('elsewhere', [ignored(), ignored()])).position;
});
afterAll(async () => {
  await h.close();
  await database.drop();
});

it('waits for a running instance to let go, then replays every handled event to the head', async () => {
  const projector = countersProjector({ name: 'rebuilt', table: 'rebuilt' });
  const runtime = h.runtime({ projectors: [projector] });
  await runtime.start();
  const status = () => JSON.stringify(runtime.status(), (_, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
  await within(10_000, runtime.waitForPosition(head), status);
  const live = await tableRows(h.db, 'read.rebuilt', 'stream_id');
  await h.db.updateTable('read.rebuilt').set({ total: 0 }).execute();

  const logger = recordingLogger();
  let done = false;
  const rebuilding = rebuildProjector({ db: h.db, connectionString: h.url, store: h.store, projector, logger }).finally(() => (done = true));
  await waitFor(() => logger.lines.some((line) => line.includes('is held by a running instance')), 10_000, 'the operator to be told');
  expect(done).toBe(false);
  await within(10_000, runtime.stop(), status);

  const result = await within(10_000, rebuilding, () => logger.lines.join(' | '));
  expect(result).toMatchObject({ projector: 'rebuilt', events: 401, position: lastHandled });
  expect(result.ms).toBeGreaterThan(0);
  expect(logger.lines.some((line) => line.startsWith('Rebuilt rebuilt: 401 events in'))).toBe(true);
  expect(await tableRows(h.db, 'read.rebuilt', 'stream_id')).toEqual(live);
  expect(await checkpointOf(h.db, 'rebuilt')).toMatchObject({
    version: 1,
    commit_position: lastHandled.commit.toString(),
    prepare_position: lastHandled.prepare.toString(),
  });
});

it('runs as the `rebuild` command with an injected projector list', async () => {
  const projectors = [countersProjector({ name: 'cli_a', table: 'cli_a' }), countersProjector({ name: 'cli_b', table: 'cli_b' })];
  const logger = recordingLogger();
  const context = { projectors, registry: createTestRegistry(), logger };
  expect(await runRebuildCommand(['all', '--database-url', database.url], context)).toBe(0);
  expect(logger.lines.filter((line) => /^Rebuilt cli_[ab]: 401 events/.test(line))).toHaveLength(2);
  expect(await tableRows(h.db, 'read.cli_a', 'stream_id')).toEqual(await tableRows(h.db, 'read.cli_b', 'stream_id'));

  expect(await runRebuildCommand(['nope', '--database-url', database.url], context)).toBe(2);
  expect(logger.lines.at(-1)).toContain('Unknown projector "nope"');
  expect(await runRebuildCommand(['cli_a'], { ...context, env: {} })).toBe(2);
});

it('gives up with LeaseBusyError after a bounded wait while a running instance holds the lease', async () => {
  const projector = countersProjector({ name: 'held', table: 'held' });
  const held = await acquireLease(h.url, 'held');
  try {
    const logger = recordingLogger();
    const error = await rebuildProjector({ db: h.db, connectionString: h.url, store: h.store, projector, logger, leaseWaitMs: 300 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LeaseBusyError);
    expect((error as Error).message).toMatch(
      /^Projector held is held by a running instance \(pid \d+, conversa-projector:held.*\); gave up after \d+ s\. Stop the process/,
    );
    expect(logger.lines.some((line) => line.includes('waiting for it to stop (at most 0 s)'))).toBe(true);
  } finally {
    await held.release();
  }
});

it('reports progress after each batch: events done of the total, up to the last', async () => {
  const projector = countersProjector({ name: 'progressed', table: 'progressed' });
  const seen: RebuildProgress[] = [];
  await rebuildProjector({
    db: h.db,
    connectionString: h.url,
    store: h.store,
    projector,
    logger: silentLogger,
    batchSize: 100,
    onProgress: (p) => seen.push(p),
  });
  expect(seen.length).toBeGreaterThanOrEqual(5);
  expect(seen.every((p) => p.total === 401 && p.projector === 'progressed')).toBe(true);
  expect(seen.map((p) => p.done)).toEqual([...seen.map((p) => p.done)].sort((a, b) => a - b));
  expect(seen.at(-1)!.done).toBe(401);
});

it('writes progress lines with the rate and the time left, at most one a second but always the last', () => {
  expect(describeRebuildProgress({ projector: 'contacts', done: 12_000, total: 50_000, elapsedMs: 4000 })).toBe(
    'contacts: 12000 / 50000 events (24%), 3000 events/s, ETA 13 s',
  );
  expect(describeRebuildProgress({ projector: 'tickets', done: 1000, total: 1_000_000, elapsedMs: 1000 })).toBe(
    'tickets: 1000 / 1000000 events (0%), 1000 events/s, ETA 16 min 39 s',
  );
  expect(describeRebuildProgress({ projector: 'tags', done: 5, total: 5, elapsedMs: 10 })).toBe('tags: 5 / 5 events (100%), 500 events/s, done');
  let now = 0;
  const lines: string[] = [];
  const report = throttledProgress((line) => lines.push(line), { now: () => now });
  for (const done of [100, 200, 300]) {
    now += 600;
    report({ projector: 'p', done, total: 400, elapsedMs: now });
  }
  now += 100;
  report({ projector: 'p', done: 400, total: 400, elapsedMs: now });
  expect(lines).toEqual([
    'p: 100 / 400 events (25%), 167 events/s, ETA 2 s',
    'p: 300 / 400 events (75%), 167 events/s, ETA 1 s',
    'p: 400 / 400 events (100%), 211 events/s, done',
  ]);
});

it('rebuilds a projector with no events to replay', async () => {
  const projector = { ...countersProjector({ name: 'empty', table: 'empty' }), eventTypes: ['NeverAppended'] };
  const result = await rebuildProjector({ db: h.db, connectionString: h.url, store: h.store, projector, logger: silentLogger });
  expect(result).toMatchObject({ events: 0, position: 'start' });
  expect(await tableRows(h.db, 'read.empty', 'stream_id')).toEqual([]);
});

it('runs directly with tsx, taking the projectors from a module', async () => {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  // `node --import tsx` is what the tsx binary runs, minus its wrapper process.
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      '--import',
      'tsx',
      'platform/src/cli.ts',
      'rebuild',
      'cli_direct',
      '--database-url',
      database.url,
      '--projectors',
      'platform/test/fixtures/cli-projectors.ts',
    ],
    { cwd: root },
  );
  expect(stdout).toMatch(/^Rebuilt cli_direct: 401 events in [\d.]+ s/m);
  expect(await tableRows(h.db, 'read.cli_direct', 'stream_id')).toEqual(await tableRows(h.db, 'read.cli_a', 'stream_id'));
});
