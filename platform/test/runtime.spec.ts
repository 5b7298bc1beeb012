import { type Position, type RecordedEvent, comparePositions } from '@conversa/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDatabase } from '../../services/testing/src/database';
import { rebuildProjector } from '../src/rebuild';
import type { Projector } from '../src/projector';
import { type Harness, checkpointOf, openHarness, recordingBus, silentLogger, tableRows, waitFor } from './fixtures/harness';
import { appendIncrements, countersProjector, eventLogProjector, ignored, incremented, renamed, serializationFailure } from './fixtures/model';

let database: Awaited<ReturnType<typeof testDatabase>>;
let h: Harness;

beforeAll(async () => {
  database = await testDatabase('projector_runtime');
});
afterAll(async () => {
  await database.drop();
});

// Each test gets fresh tables, checkpoints and events: a new event store schema and new projector names.
let run = 0;
let names: { counters: string; log: string; schema: string };
beforeEach(async () => {
  run += 1;
  names = { counters: `counters_${run}`, log: `log_${run}`, schema: `es_${run}` };
  h = await openHarness(database.url, names.schema);
  return () => h.close();
});

const counters = (options: Parameters<typeof countersProjector>[0] = {}) => countersProjector({ name: names.counters, table: names.counters, ...options });
const eventLog = () => eventLogProjector({ name: names.log, table: names.log });

/** Wraps a projector to see exactly which events it was handed (including batches later rolled back). */
function observed(projector: Projector) {
  const handled: RecordedEvent[] = [];
  return {
    handled,
    projector: { ...projector, handle: async (trx: any, events: readonly RecordedEvent[]) => (handled.push(...events), projector.handle(trx, events)) },
  };
}

async function cleanRebuildEquals(table: string, makeClean: (name: string) => Projector) {
  const clean = makeClean(`${table}_clean`);
  await rebuildProjector({ db: h.db, connectionString: h.url, store: h.store, projector: clean, logger: silentLogger });
  expect(await tableRows(h.db, `read.${table}`, 'stream_id')).toEqual(await tableRows(h.db, `read.${table}_clean`, 'stream_id'));
}

