import type { RecordedEvent } from '@conversa/contracts';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { testDatabase } from '../../services/testing/src/database';
import { CheckpointConflictError, advanceCheckpoint, applyBatch, ensureSchemas, resetCheckpoint } from '../src/checkpoints';
import type { Projector } from '../src/projector';
import { type Harness, checkpointOf, openHarness, waitFor, within } from './fixtures/harness';
import { appendIncrements, eventLogProjector } from './fixtures/model';

let database: Awaited<ReturnType<typeof testDatabase>>;
let h: Harness;
let run = 0;
let name: string;

beforeAll(async () => {
  database = await testDatabase('projector_lease');
});
afterAll(async () => {
  await database.drop();
});
beforeEach(async () => {
  run += 1;
  name = `lease_log_${run}`;
  h = await openHarness(database.url, `es_${run}`);
  return () => h.close();
});

function counting(projector: Projector) {
  const handled: RecordedEvent[] = [];
  return {
    handled,
    projector: { ...projector, handle: async (trx: any, events: readonly RecordedEvent[]) => (handled.push(...events), projector.handle(trx, events)) },
  };
}

/** The store's events once all `count` are readable: a transaction still running elsewhere (another test file's) can hold $all back a moment. */
const allEvents = (count: number) =>
  waitFor(
    async () => {
      const events = await h.store.readAll();
      return events.length === count ? events : undefined;
    },
    10_000,
    `${count} readable events`,
  );

async function logCounts() {
  const { rows } = await sql<{
    n: number;
    distinct: number;
  }>`select count(*)::int as n, count(distinct event_id)::int as distinct from ${sql.table(`read.${name}`)}`.execute(h.db);
  return rows[0]!;
}

it('runs a projector on one instance only; the other takes over promptly when the first stops', async () => {
  const a = counting(eventLogProjector({ name, table: name }));
  const b = counting(eventLogProjector({ name, table: name }));
  const first = h.runtime({ projectors: [a.projector] });
  await first.start();
  await waitFor(() => first.status()[0]?.state === 'running', 10_000, 'the first to own the projector');
  const second = h.runtime({ projectors: [b.projector] });
  await second.start();
  await waitFor(() => second.status()[0]?.state === 'waiting', 10_000, 'the second to queue');

  const head = await appendIncrements(h.store, { total: 300, streams: 6 });
  await first.waitForPosition(head);
  expect(a.handled).toHaveLength(300);
  expect(b.handled).toHaveLength(0);
  expect(second.status()[0]?.state).toBe('waiting');

  const stoppedAt = Date.now();
  await first.stop();
  await waitFor(() => second.status()[0]?.state === 'running', 5_000, 'the takeover');
  expect(Date.now() - stoppedAt).toBeLessThan(1000);

  const tail = await appendIncrements(h.store, { total: 200, streams: 4, prefix: 'after' });
  await second.waitForPosition(tail);
  expect(b.handled).toHaveLength(200);
  expect(await logCounts()).toEqual({ n: 500, distinct: 500 });
});

it('gives the projector up when its lease connection dies, and the standby carries on without doubles', async () => {
  const first = h.runtime({ projectors: [eventLogProjector({ name, table: name })], retry: { initialMs: 10 } });
  await first.start();
  await waitFor(() => first.status()[0]?.state === 'running', 10_000, 'the first to own the projector');
  const second = h.runtime({ projectors: [eventLogProjector({ name, table: name })] });
  await second.start();
  await waitFor(() => second.status()[0]?.state === 'waiting', 10_000, 'the second to queue');
  await first.waitForPosition(await appendIncrements(h.store, { total: 100, streams: 4 }));

  // Kill the session holding the lock, as a network cut or a Postgres failover would.
  const { rows } = await sql<{ pid: number }>`
    select l.pid from pg_locks l join pg_stat_activity a on a.pid = l.pid
    where l.locktype = 'advisory' and l.granted and a.application_name = ${`conversa-projector:${name}`} and a.datname = current_database()`.execute(h.db);
  expect(rows).toHaveLength(1);
  await sql`select pg_terminate_backend(${rows[0]!.pid})`.execute(h.db);
  const states = () => `first ${JSON.stringify(first.status()[0]?.state)}, second ${JSON.stringify(second.status()[0]?.state)}`;
  await waitFor(
    () => second.status()[0]?.state === 'running',
    5_000,
    () => `the takeover (${states()})`,
  );
  await waitFor(
    () => first.status()[0]?.state === 'waiting',
    5_000,
    () => `the first to queue again (${states()})`,
  );

  const tail = await appendIncrements(h.store, { total: 150, streams: 3, prefix: 'after' });
  await second.waitForPosition(tail);
  expect(await logCounts()).toEqual({ n: 250, distinct: 250 });
});

