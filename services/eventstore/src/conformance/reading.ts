import { comparePositions, type EventToAppend } from '@conversa/contracts';
import { verifyChain } from '@conversa/contracts/events/hash-chain';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EventStore } from '../port';
import { visible } from './collector';
import { ConformanceNoted, ConformanceTagged, noted, ofCompany, tagged } from './events';
import { expectStrictlyIncreasing, ids, notedBatch, ns, uniquePrefix } from './helpers';

/** Reads: a stream both ways, its hash chain, and $all (order, filters, head position, counts). */
export function describeReading(current: () => EventStore): void {
  let store: EventStore;
  beforeAll(() => {
    store = current();
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

    it('filters by company partition (companyId mod count), in reads and counts', async () => {
      const prefix = uniquePrefix();
      for (const companyId of [1, 2, 3, 4, 5]) await store.appendToStream(`${prefix}c-${companyId}`, [ofCompany(noted(companyId), companyId)]);
      await visible(store, prefix, 5);
      const share = async (index: number) => ns(await store.readAll({ filter: { streamPrefixes: [prefix], companyPartition: { index, count: 2 } } }));
      expect(await share(0)).toEqual([2, 4]);
      expect(await share(1)).toEqual([1, 3, 5]);
      expect(await store.countAfter('start', { filter: { streamPrefixes: [prefix], companyPartition: { index: 1, count: 3 } } })).toBe(2);
      // One partition is the whole.
      expect(ns(await store.readAll({ filter: { streamPrefixes: [prefix], companyPartition: { index: 0, count: 1 } } }))).toEqual([1, 2, 3, 4, 5]);
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
}
