import { randomUUID } from 'node:crypto';
import { EventSchemaError, comparePositions, type EventToAppend, type Position, type RecordedEvent } from '@conversa/contracts';
import { verifyChain } from '@conversa/contracts/events/hash-chain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WrongExpectedVersionError, type AppendResult, type EventStore, type ExpectedRevision } from '../port';
import { collect, settle, visible } from './collector';
import { ConformanceNoted, ConformanceTagged, noted, tagged } from './events';

export { collect, settle, visible, type Collector } from './collector';
export * from './events';

/** A prefix no other test uses, so tests can share one store and filter $all down to their own events. */
const uniquePrefix = (): string => `conf${randomUUID().replaceAll('-', '').slice(0, 12)}-`;

const notedBatch = (from: number, count: number): EventToAppend[] => Array.from({ length: count }, (_, index) => noted(from + index));

const ns = (events: readonly RecordedEvent[]): unknown[] => events.map((event) => (event.data as { n?: unknown }).n);
const ids = (events: readonly { id: string }[]): string[] => events.map((event) => event.id);

async function expectWrongVersion(promise: Promise<unknown>, actual: number): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(WrongExpectedVersionError);
  expect((error as WrongExpectedVersionError).actual).toBe(actual);
}

function expectStrictlyIncreasing(events: readonly RecordedEvent[]): void {
  for (let index = 1; index < events.length; index++) {
    const order = comparePositions(events[index - 1]!.position, events[index]!.position);
    if (order >= 0) throw new Error(`$all order broken at ${index}: ${events[index - 1]!.id} is not before ${events[index]!.id}`);
  }
}

/**
 * Behaviour every EventStore adapter shares. `setup` runs once for the file; tests use
 * unique stream ids, so the store may hold other tests' events.
 */
