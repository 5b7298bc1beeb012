import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { comparePositions, defineEvent, EventRegistry, EventSchemaError, type EventToAppend, type Position, type RecordedEvent } from '@conversa/contracts';
import { verifyChain } from '@conversa/contracts/events/hash-chain';
import { createEventStoreDbStore } from '../src/esdb/index';
import { DuplicateEventIdError, WrongExpectedVersionError, type EventStore, type Subscription } from '../src/port';
import { startEsdbTestDouble, type EsdbTestDouble } from './support/esdb-test-double/index';

/*
 * What the shared conformance suite does not look at: how the adapter maps EventStoreDB's
 * positions and system events, and how it keeps the hash chain intact when it has to retry.
 */

const registry = new EventRegistry([
  defineEvent('NoteAdded', z.object({ text: z.string() })),
  defineEvent('NoteRenamed', z.object({ title: z.string() }), { version: 2, upcasters: { 1: (data: { name: string }) => ({ title: data.name }) } }),
]);

const metadata = (schemaVersion = 1) => ({
  companyId: 1,
  actor: { kind: 'system' as const, id: 'test' },
  correlationId: 'c',
  causationId: 'c',
  occurredAt: '2024-05-01T10:00:00.000Z',
  schemaVersion,
});

const note = (text: string, id: string = randomUUID()): EventToAppend => ({ id, type: 'NoteAdded', data: { text }, metadata: metadata() });
const stream = (prefix = 'note') => `${prefix}-${randomUUID()}`;

let double: EsdbTestDouble;
let store: EventStore;

beforeAll(async () => {
  double = await startEsdbTestDouble();
  store = createEventStoreDbStore({ connectionString: double.connectionString, registry });
});

afterAll(async () => {
  await store.close();
  await double.stop();
});

describe('EventStoreDB adapter on the test double: positions', () => {
  it('maps commit and prepare positions from the client, the same in stream reads, $all reads and append results', async () => {
    const id = stream();
    const result = await store.appendToStream(id, [note('a'), note('b')], { expectedRevision: 'no_stream' });
    const fromStream = await store.readStream(id);
    const fromAll = (await store.readAll()).filter((event) => event.streamId === id);

    expect(result.nextExpectedRevision).toBe(1);
    expect(fromStream.map((event) => event.revision)).toEqual([0, 1]);
    expect(fromAll.map((event) => event.position)).toEqual(fromStream.map((event) => event.position));
    expect(result.position).toEqual(fromStream[1]!.position);
    for (const { position } of fromStream) {
      expect(typeof position.commit).toBe('bigint');
      expect(position.commit).toBeGreaterThan(0n);
      expect(position.prepare).toBe(position.commit);
    }
    expect(comparePositions(fromStream[0]!.position, fromStream[1]!.position)).toBe(-1);
  });

  it('reads $all strictly after a position, in pages larger than one server read', async () => {
    const id = stream();
    for (let batch = 0; batch < 6; batch++) {
      await store.appendToStream(
        id,
        Array.from({ length: 100 }, (_, index) => note(`${batch}-${index}`)),
      );
    }
    const all = await store.readAll({ filter: { streamPrefixes: [id] } });
    expect(all.map((event) => event.revision)).toEqual(Array.from({ length: 600 }, (_, index) => index));

    const after = await store.readAll({ fromPosition: all[249]!.position, maxCount: 300, filter: { streamPrefixes: [id] } });
    expect(after.map((event) => event.revision)).toEqual(Array.from({ length: 300 }, (_, index) => 250 + index));
    expect(await store.countAfter(all[249]!.position, { filter: { streamPrefixes: [id] } })).toBe(350);
    expect(await store.countAfter(all[249]!.position, { filter: { streamPrefixes: [id] }, cap: 100 })).toBe(100);
  });
});

describe('EventStoreDB adapter on the test double: system events', () => {
  it('never returns $-typed events from readAll, countAfter or headPosition', async () => {
    const id = stream();
    await store.appendToStream(id, [note('before')]);
    double.appendDirect('$stats-127.0.0.1:2113', '$statsCollected', { 'proc-cpu': 1 });
    await store.appendToStream(id, [note('after')]);
    const last = await store.readStream(id, { direction: 'backwards', maxCount: 1 });
    double.appendDirect('$$' + id, '$metadata', { $maxCount: 10 });

    const all = await store.readAll();
    expect(all.some((event) => event.type.startsWith('$'))).toBe(false);
    expect(all.filter((event) => event.streamId === id).map((event) => (event.data as { text: string }).text)).toEqual(['before', 'after']);
    expect(await store.headPosition()).toEqual(last[0]!.position);
    expect(await store.countAfter(all.at(-3)!.position)).toBe(2);
  });

  it('never delivers $-typed events to a subscription, in catch-up or live', async () => {
    const id = stream();
    await store.appendToStream(id, [note('one')]);
    double.appendDirect('$settings', '$settings', {});
    const received: RecordedEvent[] = [];
    let caughtUp!: () => void;
    const isCaughtUp = new Promise<void>((resolve) => (caughtUp = resolve));
    let gotLive!: () => void;
    const live = new Promise<void>((resolve) => (gotLive = resolve));
    const subscription = store.subscribeToAll({
      onEvents: (events) => {
        received.push(...events);
        if (events.some((event) => event.streamId === id && event.revision === 1)) gotLive();
      },
      onCaughtUp: caughtUp,
    });
    await isCaughtUp;
    double.appendDirect('$settings', '$settings', {});
    await store.appendToStream(id, [note('two')]);
    await live;
    await subscription.stop();
    expect(received.some((event) => event.type.startsWith('$'))).toBe(false);
    expect(received.filter((event) => event.streamId === id)).toHaveLength(2);
  });
});