it('fences the checkpoint: a commit from a stale position is refused', async () => {
  await ensureSchemas(h.db);
  await resetCheckpoint(h.db, name, 1);
  const p1 = { commit: 10n, prepare: 1n };
  const p2 = { commit: 11n, prepare: 2n };
  await h.db.transaction().execute((trx) => advanceCheckpoint(trx, name, 1, 'start', p1));
  await expect(h.db.transaction().execute((trx) => advanceCheckpoint(trx, name, 1, 'start', p2))).rejects.toBeInstanceOf(CheckpointConflictError);
  await expect(h.db.transaction().execute((trx) => advanceCheckpoint(trx, name, 2, p1, p2))).rejects.toBeInstanceOf(CheckpointConflictError);
  await h.db.transaction().execute((trx) => advanceCheckpoint(trx, name, 1, p1, p2));
  expect(await checkpointOf(h.db, name)).toMatchObject({ version: 1, commit_position: '11', prepare_position: '2' });
});

it('fences a whole batch: sent with its begin (pipelined), the work of a stale batch is rolled back and the moved checkpoint reported', async () => {
  const projector = eventLogProjector({ name, table: name });
  await ensureSchemas(h.db);
  await projector.migrate(h.db);
  await resetCheckpoint(h.db, name, 1);
  const tail = await appendIncrements(h.store, { total: 4, streams: 1, prefix: 'fenced' });
  const events = await allEvents(4);
  expect(events.at(-1)?.position).toEqual(tail);
  await applyBatch(h.db, projector, 'start', events.slice(0, 2), { pipelined: true });
  // A second instance that still believes the projector stands at the start.
  await expect(applyBatch(h.db, projector, 'start', events.slice(0, 2), { pipelined: true })).rejects.toBeInstanceOf(CheckpointConflictError);
  await expect(applyBatch(h.db, projector, 'start', events.slice(2), { pipelined: false })).rejects.toBeInstanceOf(CheckpointConflictError);
  expect(await logCounts()).toEqual({ n: 2, distinct: 2 });
  await applyBatch(h.db, projector, events[1]!.position, events.slice(2), { pipelined: true });
  expect(await logCounts()).toEqual({ n: 4, distinct: 4 });
  expect(await checkpointOf(h.db, name)).toMatchObject({ commit_position: tail.commit.toString(), prepare_position: tail.prepare.toString() });
});

it("sends a pipelined batch's first statement without waiting for its begin to be answered", async () => {
  const projector = eventLogProjector({ name, table: name });
  await ensureSchemas(h.db);
  await projector.migrate(h.db);
  await resetCheckpoint(h.db, name, 1);
  await appendIncrements(h.store, { total: 2, streams: 1, prefix: 'piped' });
  const events = await allEvents(2);
  // Every statement sent, with how many were still unanswered on its connection as it went out.
  const sent: { text: string; unanswered: number }[] = [];
  const unanswered = new WeakMap<object, number>();
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const config = args[0] as string | { text: string };
    const waiting = unanswered.get(this) ?? 0;
    sent.push({ text: typeof config === 'string' ? config : config.text, unanswered: waiting });
    unanswered.set(this, waiting + 1);
    const answer = (query as (...a: unknown[]) => Promise<unknown>).apply(this, args);
    const settled = () => unanswered.set(this, (unanswered.get(this) ?? 1) - 1);
    void answer.then(settled, settled);
    return answer;
  } as typeof query;
  try {
    await applyBatch(h.db, projector, 'start', events, { pipelined: true });
  } finally {
    pg.Client.prototype.query = query;
  }
  const begin = sent.findIndex((statement) => statement.text.startsWith('begin;'));
  expect(begin).toBeGreaterThanOrEqual(0);
  expect(sent[begin + 1]).toMatchObject({ text: expect.stringContaining('insert into'), unanswered: 1 });
  expect(sent.at(-1)).toMatchObject({ text: 'commit' });
  expect(await logCounts()).toEqual({ n: 2, distinct: 2 });
});

it('stops promptly while still queueing for a lease', async () => {
  const first = h.runtime({ projectors: [eventLogProjector({ name, table: name })] });
  await first.start();
  await waitFor(() => first.status()[0]?.state === 'running', 10_000, 'the first to own the projector');
  const second = h.runtime({ projectors: [eventLogProjector({ name, table: name })] });
  await second.start();
  await waitFor(() => second.status()[0]?.state === 'waiting', 10_000, 'the second to queue');
  await within(2_000, second.stop(), () => JSON.stringify(second.status()));
  expect(second.status()[0]?.state).toBe('stopped');
  // Its cancelled wait left nothing queued: the owner still hands over at once to a newcomer.
  await first.stop();
  const third = h.runtime({ projectors: [eventLogProjector({ name, table: name })] });
  await third.start();
  await waitFor(() => third.status()[0]?.state === 'running', 1_000, 'the newcomer to own the projector');
});