export function describeEventStoreConformance(adapterName: string, setup: () => Promise<{ store: EventStore; teardown(): Promise<void> }>): void {
  describe(`EventStore conformance: ${adapterName}`, () => {
    let store: EventStore;
    let teardown: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      const created = await setup();
      store = created.store;
      teardown = created.teardown;
    });

    afterAll(async () => {
      await teardown?.();
    });

    describe('appending', () => {
      it('numbers a stream from revision 0 and answers the revision to expect next', async () => {
        const stream = `${uniquePrefix()}s`;
        const first = await store.appendToStream(stream, [noted(1)]);
        expect(first.nextExpectedRevision).toBe(0);
        const second = await store.appendToStream(stream, notedBatch(2, 3));
        expect(second.nextExpectedRevision).toBe(3);
        const events = await store.readStream(stream);
        expect(events.map((event) => event.revision)).toEqual([0, 1, 2, 3]);
        expect(ns(events)).toEqual([1, 2, 3, 4]);
        expect(events.every((event) => event.streamId === stream)).toBe(true);
        expect(comparePositions(second.position, events[3]!.position)).toBe(0);
        expect(comparePositions(first.position, second.position)).toBeLessThan(0);
      });

      it('keeps the data and metadata it was given, and the type', async () => {
        const stream = `${uniquePrefix()}s`;
        const event = tagged('vip');
        await store.appendToStream(stream, [event]);
        const [read] = await store.readStream(stream);
        expect(read).toMatchObject({ id: event.id, type: ConformanceTagged.type, data: { tag: 'vip' }, revision: 0 });
        expect(read!.metadata).toMatchObject(event.metadata);
        expect(read!.createdAt).toBeInstanceOf(Date);
      });

      it('honours expected revision any on a missing and on an existing stream', async () => {
        const stream = `${uniquePrefix()}s`;
        await expect(store.appendToStream(stream, [noted(1)], { expectedRevision: 'any' })).resolves.toMatchObject({ nextExpectedRevision: 0 });
        await expect(store.appendToStream(stream, [noted(2)], { expectedRevision: 'any' })).resolves.toMatchObject({ nextExpectedRevision: 1 });
      });

      it('honours no_stream: creates a missing stream, refuses an existing one', async () => {
        const stream = `${uniquePrefix()}s`;
        await store.appendToStream(stream, [noted(1)], { expectedRevision: 'no_stream' });
        await expectWrongVersion(store.appendToStream(stream, [noted(2)], { expectedRevision: 'no_stream' }), 0);
        expect(ns(await store.readStream(stream))).toEqual([1]);
      });

      it('honours stream_exists: refuses a missing stream, appends to an existing one', async () => {
        const stream = `${uniquePrefix()}s`;
        await expectWrongVersion(store.appendToStream(stream, [noted(1)], { expectedRevision: 'stream_exists' }), -1);
        expect(await store.readStream(stream)).toEqual([]);
        await store.appendToStream(stream, [noted(1)]);
        await expect(store.appendToStream(stream, [noted(2)], { expectedRevision: 'stream_exists' })).resolves.toMatchObject({ nextExpectedRevision: 1 });
      });

      it('honours a numeric revision: appends when it matches, refuses otherwise with the actual one', async () => {
        const stream = `${uniquePrefix()}s`;
        await expectWrongVersion(store.appendToStream(stream, [noted(0)], { expectedRevision: 0 }), -1);
        await store.appendToStream(stream, notedBatch(1, 2), { expectedRevision: 'no_stream' });
        await expectWrongVersion(store.appendToStream(stream, [noted(9)], { expectedRevision: 0 }), 1);
        await expectWrongVersion(store.appendToStream(stream, [noted(9)], { expectedRevision: 5 }), 1);
        await expect(store.appendToStream(stream, [noted(3)], { expectedRevision: 1 })).resolves.toMatchObject({ nextExpectedRevision: 2 });
        expect(ns(await store.readStream(stream))).toEqual([1, 2, 3]);
      });

      it('lets exactly one of two concurrent creators of a stream win (no_stream), 20 times over', async () => {
        for (let round = 0; round < 20; round++) {
          const stream = `${uniquePrefix()}s`;
          const outcomes = await Promise.allSettled([
            store.appendToStream(stream, [noted(1)], { expectedRevision: 'no_stream' }),
            store.appendToStream(stream, [noted(2)], { expectedRevision: 'no_stream' }),
          ]);
          const won = outcomes.filter((outcome) => outcome.status === 'fulfilled');
          const lost = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
          expect(won).toHaveLength(1);
          expect(lost).toHaveLength(1);
          expect(lost[0]!.reason).toBeInstanceOf(WrongExpectedVersionError);
          expect(await store.readStream(stream)).toHaveLength(1);
        }
      });

      it('lets exactly one of concurrent writers expecting the same revision win', async () => {
        const stream = `${uniquePrefix()}s`;
        await store.appendToStream(stream, [noted(0)]);
        const outcomes = await Promise.allSettled(Array.from({ length: 5 }, (_, index) => store.appendToStream(stream, [noted(index + 1)], { expectedRevision: 0 })));
        expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
        for (const outcome of outcomes) if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(WrongExpectedVersionError);
        expect(await store.readStream(stream)).toHaveLength(2);
      });

      it('lands every append expecting any on one contended stream, in one unbroken hash chain', async () => {
        const stream = `${uniquePrefix()}s`;
        await Promise.all(
          Array.from({ length: 16 }, async (_, writer) => {
            for (let index = 0; index < 5; index++) await store.appendToStream(stream, [noted(writer * 100 + index)], { expectedRevision: 'any' });
          }),
        );
        const raw = await store.readStream(stream, { raw: true });
        expect(raw.map((event) => event.revision)).toEqual(Array.from({ length: 80 }, (_, index) => index));
        expect(new Set(ns(raw)).size).toBe(80);
        expect(verifyChain(raw)).toEqual({ valid: true, checked: 80 });
      });

      it('refuses a batch with a schema-invalid event and writes none of it', async () => {
        const stream = `${uniquePrefix()}s`;
        const bad: EventToAppend = { ...noted(2), data: { n: 'two' } };
        await expect(store.appendToStream(stream, [noted(1), bad])).rejects.toBeInstanceOf(EventSchemaError);
        expect(await store.readStream(stream)).toEqual([]);
        await store.appendToStream(stream, [noted(1)]);
        await expect(store.appendToStream(stream, [noted(2), bad, noted(3)], { expectedRevision: 0 })).rejects.toBeInstanceOf(EventSchemaError);
        expect(ns(await store.readStream(stream))).toEqual([1]);
      });

      it('refuses an event type the registry does not know', async () => {
        const stream = `${uniquePrefix()}s`;
        await expect(store.appendToStream(stream, [{ ...noted(1), type: 'NoSuchEvent' }])).rejects.toBeInstanceOf(EventSchemaError);
        expect(await store.readStream(stream)).toEqual([]);
      });
    });

    describe('idempotent event ids', () => {
      it('stores a batch appended twice once, answering the same result', async () => {
        const stream = `${uniquePrefix()}s`;
        await store.appendToStream(stream, [noted(0)]);
        const batch = notedBatch(1, 3);
        const first = await store.appendToStream(stream, batch, { expectedRevision: 0 });
        const again = await store.appendToStream(stream, batch, { expectedRevision: 0 });
        expect(again.nextExpectedRevision).toBe(first.nextExpectedRevision);
        expect(comparePositions(again.position, first.position)).toBe(0);
        expect(ns(await store.readStream(stream))).toEqual([0, 1, 2, 3]);
      });

      it('treats a repeated batch as done whatever revision the retry expects', async () => {
        const stream = `${uniquePrefix()}s`;
        const batch = notedBatch(1, 2);
        const first = await store.appendToStream(stream, batch, { expectedRevision: 'no_stream' });
        await store.appendToStream(stream, [noted(3)]);
        for (const expectedRevision of ['no_stream', 'any', 'stream_exists', 0, 5] as ExpectedRevision[]) {
          const again = await store.appendToStream(stream, batch, { expectedRevision });
          expect(again.nextExpectedRevision).toBe(first.nextExpectedRevision);
          expect(comparePositions(again.position, first.position)).toBe(0);
        }
        expect(ns(await store.readStream(stream))).toEqual([1, 2, 3]);
      });

      it('stores one copy when the same batch races itself', async () => {
        const stream = `${uniquePrefix()}s`;
        const batch = notedBatch(1, 2);
        const results = await Promise.all([
          store.appendToStream(stream, batch, { expectedRevision: 'no_stream' }),
          store.appendToStream(stream, batch, { expectedRevision: 'no_stream' }),
          store.appendToStream(stream, batch, { expectedRevision: 'any' }),
        ]);
        for (const result of results) {
          expect(result.nextExpectedRevision).toBe(1);
          expect(comparePositions(result.position, results[0]!.position)).toBe(0);
        }
        expect(ns(await store.readStream(stream))).toEqual([1, 2]);
      });
    });

    describe('reading a stream', () => {
      let stream: string;
      beforeAll(async () => {
        stream = `${uniquePrefix()}s`;
        await store.appendToStream(stream, notedBatch(0, 4));
        await store.appendToStream(stream, notedBatch(4, 3));
      });

      it('reads forwards, from a revision, and at most maxCount', async () => {
        expect(ns(await store.readStream(stream))).toEqual([0, 1, 2, 3, 4, 5, 6]);
        expect(ns(await store.readStream(stream, { fromRevision: 3 }))).toEqual([3, 4, 5, 6]);
        expect(ns(await store.readStream(stream, { fromRevision: 2, maxCount: 3 }))).toEqual([2, 3, 4]);
        expect(ns(await store.readStream(stream, { maxCount: 2 }))).toEqual([0, 1]);
        expect(await store.readStream(stream, { fromRevision: 7 })).toEqual([]);
      });

      it('reads backwards from the end or from a revision', async () => {
        expect(ns(await store.readStream(stream, { direction: 'backwards' }))).toEqual([6, 5, 4, 3, 2, 1, 0]);
        expect(ns(await store.readStream(stream, { direction: 'backwards', maxCount: 1 }))).toEqual([6]);
        expect(ns(await store.readStream(stream, { direction: 'backwards', fromRevision: 3, maxCount: 2 }))).toEqual([3, 2]);
      });

      it('reads a missing stream as empty', async () => {
        const missing = `${uniquePrefix()}missing`;
        expect(await store.readStream(missing)).toEqual([]);
        expect(await store.readStream(missing, { direction: 'backwards' })).toEqual([]);
      });
    });

    describe('hash chain', () => {
      it('stamps prevHash and hash so a raw read of the stream verifies', async () => {
        const stream = `${uniquePrefix()}s`;
        await store.appendToStream(stream, [noted(0)]);
        await store.appendToStream(stream, [noted(1), tagged('a'), noted(2)], { expectedRevision: 0 });
        await store.appendToStream(stream, [tagged('b'), noted(3)], { expectedRevision: 3 });
        const raw = await store.readStream(stream, { raw: true });
        expect(raw).toHaveLength(6);
        expect(raw[0]!.metadata.prevHash).toBeNull();
        for (let index = 1; index < raw.length; index++) expect(raw[index]!.metadata.prevHash).toBe(raw[index - 1]!.metadata.hash);
        expect(verifyChain(raw)).toEqual({ valid: true, checked: 6 });

        const altered = raw.map((event, index) => (index === 2 ? { ...event, data: { tag: 'forged' } } : event));
        expect(verifyChain(altered).valid).toBe(false);
      });
    });

    describe('reading $all', () => {
      it('orders events as they were appended across streams, strictly increasing', async () => {
        const prefix = uniquePrefix();
        const appended: EventToAppend[] = [];
        for (const [stream, event] of [
          ['a', noted(1)],
          ['b', noted(2)],
          ['a', tagged('x')],
          ['c', noted(3)],
          ['b', noted(4)],
        ] as const) {
          await store.appendToStream(`${prefix}${stream}`, [event]);
          appended.push(event);
        }
        await store.appendToStream(`${prefix}d`, [noted(5), noted(6)]);
        await visible(store, prefix, 7);

        const all = await store.readAll({ filter: { streamPrefixes: [prefix] } });
        expect(all.map((event) => event.id).slice(0, 5)).toEqual(ids(appended));
        expect(ns(all.slice(5))).toEqual([5, 6]);
        expectStrictlyIncreasing(all);

        const after = await store.readAll({ fromPosition: all[1]!.position, filter: { streamPrefixes: [prefix] } });
        expect(ids(after)).toEqual(ids(all.slice(2)));
        const limited = await store.readAll({ fromPosition: all[1]!.position, maxCount: 2, filter: { streamPrefixes: [prefix] } });
        expect(ids(limited)).toEqual(ids(all.slice(2, 4)));
      });

      it('filters by event type and by stream prefix', async () => {
        const prefix = uniquePrefix();
        await store.appendToStream(`${prefix}one-1`, [noted(1), tagged('a')]);
        await store.appendToStream(`${prefix}two-1`, [tagged('b'), noted(2)]);
        await store.appendToStream(`${prefix}one-2`, [tagged('c')]);
        await visible(store, prefix, 5);

        const tags = await store.readAll({ filter: { eventTypes: [ConformanceTagged.type], streamPrefixes: [prefix] } });
        expect(tags.map((event) => (event.data as { tag: string }).tag)).toEqual(['a', 'b', 'c']);
        const ones = await store.readAll({ filter: { streamPrefixes: [`${prefix}one-`] } });
        expect(ones.map((event) => event.streamId)).toEqual([`${prefix}one-1`, `${prefix}one-1`, `${prefix}one-2`]);
        const both = await store.readAll({ filter: { streamPrefixes: [`${prefix}one-2`, `${prefix}two-`] } });
        expect(both.map((event) => event.streamId)).toEqual([`${prefix}two-1`, `${prefix}two-1`, `${prefix}one-2`]);
        const notedInTwo = await store.readAll({ filter: { eventTypes: [ConformanceNoted.type], streamPrefixes: [`${prefix}two-`] } });
        expect(ns(notedInTwo)).toEqual([2]);
      });

      it('reports the head position and counts what lies after a position', async () => {
        const prefix = uniquePrefix();
        await store.appendToStream(`${prefix}a`, notedBatch(0, 3));
        const last = await store.appendToStream(`${prefix}b`, [tagged('t')]);
        await visible(store, prefix, 4);

        const head = await store.headPosition();
        expect(head).not.toBeNull();
        expect(comparePositions(head!, last.position)).toBeGreaterThanOrEqual(0);
        const mine = await store.readAll({ filter: { streamPrefixes: [prefix] } });
        expect(await store.countAfter('start', { filter: { streamPrefixes: [prefix] } })).toBe(4);
        expect(await store.countAfter(mine[0]!.position, { filter: { streamPrefixes: [prefix] } })).toBe(3);
        expect(await store.countAfter(mine[0]!.position, { filter: { streamPrefixes: [prefix], eventTypes: [ConformanceTagged.type] } })).toBe(1);
        expect(await store.countAfter(last.position, { filter: { streamPrefixes: [prefix] } })).toBe(0);
      });
    });

    describe('subscribing to $all', () => {
      it('hands over from catch-up to live without losing or doubling events appended meanwhile', async () => {
        const prefix = uniquePrefix();
        const expected: string[] = [];
        const append = async (stream: string, events: EventToAppend[]) => {
          await store.appendToStream(`${prefix}${stream}`, events);
          expected.push(...ids(events));
        };
        for (let batch = 0; batch < 12; batch++) await append('history', notedBatch(batch * 10, 10));

        let appendedWhileCatchingUp = false;
        const collector = collect(store, {
          filter: { streamPrefixes: [prefix] },
          maxBatchSize: 25,
          onBatch: async () => {
            if (appendedWhileCatchingUp) return;
            appendedWhileCatchingUp = true;
            for (let batch = 0; batch < 6; batch++) await append(`during-${batch % 2}`, notedBatch(1000 + batch * 10, 10));
          },
        });
        try {
          await collector.waitForCaughtUp();
          expect(collector.events.length).toBeGreaterThanOrEqual(120);
          for (let index = 0; index < 40; index++) await append(`live-${index % 3}`, [noted(2000 + index)]);
          await collector.waitForCount(expected.length);
          const delivered = await settle(store, collector, prefix);

          expect(ids(delivered)).toEqual(expected);
          expectStrictlyIncreasing(delivered);
          expect(Math.max(...collector.batches.map((batch) => batch.length))).toBeLessThanOrEqual(25);
        } finally {
          await collector.stop();
        }
      });

      it('calls onCaughtUp once it has delivered everything stored, also for an empty match', async () => {
        const prefix = uniquePrefix();
        const empty = collect(store, { filter: { streamPrefixes: [prefix] } });
        try {
          await empty.waitForCaughtUp();
          expect(empty.events).toEqual([]);
        } finally {
          await empty.stop();
        }
        await store.appendToStream(`${prefix}a`, notedBatch(0, 3));
        await visible(store, prefix, 3);
        const collector = collect(store, { filter: { streamPrefixes: [prefix] } });
        try {
          await collector.waitForCaughtUp();
          expect(ns(collector.events)).toEqual([0, 1, 2]);
        } finally {
          await collector.stop();
        }
      });

      it('resumes from a stored checkpoint with exactly the rest', async () => {
        const prefix = uniquePrefix();
        const all: string[] = [];
        for (let index = 0; index < 6; index++) {
          const batch = notedBatch(index * 5, 5);
          await store.appendToStream(`${prefix}${index % 2}`, batch);
          all.push(...ids(batch));
        }
        await visible(store, prefix, 30);

        let release!: () => void;
        const gate = new Promise<void>((resolve) => (release = resolve));
        let entered!: () => void;
        const handlerEntered = new Promise<void>((resolve) => (entered = resolve));
        let handlerFinished = false;
        const first = collect(store, {
          filter: { streamPrefixes: [prefix] },
          maxBatchSize: 7,
          onBatch: async () => {
            entered();
            await gate;
            handlerFinished = true;
          },
        });
        await handlerEntered;
        const stopping = first.stop();
        let stopped = false;
        void stopping.then(() => (stopped = true));
        await Promise.resolve();
        expect(stopped).toBe(false);
        release();
        await stopping;
        expect(handlerFinished).toBe(true);
        expect(first.events).toHaveLength(7);
        const checkpoint: Position = first.events[6]!.position;

        const rest = collect(store, { filter: { streamPrefixes: [prefix] }, fromPosition: checkpoint });
        try {
          await rest.waitForCount(23);
          const delivered = await settle(store, rest, prefix);
          expect(ids(delivered)).toEqual(all.slice(7));
        } finally {
          await rest.stop();
        }
      });

      it('delivers the next batch only after the handler settled', async () => {
        const prefix = uniquePrefix();
        await store.appendToStream(`${prefix}a`, notedBatch(0, 40));
        let running = 0;
        let maxRunning = 0;
        const collector = collect(store, {
          filter: { streamPrefixes: [prefix] },
          maxBatchSize: 4,
          onBatch: async () => {
            running++;
            maxRunning = Math.max(maxRunning, running);
            await new Promise<void>((resolve) => setImmediate(resolve));
            running--;
          },
        });
        try {
          await collector.waitForCount(40);
          expect(collector.batches.length).toBeGreaterThanOrEqual(10);
          expect(maxRunning).toBe(1);
          expect(ns(collector.events)).toEqual(Array.from({ length: 40 }, (_, index) => index));
        } finally {
          await collector.stop();
        }
      });

      it('ends with onError when the handler fails, delivering nothing more', async () => {
        const prefix = uniquePrefix();
        await store.appendToStream(`${prefix}a`, notedBatch(0, 10));
        const failure = new Error('handler broke');
        let calls = 0;
        let reported: Error | undefined;
        const subscription = store.subscribeToAll({
          filter: { streamPrefixes: [prefix] },
          maxBatchSize: 3,
          onEvents: () => {
            calls++;
            throw failure;
          },
          onError: (error) => (reported = error),
        });
        await subscription.done;
        expect(reported).toBe(failure);
        expect(calls).toBe(1);
        await store.appendToStream(`${prefix}a`, [noted(10)]);
        await subscription.stop();
        expect(calls).toBe(1);
      });

      it('filters live deliveries by event type and stream prefix', async () => {
        const prefix = uniquePrefix();
        const tags = collect(store, { filter: { streamPrefixes: [prefix], eventTypes: [ConformanceTagged.type] } });
        const ones = collect(store, { filter: { streamPrefixes: [`${prefix}one-`] } });
        try {
          await Promise.all([tags.waitForCaughtUp(), ones.waitForCaughtUp()]);
          await store.appendToStream(`${prefix}one-1`, [noted(1), tagged('a')]);
          await store.appendToStream(`${prefix}two-1`, [tagged('b'), noted(2)]);
          await store.appendToStream(`${prefix}one-2`, [noted(3)]);
          const lastTag = tagged('z');
          await store.appendToStream(`${prefix}one-3`, [lastTag]);
          await tags.until(() => tags.events.some((event) => event.id === lastTag.id), 'the last tag');
          await ones.until(() => ones.events.some((event) => event.id === lastTag.id), 'the last tag');
          expect(tags.events.map((event) => (event.data as { tag: string }).tag)).toEqual(['a', 'b', 'z']);
          expect(ones.events.map((event) => `${event.streamId.slice(prefix.length)}:${event.type}`)).toEqual([
            `one-1:${ConformanceNoted.type}`,
            `one-1:${ConformanceTagged.type}`,
            `one-2:${ConformanceNoted.type}`,
            `one-3:${ConformanceTagged.type}`,
          ]);
        } finally {
          await Promise.all([tags.stop(), ones.stop()]);
        }
      });

      it(
        'gives a live subscriber 10 concurrent writers × 1,000 events in one strictly increasing order, none missing or doubled',
        async () => {
          const prefix = uniquePrefix();
          const collector = collect(store, { filter: { streamPrefixes: [prefix] } });
          try {
            await collector.waitForCaughtUp();
            const written = new Set<string>();
            const writer = async (writerIndex: number) => {
              const revisions = new Map<string, number>();
              let n = 0;
              for (let batch = 0; n < 1000; batch++) {
                const size = Math.min(1 + (batch % 4), 1000 - n);
                const stream = `${prefix}w${writerIndex}-${batch % 5}`;
                const events = notedBatch(n, size);
                const expectedRevision = revisions.get(stream) ?? 'no_stream';
                const result: AppendResult = await store.appendToStream(stream, events, { expectedRevision });
                revisions.set(stream, result.nextExpectedRevision);
                for (const id of ids(events)) written.add(id);
                n += size;
              }
            };
            await Promise.all(Array.from({ length: 10 }, (_, index) => writer(index)));
            expect(written.size).toBe(10_000);

            await collector.waitForCount(10_000, 60_000);
            const delivered = await settle(store, collector, prefix);
            expect(delivered).toHaveLength(10_000);
            expect(new Set(ids(delivered))).toEqual(written);
            expectStrictlyIncreasing(delivered);
            const lastRevision = new Map<string, number>();
            for (const event of delivered) {
              expect(event.revision).toBe((lastRevision.get(event.streamId) ?? -1) + 1);
              lastRevision.set(event.streamId, event.revision);
            }
          } finally {
            await collector.stop();
          }
        },
        120_000,
      );
    });
  });
}