describe('EventStoreDB adapter on the test double: appends', () => {
  it('keeps the hash chain intact when concurrent `any` appends race for the same head', async () => {
    const id = stream();
    await store.appendToStream(id, [note('seed')]);
    const refusedBefore = double.stats.wrongExpectedVersion;
    // A second store is a second client connection: the races cross the wire, as between two api processes.
    const other = createEventStoreDbStore({ connectionString: double.connectionString, registry, maxAppendAttempts: 50 });
    const racer = createEventStoreDbStore({ connectionString: double.connectionString, registry, maxAppendAttempts: 50 });
    try {
      await Promise.all(Array.from({ length: 12 }, (_, index) => (index % 2 === 0 ? other : racer).appendToStream(id, [note(`n${index}`), note(`m${index}`)])));
    } finally {
      await other.close();
      await racer.close();
    }
    const raw = await store.readStream(id, { raw: true });
    expect(raw).toHaveLength(25);
    expect(verifyChain(raw)).toEqual({ valid: true, checked: 25 });
    // The pinned revision must actually have been refused at least once, or the retry went untested.
    expect(double.stats.wrongExpectedVersion).toBeGreaterThan(refusedBefore);
  });

  it('reports an explicit expectation that does not hold with the actual revision, writing nothing', async () => {
    const id = stream();
    await expect(store.appendToStream(id, [note('x')], { expectedRevision: 'stream_exists' })).rejects.toMatchObject({
      constructor: WrongExpectedVersionError,
      actual: -1,
    });
    await store.appendToStream(id, [note('a'), note('b')], { expectedRevision: 'no_stream' });
    await expect(store.appendToStream(id, [note('x')], { expectedRevision: 'no_stream' })).rejects.toMatchObject({ actual: 1, expected: 'no_stream' });
    await expect(store.appendToStream(id, [note('x')], { expectedRevision: 0 })).rejects.toMatchObject({ actual: 1, expected: 0 });
    await expect(store.appendToStream(id, [note('x')], { expectedRevision: 5 })).rejects.toBeInstanceOf(WrongExpectedVersionError);
    expect(await store.readStream(id)).toHaveLength(2);
  });

  it('treats a re-sent batch as done: at the head, and behind a stale explicit expectation', async () => {
    const id = stream();
    const batch = [note('a'), note('b')];
    const first = await store.appendToStream(id, batch, { expectedRevision: 'no_stream' });
    expect(await store.appendToStream(id, batch, { expectedRevision: 'no_stream' })).toEqual(first);
    expect(await store.appendToStream(id, batch)).toEqual(first);

    await store.appendToStream(id, [note('c')], { expectedRevision: 1 });
    expect(await store.appendToStream(id, batch, { expectedRevision: 'no_stream' })).toEqual(first);
    const raw = await store.readStream(id, { raw: true });
    expect(raw).toHaveLength(3);
    expect(verifyChain(raw).valid).toBe(true);
  });

  it('refuses a batch that reuses ids it cannot be a replay of', async () => {
    const id = stream();
    const a = note('a');
    await store.appendToStream(id, [a, note('b')]);
    await expect(store.appendToStream(id, [note('c'), { ...note('d'), id: a.id }], { expectedRevision: 'no_stream' })).rejects.toBeInstanceOf(
      DuplicateEventIdError,
    );
    await expect(store.appendToStream(stream(), [note('x', a.id.toUpperCase()), note('x', a.id)])).rejects.toBeInstanceOf(DuplicateEventIdError);
    expect(await store.readStream(id)).toHaveLength(2);
  });

  it('validates the whole batch before sending anything', async () => {
    const id = stream();
    const bad = { ...note('b'), data: { text: 42 } };
    await expect(store.appendToStream(id, [note('a'), bad])).rejects.toBeInstanceOf(EventSchemaError);
    expect(await store.readStream(id)).toEqual([]);
  });
});

