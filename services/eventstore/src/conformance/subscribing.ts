import type { EventToAppend, Position } from '@conversa/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppendResult, EventStore } from '../port';
import { collect, settle, visible } from './collector';
import { ConformanceNoted, ConformanceTagged, noted, ofCompany, tagged } from './events';
import { expectStrictlyIncreasing, ids, notedBatch, ns, uniquePrefix } from './helpers';

/** Subscriptions to $all: catch-up to live, checkpoints, one batch at a time, handler failures, filters, concurrent writers. */
export function describeSubscribing(current: () => EventStore): void {
  let store: EventStore;
  beforeAll(() => {
    store = current();
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

    it('filters catch-up and live deliveries by company partition', async () => {
      const prefix = uniquePrefix();
      for (const companyId of [1, 2, 3]) await store.appendToStream(`${prefix}c-${companyId}`, [ofCompany(noted(companyId), companyId)]);
      await visible(store, prefix, 3);
      const even = collect(store, { filter: { streamPrefixes: [prefix], companyPartition: { index: 0, count: 2 } } });
      try {
        await even.waitForCaughtUp();
        for (const companyId of [4, 5, 6]) await store.appendToStream(`${prefix}c-${companyId}`, [ofCompany(noted(companyId), companyId)]);
        await even.until(() => even.events.some((event) => (event.data as { n: number }).n === 6), 'company 6');
        expect(ns(even.events)).toEqual([2, 4, 6]);
      } finally {
        await even.stop();
      }
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

    it('gives a live subscriber 10 concurrent writers × 1,000 events in one strictly increasing order, none missing or doubled', async () => {
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
    }, 120_000);
  });
}