describe('projection runtime', () => {
  it('commits rows and checkpoint together; a batch failing for a transient reason leaves neither, and a restart equals a clean rebuild', async () => {
    const projector = counters({ failWhen: () => true, failWith: serializationFailure });
    const runtime = h.runtime({ projectors: [projector], retry: { initialMs: 60_000 } });
    await runtime.start();
    const first = await h.store.appendToStream('counter-a', [incremented(2), incremented(3)]);
    await runtime.waitForPosition(first.position);
    const before = await checkpointOf(h.db, names.counters);
    expect(before?.commit_position).toBe(first.position.commit.toString());

    // One append, one batch: the first event's row is written before the second one throws.
    const failing = await h.store.appendToStream('counter-b', [incremented(5), incremented(1, { fail: true })]);
    await waitFor(() => runtime.status()[0]?.state === 'retrying', 10_000, 'the failing batch');
    expect(await h.db.selectFrom(`read.${names.counters}`).selectAll().where('stream_id', '=', 'counter-b').execute()).toEqual([]);
    expect(await checkpointOf(h.db, names.counters)).toEqual(before);
    await runtime.stop();

    const fixed = h.runtime({ projectors: [counters({ failWhen: () => false })] });
    await fixed.start();
    await fixed.waitForPosition(failing.position);
    expect(await h.db.selectFrom(`read.${names.counters}`).select(['total', 'events']).where('stream_id', '=', 'counter-b').executeTakeFirst()).toEqual({
      total: '6',
      events: 2,
    });
    await cleanRebuildEquals(names.counters, (name) => counters({ name, table: name, failWhen: () => false }));
  });

  it('restarts a projector after a transient failure from its checkpoint with backoff, never skipping nor doubling the failing events', async () => {
    const logged = observed(counters({ failWhen: (attempt) => attempt <= 2, failWith: serializationFailure }));
    const runtime = h.runtime({ projectors: [logged.projector], retry: { initialMs: 10, maxMs: 50 }, batchSize: 10 });
    await runtime.start();
    await appendIncrements(h.store, { total: 30, streams: 3, perAppend: 5 });
    const failing = await h.store.appendToStream('counter-x', [incremented(4), incremented(6, { fail: true })]);
    const tail = await appendIncrements(h.store, { total: 20, streams: 2, prefix: 'tail', perAppend: 5 });
    await runtime.waitForPosition(tail);
    expect(comparePositions(tail, failing.position)).toBeGreaterThan(0);

    // Handed three times (two rolled back), applied once.
    expect(logged.handled.filter((event) => (event.data as { fail?: boolean }).fail)).toHaveLength(3);
    expect(await h.db.selectFrom(`read.${names.counters}`).select(['total', 'events']).where('stream_id', '=', 'counter-x').executeTakeFirst()).toEqual({
      total: '10',
      events: 2,
    });
    await cleanRebuildEquals(names.counters, (name) => counters({ name, table: name, failWhen: () => false }));
  });

  it('resumes from its checkpoint after a restart and processes only the rest', async () => {
    const first = h.runtime({ projectors: [eventLog()] });
    await first.start();
    await first.waitForPosition(await appendIncrements(h.store, { total: 120, streams: 4 }));
    await first.stop();
    const tail = await appendIncrements(h.store, { total: 45, streams: 3, prefix: 'later' });

    const logged = observed(eventLog());
    const second = h.runtime({ projectors: [logged.projector] });
    await second.start();
    await second.waitForPosition(tail);
    expect(logged.handled).toHaveLength(45);
    expect(logged.handled.every((event) => event.streamId.startsWith('later-'))).toBe(true);
    const { rows } = await sql<{
      n: number;
      distinct: number;
    }>`select count(*)::int as n, count(distinct event_id)::int as distinct from ${sql.table(`read.${names.log}`)}`.execute(h.db);
    expect(rows[0]).toEqual({ n: 165, distinct: 165 });
  });

  it('rebuilds when the projector version changes, and only then', async () => {
    const v1 = h.runtime({ projectors: [counters({ version: 1 })] });
    await v1.start();
    const head = await appendIncrements(h.store, { total: 40, streams: 4 });
    await v1.waitForPosition(head);
    await v1.stop();
    const expected = await tableRows(h.db, `read.${names.counters}`, 'stream_id');
    const marker = { stream_id: 'zz-marker', company_id: 1, total: 0, events: 0, label: null, last_type: 'marker' };

    await h.db.insertInto(`read.${names.counters}`).values(marker).execute();
    const same = h.runtime({ projectors: [counters({ version: 1 })] });
    await same.start();
    await same.waitForPosition(head);
    expect(await tableRows(h.db, `read.${names.counters}`, 'stream_id')).toHaveLength(expected.length + 1);
    await same.stop();

    const v2 = h.runtime({ projectors: [counters({ version: 2 })] });
    await v2.start();
    await v2.waitForPosition(head);
    expect(await tableRows(h.db, `read.${names.counters}`, 'stream_id')).toEqual(expected);
    expect((await checkpointOf(h.db, names.counters))?.version).toBe(2);
  });

  it('publishes each change after its batch committed, on company.<id>.<entity>', async () => {
    const observations: Array<{ subject: string; published: unknown; visible: unknown }> = [];
    const bus = recordingBus(async (message) => {
      const counter = (message.data as { counter: { stream_id: string } }).counter;
      // Another connection: sees the row only if the batch has committed.
      const visible = await h.db.selectFrom(`read.${names.counters}`).selectAll().where('stream_id', '=', counter.stream_id).executeTakeFirst();
      observations.push({ subject: message.subject, published: counter, visible });
    });
    const runtime = h.runtime({ projectors: [counters({ failWhen: (attempt) => attempt === 1 })], bus, retry: { initialMs: 10 } });
    await runtime.start();
    // A first start replays history without publishing it; live changes come after that.
    await waitFor(() => runtime.status().every((status) => status.caughtUp), 10_000, 'catch-up');
    await h.store.appendToStream('counter-p', [incremented(2, { companyId: 7 })]);
    await h.store.appendToStream('counter-q', [incremented(1, { companyId: 9 }), renamed('nine', 9)]);
    const failing = await h.store.appendToStream('counter-r', [incremented(1, { companyId: 7, fail: true })]);
    await runtime.waitForPosition(failing.position);
    // waitForPosition answers at commit; the publishes follow it.
    await waitFor(() => observations.length >= 3, 5_000, 'three publishes');

    expect(observations.map((o) => o.subject).sort()).toEqual(['company.7.counter', 'company.7.counter', 'company.9.counter']);
    for (const observation of observations) expect(observation.visible).toEqual(observation.published);
    expect(observations.find((o) => o.subject === 'company.9.counter')?.published).toMatchObject({
      stream_id: 'counter-q',
      total: '1',
      label: 'nine',
      last_type: 'TestRenamed',
    });
    // The rolled-back attempt published nothing: counter-r appears once.
    expect(observations.filter((o) => (o.published as { stream_id: string }).stream_id === 'counter-r')).toHaveLength(1);
  });

  it("names on a frame the correlation id its company's events in the batch share, and none when they differ", async () => {
    const caused = (event: ReturnType<typeof incremented>, correlationId: string) => ({ ...event, metadata: { ...event.metadata, correlationId } });
    const first = h.runtime({ projectors: [counters()] });
    await first.start();
    await waitFor(() => first.status().every((status) => status.caughtUp), 10_000, 'catch-up');
    await first.stop();
    // Appended while no instance runs: the next start reads them as one batch.
    await h.store.appendToStream('counter-a', [caused(incremented(1, { companyId: 7 }), 'request-a'), caused(incremented(2, { companyId: 7 }), 'request-a')]);
    await h.store.appendToStream('counter-b', [caused(incremented(1, { companyId: 8 }), 'request-b1')]);
    const last = await h.store.appendToStream('counter-c', [caused(incremented(1, { companyId: 8 }), 'request-b2')]);
    const bus = recordingBus();
    const second = h.runtime({ projectors: [counters()], bus });
    await second.start();
    await second.waitForPosition(last.position);
    await waitFor(() => bus.messages.length >= 3, 5_000, 'three publishes');
    await second.stop();
    const byStream = Object.fromEntries(bus.messages.map((m) => [(m.data as { counter: { stream_id: string } }).counter.stream_id, m.correlationId]));
    expect(byStream).toEqual({ 'counter-a': 'request-a', 'counter-b': undefined, 'counter-c': undefined });
  });

  it('reports lag in events and age, and zero once caught up', async () => {
    const first = h.runtime({ projectors: [eventLog()] });
    await first.start();
    await first.waitForPosition(await appendIncrements(h.store, { total: 10, streams: 2 }));
    expect(await first.lag(names.log)).toEqual({ events: 0, ms: 0 });
    await first.stop();

    const appendedAt = Date.now();
    const tail = await appendIncrements(h.store, { total: 25, streams: 5 });
    await h.store.appendToStream('other', [ignored()]);
    // The store counts only what is readable (below the oldest running transaction of the cluster).
    await waitFor(
      async () => {
        const readable = await h.store.headPosition();
        return readable !== null && comparePositions(readable, tail) >= 0;
      },
      5_000,
      'the tail to be readable',
    );
    const second = h.runtime({ projectors: [eventLog()] });
    const behind = await second.lag(names.log);
    expect(behind.events).toBe(25);
    expect(behind.ms).toBeGreaterThanOrEqual(0);
    expect(behind.ms).toBeLessThanOrEqual(Date.now() - appendedAt + 1000);
    await second.start();
    await second.waitForPosition(tail);
    expect(await second.lag(names.log)).toEqual({ events: 0, ms: 0 });
  });

  it('a lingering projector holds live events back and applies them together; a wait on it ends the linger at once', async () => {
    const batches: number[] = [];
    const inner = counters();
    const lingering: Projector = {
      ...inner,
      // Far beyond this test's timeout: only a full batch or a waiter can make it apply.
      lingerMs: 600_000,
      handle: async (trx, events) => (batches.push(events.length), inner.handle(trx, events)),
    };
    const runtime = h.runtime({ projectors: [lingering], batchSize: 3 });
    await runtime.start();
    await waitFor(() => runtime.status().every((status) => status.caughtUp), 10_000, 'catch-up');

    // Three separate appends: held until they fill a batch, then applied as one.
    for (const stream of ['counter-l1', 'counter-l2', 'counter-l3']) await h.store.appendToStream(stream, [incremented(1)]);
    await waitFor(async () => (await tableRows(h.db, `read.${names.counters}`, 'stream_id')).length === 3, 10_000, 'the full batch');
    expect(batches).toEqual([3]);

    // A fourth is held; read-your-writes does not wait out the linger.
    const fourth = await h.store.appendToStream('counter-l4', [incremented(2)]);
    await runtime.waitForPosition(fourth.position);
    expect(batches).toEqual([3, 1]);
    expect(await h.db.selectFrom(`read.${names.counters}`).select('total').where('stream_id', '=', 'counter-l4').executeTakeFirst()).toEqual({ total: '2' });
  });

  it('moves its checkpoint past events it does not handle, so a restart does not look at them again', async () => {
    const first = h.runtime({ projectors: [eventLog()], passEveryMs: 0 });
    await first.start();
    const handled = await h.store.appendToStream('counter-p', [incremented(1)]);
    await first.waitForPosition(handled.position);
    let last = handled.position;
    for (let index = 0; index < 5; index++) last = (await h.store.appendToStream(`other-${index}`, [ignored(), ignored()])).position;
    await waitFor(
      async () => (await checkpointOf(h.db, names.log))?.commit_position === last.commit.toString(),
      10_000,
      'the checkpoint to pass the ignored events',
    );
    expect(await checkpointOf(h.db, names.log)).toMatchObject({ prepare_position: last.prepare.toString() });
    await first.stop();

    // A restart starts after them; what comes next is applied as usual.
    const again = observed(eventLog());
    const second = h.runtime({ projectors: [again.projector] });
    await second.start();
    const next = await h.store.appendToStream('counter-p', [incremented(2)], { expectedRevision: 0 });
    await second.waitForPosition(next.position);
    expect(again.handled.map((event) => event.id)).toEqual([(await h.store.readStream('counter-p'))[1]!.id]);
    expect(await tableRows(h.db, `read.${names.log}`, 'seq')).toHaveLength(2);
  });

  it('waitForPosition also settles for projectors that do not handle the events at that position', async () => {
    const runtime = h.runtime({ projectors: [counters(), eventLog()] });
    await runtime.start();
    await runtime.waitForPosition((await h.store.appendToStream('counter-w', [incremented(1)])).position);

    // Only the counters handle renames; nobody handles TestIgnored.
    const rename = await h.store.appendToStream('counter-w', [renamed('w')]);
    await runtime.waitForPosition(rename.position);
    expect(await h.db.selectFrom(`read.${names.counters}`).select('label').where('stream_id', '=', 'counter-w').executeTakeFirst()).toEqual({ label: 'w' });
    const nobody = await h.store.appendToStream('other', [ignored()]);
    await runtime.waitForPosition(nobody.position);

    // A position not reached yet stays pending until its event is committed.
    const future: Position = { commit: nobody.position.commit + 1_000_000n, prepare: 0n };
    let settled = false;
    void runtime.waitForPosition(future).then(
      () => (settled = true),
      () => {},
    );
    await runtime.waitForPosition((await h.store.appendToStream('counter-w', [incremented(1)])).position);
    expect(settled).toBe(false);
    await expect(runtime.waitForPosition(future, { signal: AbortSignal.timeout(50) })).rejects.toMatchObject({ name: 'TimeoutError' });
    await expect(runtime.waitForPosition(null as unknown as Position)).rejects.toBeInstanceOf(TypeError);
  });
});
