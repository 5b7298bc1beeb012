import { EventSchemaError, comparePositions, type EventToAppend } from '@conversa/contracts';
import { verifyChain } from '@conversa/contracts/events/hash-chain';
import { beforeAll, describe, expect, it } from 'vitest';
import { WrongExpectedVersionError, type EventStore, type ExpectedRevision } from '../port';
import { ConformanceTagged, noted, tagged } from './events';
import { expectWrongVersion, notedBatch, ns, uniquePrefix } from './helpers';

/** Appends: revisions, expected revisions (also under contention), refused batches, and idempotent event ids. */
export function describeAppending(current: () => EventStore): void {
  let store: EventStore;
  beforeAll(() => {
    store = current();
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
      const outcomes = await Promise.allSettled(
        Array.from({ length: 5 }, (_, index) => store.appendToStream(stream, [noted(index + 1)], { expectedRevision: 0 })),
      );
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
}