describe('EventStoreDB adapter on the test double: reads', () => {
  it('reads a stream forwards, backwards, from a revision, limited, raw or upcast', async () => {
    const id = stream();
    await store.appendToStream(id, [note('0'), note('1'), note('2'), note('3')]);
    const revisions = (events: RecordedEvent[]) => events.map((event) => event.revision);
    expect(revisions(await store.readStream(id))).toEqual([0, 1, 2, 3]);
    expect(revisions(await store.readStream(id, { direction: 'backwards' }))).toEqual([3, 2, 1, 0]);
    expect(revisions(await store.readStream(id, { fromRevision: 2 }))).toEqual([2, 3]);
    expect(revisions(await store.readStream(id, { direction: 'backwards', fromRevision: 2, maxCount: 2 }))).toEqual([2, 1]);
    expect(revisions(await store.readStream(id, { maxCount: 0 }))).toEqual([]);
    expect(await store.readStream(stream('missing'))).toEqual([]);
  });

  it('upcasts events of older schema versions unless asked for the stored data', async () => {
    const id = stream();
    // Writers always write the current version; an old version only comes from history.
    double.appendDirect(id, 'NoteRenamed', { name: 'old' }, metadata(1));
    expect((await store.readStream(id))[0]!.data).toEqual({ title: 'old' });
    expect((await store.readStream(id, { raw: true }))[0]!.data).toEqual({ name: 'old' });
  });

  it('filters $all on event types and stream prefixes, on the server and exactly', async () => {
    const tag = randomUUID().slice(0, 8);
    const a = `alpha${tag}-1`;
    const b = `beta${tag}-1`;
    await store.appendToStream(a, [note('a1')]);
    await store.appendToStream(b, [note('b1'), { id: randomUUID(), type: 'NoteRenamed', data: { title: 't' }, metadata: metadata(2) }]);
    const names = (events: RecordedEvent[]) => events.map((event) => `${event.streamId}:${event.type}`);
    expect(names(await store.readAll({ filter: { streamPrefixes: [`alpha${tag}`, `beta${tag}`] } }))).toEqual([
      `${a}:NoteAdded`,
      `${b}:NoteAdded`,
      `${b}:NoteRenamed`,
    ]);
    expect(names(await store.readAll({ filter: { streamPrefixes: [`beta${tag}`], eventTypes: ['NoteRenamed'] } }))).toEqual([`${b}:NoteRenamed`]);
    expect(await store.countAfter('start', { filter: { eventTypes: ['NoteRenamed'], streamPrefixes: [`alpha${tag}`] } })).toBe(0);
  });
});

describe('EventStoreDB adapter on the test double: subscriptions', () => {
  const collect = (options: { prefix: string; from?: Position | 'start'; maxBatchSize?: number; slow?: boolean }) => {
    const events: RecordedEvent[] = [];
    const batches: number[] = [];
    let caughtUpCount = 0;
    const waiters: Array<{ count: number; resolve: () => void }> = [];
    const subscription: Subscription = store.subscribeToAll({
      fromPosition: options.from,
      filter: { streamPrefixes: [options.prefix] },
      maxBatchSize: options.maxBatchSize,
      onEvents: async (batch) => {
        batches.push(batch.length);
        if (options.slow) await new Promise<void>((resolve) => setImmediate(resolve));
        events.push(...batch);
        for (const waiter of [...waiters]) if (events.length >= waiter.count) waiter.resolve();
      },
      onCaughtUp: () => caughtUpCount++,
    });
    const received = (count: number) => (events.length >= count ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ count, resolve })));
    return { events, batches, subscription, received, caughtUp: () => caughtUpCount };
  };

  it('catches up in order in bounded batches under a slow handler, then goes live', async () => {
    const prefix = `sub${randomUUID().slice(0, 8)}`;
    for (let batch = 0; batch < 5; batch++)
      await store.appendToStream(
        `${prefix}-1`,
        Array.from({ length: 100 }, (_, index) => note(`${batch}/${index}`)),
      );
    const { events, batches, subscription, received, caughtUp } = collect({ prefix, maxBatchSize: 16, slow: true });
    await received(500);
    await store.appendToStream(`${prefix}-2`, [note('live')]);
    await received(501);
    await subscription.stop();
    expect(events.map((event) => `${event.streamId}@${event.revision}`)).toEqual([
      ...Array.from({ length: 500 }, (_, index) => `${prefix}-1@${index}`),
      `${prefix}-2@0`,
    ]);
    expect(Math.max(...batches)).toBeLessThanOrEqual(16);
    expect(caughtUp()).toBe(1);
  });

  it('starts strictly after a checkpoint', async () => {
    const prefix = `cp${randomUUID().slice(0, 8)}`;
    await store.appendToStream(`${prefix}-1`, [note('a'), note('b'), note('c')]);
    const [, second] = await store.readStream(`${prefix}-1`);
    const { events, subscription, received } = collect({ prefix, from: second!.position });
    await received(1);
    await subscription.stop();
    expect(events.map((event) => event.revision)).toEqual([2]);
  });

  it('ends with onError when the handler throws, and a handler may stop its own subscription', async () => {
    const prefix = `err${randomUUID().slice(0, 8)}`;
    await store.appendToStream(`${prefix}-1`, [note('a')]);
    const failure = new Error('handler failed');
    let reported: Error | undefined;
    const failing = store.subscribeToAll({
      filter: { streamPrefixes: [prefix] },
      onEvents: () => Promise.reject(failure),
      onError: (error) => (reported = error),
    });
    await failing.done;
    expect(reported).toBe(failure);

    let self!: Subscription;
    self = store.subscribeToAll({ filter: { streamPrefixes: [prefix] }, onEvents: () => self.stop() });
    await self.done;
  });
});
