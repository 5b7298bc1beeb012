import { EventSchemaError } from '@conversa/contracts';
import { describe, expect, it, vi } from 'vitest';
import { conformanceMetadata, createConformanceRegistry, describeEventStoreConformance, noted } from '../src/conformance/suite';
import { DuplicateEventIdError, StaleReadError } from '../src/port';
import { createPostgresEventStore } from '../src/postgres/index';
import { createPostgresSnapshotStore } from '../src/state/snapshots';
import { db, store, uniquePrefix } from './postgres-fixture';

describeEventStoreConformance('postgres', async () => {
  const store = await createPostgresEventStore({ connectionString: db.url, registry: createConformanceRegistry() });
  const snapshots = await createPostgresSnapshotStore({ connectionString: db.url });
  return { store, snapshots, teardown: async () => void (await Promise.all([store.close(), snapshots.close()])) };
});

describe('Postgres event store specifics', () => {
  describe('event ids', () => {
    it('refuses an id already stored in another stream, writing none of the batch', async () => {
      const prefix = uniquePrefix();
      const event = noted(1);
      await store.appendToStream(`${prefix}a`, [event]);
      await expect(store.appendToStream(`${prefix}b`, [noted(0), event])).rejects.toBeInstanceOf(DuplicateEventIdError);
      expect(await store.readStream(`${prefix}b`)).toEqual([]);
      await store.appendToStream(`${prefix}c`, [noted(0)]);
      await expect(store.appendToStream(`${prefix}c`, [event], { expectedRevision: 0 })).rejects.toBeInstanceOf(DuplicateEventIdError);
      expect(await store.readStream(`${prefix}c`)).toHaveLength(1);
    });

    it('refuses a batch only partly stored already, writing none of it', async () => {
      const stream = `${uniquePrefix()}s`;
      const stored = [noted(1), noted(2)];
      await store.appendToStream(stream, stored);
      const fresh = noted(3);
      await expect(store.appendToStream(stream, [stored[1]!, fresh])).rejects.toBeInstanceOf(DuplicateEventIdError);
      await expect(store.appendToStream(stream, [fresh, stored[0]!])).rejects.toBeInstanceOf(DuplicateEventIdError);
      await expect(store.appendToStream(stream, [stored[1]!, stored[0]!])).rejects.toBeInstanceOf(DuplicateEventIdError);
      expect((await store.readStream(stream)).map((event) => event.id)).toEqual(stored.map((event) => event.id));
    });

    it('lets one of two streams racing for the same event id have it', async () => {
      for (let round = 0; round < 10; round++) {
        const prefix = uniquePrefix();
        const event = noted(round);
        const outcomes = await Promise.allSettled([store.appendToStream(`${prefix}a`, [event]), store.appendToStream(`${prefix}b`, [event])]);
        expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
        const lost = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
        expect(lost?.reason).toBeInstanceOf(DuplicateEventIdError);
        const [a, b] = await Promise.all([store.readStream(`${prefix}a`), store.readStream(`${prefix}b`)]);
        expect(a.length + b.length).toBe(1);
      }
    });

    it('refuses a batch that carries one id twice', async () => {
      const stream = `${uniquePrefix()}s`;
      const event = noted(1);
      await expect(store.appendToStream(stream, [event, { ...event, data: { n: 2 } }])).rejects.toBeInstanceOf(DuplicateEventIdError);
      expect(await store.readStream(stream)).toEqual([]);
    });

    it('refuses an id that is not a UUID and metadata without tenant', async () => {
      const stream = `${uniquePrefix()}s`;
      await expect(store.appendToStream(stream, [{ ...noted(1), id: 'not-a-uuid' }])).rejects.toBeInstanceOf(EventSchemaError);
      const { companyId: _companyId, ...withoutTenant } = conformanceMetadata();
      await expect(store.appendToStream(stream, [{ ...noted(1), metadata: withoutTenant as never }])).rejects.toBeInstanceOf(EventSchemaError);
      expect(await store.readStream(stream)).toEqual([]);
    });
  });

  describe('group commit', () => {
    it('commits the sound appends of a shared group and leaves nothing of the failing ones', async () => {
      const prefix = uniquePrefix();
      const existing = noted(0);
      await store.appendToStream(`${prefix}dup`, [existing]);
      await store.appendToStream(`${prefix}conflict`, [noted(0)]);
      const fresh = noted(1);
      // Appends issued in one tick queue behind the groups already in flight and leave together.
      const outcomes = await Promise.allSettled([
        ...Array.from({ length: 4 }, (_, index) => store.appendToStream(`${prefix}filler-${index}`, [noted(index)])),
        store.appendToStream(`${prefix}ok-1`, [noted(1), noted(2)], { expectedRevision: 'no_stream' }),
        store.appendToStream(`${prefix}partial`, [fresh, existing]),
        store.appendToStream(`${prefix}conflict`, [noted(1)], { expectedRevision: 'no_stream' }),
        store.appendToStream(`${prefix}created-then-clash`, [noted(1), existing], { expectedRevision: 'no_stream' }),
        store.appendToStream(`${prefix}ok-2`, [noted(3)], { expectedRevision: 'any' }),
        store.appendToStream(`${prefix}ok-1`, [noted(4)], { expectedRevision: 'any' }),
      ]);
      const status = outcomes.map((outcome) => (outcome.status === 'fulfilled' ? 'ok' : (outcome.reason as Error).name));
      expect(status).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'DuplicateEventIdError', 'WrongExpectedVersionError', 'DuplicateEventIdError', 'ok', 'ok']);

      expect(await store.readStream(`${prefix}partial`)).toEqual([]);
      expect(await store.readStream(`${prefix}created-then-clash`)).toEqual([]);
      await expect(store.appendToStream(`${prefix}created-then-clash`, [noted(9)], { expectedRevision: 'no_stream' })).resolves.toMatchObject({
        nextExpectedRevision: 0,
      });
      expect(await store.readStream(`${prefix}conflict`)).toHaveLength(1);
      expect((await store.readStream(`${prefix}ok-1`)).map((event) => event.revision)).toEqual([0, 1, 2]);
      // The id that only the failed member carried was never stored.
      await expect(store.appendToStream(`${prefix}elsewhere`, [fresh])).resolves.toMatchObject({ nextExpectedRevision: 0 });
      const ok2 = await store.readStream(`${prefix}ok-2`, { raw: true });
      expect(ok2).toHaveLength(1);
    });
  });

  describe('read revisions', () => {
    it('appends when the streams it was decided on are where they were read, and refuses, writing nothing, when one moved', async () => {
      const prefix = uniquePrefix();
      await store.appendToStream(`${prefix}ticket`, [noted(1), noted(2)]);
      const read = [
        { streamId: `${prefix}ticket`, revision: 1 },
        { streamId: `${prefix}never-written`, revision: -1 },
      ];
      await expect(store.appendToStream(`${prefix}message-1`, [noted(3)], { expectedRevision: 'no_stream', readRevisions: read })).resolves.toMatchObject({
        nextExpectedRevision: 0,
      });

      // Another writer closes the ticket meanwhile: a message decided on the old ticket is refused.
      await store.appendToStream(`${prefix}ticket`, [noted(4)], { expectedRevision: 1 });
      const refused = store.appendToStream(`${prefix}message-2`, [noted(5)], { expectedRevision: 'no_stream', readRevisions: read });
      await expect(refused).rejects.toBeInstanceOf(StaleReadError);
      await expect(refused).rejects.toMatchObject({ streamId: `${prefix}ticket`, expected: 1, actual: 2 });
      expect(await store.readStream(`${prefix}message-2`)).toEqual([]);

      // A stream read as absent that exists now counts as moved too; in a shared group only that member fails.
      await store.appendToStream(`${prefix}never-written`, [noted(6)]);
      const [alone, together] = await Promise.allSettled([
        store.appendToStream(`${prefix}message-3`, [noted(7)], { readRevisions: [{ streamId: `${prefix}never-written`, revision: -1 }] }),
        store.appendToStream(`${prefix}message-4`, [noted(8)], { readRevisions: [{ streamId: `${prefix}ticket`, revision: 2 }] }),
      ]);
      expect(alone).toMatchObject({ status: 'rejected', reason: { name: 'StaleReadError', actual: 0 } });
      expect(together.status).toBe('fulfilled');
      // $all may be held back a moment by a transaction still running elsewhere.
      await vi.waitFor(
        async () =>
          expect((await store.readAll({ filter: { streamPrefixes: [`${prefix}message`] } })).map((event) => event.streamId)).toEqual([
            `${prefix}message-1`,
            `${prefix}message-4`,
          ]),
        { timeout: 10_000, interval: 20 },
      );
    });
  });
});
