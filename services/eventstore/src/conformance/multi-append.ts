import { beforeAll, describe, expect, it } from 'vitest';
import { appendToStreams, type EventStore } from '../port';
import { noted } from './events';
import { expectWrongVersion, ns, uniquePrefix } from './helpers';

/**
 * Appends to several streams at once (appendToStreams). A store with its own multi-stream append writes
 * all parts or none; one without it appends part after part, so only the outcomes are checked there.
 */
export function describeMultiAppend(current: () => EventStore): void {
  let store: EventStore;
  beforeAll(() => {
    store = current();
  });

  describe('appending to several streams', () => {
    it('writes every part at its expected revision and answers each result in order', async () => {
      const prefix = uniquePrefix();
      await store.appendToStream(`${prefix}b`, [noted(1)]);
      const results = await appendToStreams(store, [
        { streamId: `${prefix}a`, events: [noted(10), noted(11)], expectedRevision: 'no_stream' },
        { streamId: `${prefix}b`, events: [noted(2)], expectedRevision: 0 },
        { streamId: `${prefix}c`, events: [noted(30)] },
      ]);
      expect(results.map((result) => result.nextExpectedRevision)).toEqual([1, 1, 0]);
      expect(ns(await store.readStream(`${prefix}a`))).toEqual([10, 11]);
      expect(ns(await store.readStream(`${prefix}b`))).toEqual([1, 2]);
      expect(ns(await store.readStream(`${prefix}c`))).toEqual([30]);
    });

    it('refuses the whole append when one part expects another revision', async () => {
      const prefix = uniquePrefix();
      await store.appendToStream(`${prefix}taken`, [noted(1)]);
      await expectWrongVersion(
        appendToStreams(store, [
          { streamId: `${prefix}fresh`, events: [noted(2)], expectedRevision: 'no_stream' },
          { streamId: `${prefix}taken`, events: [noted(3)], expectedRevision: 'no_stream' },
        ]),
        0,
      );
      expect(ns(await store.readStream(`${prefix}taken`))).toEqual([1]);
      // All or nothing only where the store appends the parts in one transaction.
      if (store.appendToStreams) expect(await store.readStream(`${prefix}fresh`)).toEqual([]);
    });

    it('answers a repeated append of the same event ids with the first results, writing nothing twice', async () => {
      const prefix = uniquePrefix();
      const parts = [
        { streamId: `${prefix}x`, events: [noted(1)], expectedRevision: 'no_stream' as const },
        { streamId: `${prefix}y`, events: [noted(2), noted(3)], expectedRevision: 'no_stream' as const },
      ];
      const first = await appendToStreams(store, parts);
      const again = await appendToStreams(store, parts);
      expect(again.map((result) => result.nextExpectedRevision)).toEqual(first.map((result) => result.nextExpectedRevision));
      expect(ns(await store.readStream(`${prefix}y`))).toEqual([2, 3]);
    });
  });
}
