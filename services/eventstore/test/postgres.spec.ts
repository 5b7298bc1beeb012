import { randomUUID } from 'node:crypto';
import { EventRegistry, EventSchemaError, comparePositions, defineEvent } from '@conversa/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { testDatabase } from '../../testing/src/database';
import { collect, conformanceMetadata, createConformanceRegistry, describeEventStoreConformance, noted, settle, tagged } from '../src/conformance/suite';
import { DuplicateEventIdError, StaleReadError, type EventStore } from '../src/port';
import { createPostgresEventStore, listenApplicationName, migrateEventStore, notifyChannel } from '../src/postgres/index';
import { notifiedPosition } from '../src/postgres/notifier';

let db: { url: string; drop(): Promise<void> };
let admin: pg.Pool;

beforeAll(async () => {
  db = await testDatabase('eventstore');
  admin = new pg.Pool({ connectionString: db.url, max: 4 });
});

afterAll(async () => {
  await admin?.end();
  await db?.drop();
});

describeEventStoreConformance('postgres', async () => {
  const store = await createPostgresEventStore({ connectionString: db.url, registry: createConformanceRegistry() });
  return { store, teardown: () => store.close() };
});

const uniquePrefix = (): string => `pg${randomUUID().replaceAll('-', '').slice(0, 12)}-`;

describe('Postgres event store specifics', () => {
  let store: EventStore;
  /** Polls only once a minute, so a test passing in seconds proves the wake-up path it targets. */
  let slowPolling: EventStore;

  beforeAll(async () => {
    store = await createPostgresEventStore({ connectionString: db.url, registry: createConformanceRegistry() });
    slowPolling = await createPostgresEventStore({ connectionString: db.url, registry: createConformanceRegistry(), pollIntervalMs: 60_000 });
  });

  afterAll(async () => {
    await Promise.all([store?.close(), slowPolling?.close()]);
  });

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
      await expect(store.appendToStream(`${prefix}message-1`, [noted(3)], { expectedRevision: 'no_stream', readRevisions: read })).resolves.toMatchObject({ nextExpectedRevision: 0 });

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
        async () => expect((await store.readAll({ filter: { streamPrefixes: [`${prefix}message`] } })).map((event) => event.streamId)).toEqual([`${prefix}message-1`, `${prefix}message-4`]),
        { timeout: 10_000, interval: 20 },
      );
    });
  });

  describe('filtered subscriptions', () => {
    it('find rare matches across more non-matching rows than one scan window holds, live too', async () => {
      const prefix = uniquePrefix();
      const rare = [tagged('first'), tagged('middle'), tagged('last')];
      await store.appendToStream(`${prefix}rare`, [rare[0]!]);
      // More than a scan window (5,000 rows) between matches, so no window holds two of them.
      for (let batch = 0; batch < 120; batch++) {
        if (batch === 60) await store.appendToStream(`${prefix}rare`, [rare[1]!]);
        await store.appendToStream(`${prefix}noise`, Array.from({ length: 100 }, (_, index) => noted(batch * 100 + index)));
      }
      await store.appendToStream(`${prefix}rare`, [rare[2]!]);
      const filter = { streamPrefixes: [prefix], eventTypes: ['ConformanceTagged'] };
      const collector = collect(store, { filter, maxBatchSize: 2 });
      try {
        await collector.waitForCaughtUp();
        expect(collector.events.map((event) => event.id)).toEqual(rare.map((event) => event.id));
        const live = tagged('live');
        await store.appendToStream(`${prefix}noise`, [noted(-1)]);
        await store.appendToStream(`${prefix}rare`, [live]);
        await collector.waitForCount(4);
        expect(collector.events.map((event) => event.id)).toEqual([...rare, live].map((event) => event.id));
        expect((await store.readAll({ filter })).map((event) => event.id)).toEqual([...rare, live].map((event) => event.id));
      } finally {
        await collector.stop();
      }
    });
  });

  describe('live tail', () => {
    it('serves subscribers behind, inside and ahead of its window in one order, none missing or doubled', async () => {
      // A window of 100 events: the catching-up subscriber starts far behind it and must cross into it.
      const small = await createPostgresEventStore({ connectionString: db.url, registry: createConformanceRegistry(), liveTailCapacity: 100 });
      const prefix = uniquePrefix();
      const filter = { streamPrefixes: [prefix] };
      const live = collect(small, { filter, fromPosition: (await small.headPosition()) ?? 'start' });
      const sparse = collect(small, { filter: { streamPrefixes: [prefix], eventTypes: ['ConformanceTagged'] } });
      try {
        await live.waitForCaughtUp();
        const writers = Array.from({ length: 5 }, (_, writer) =>
          (async () => {
            for (let index = 0; index < 60; index++) {
              await small.appendToStream(`${prefix}w${writer}`, index % 20 === 0 ? [tagged(`${writer}-${index}`)] : [noted(index)]);
            }
          })(),
        );
        await Promise.all(writers);
        await live.waitForCount(300);
        // Starts at the beginning of the store: thousands of events behind a 100-event window.
        const behind = collect(small, { filter, maxBatchSize: 7 });
        await behind.waitForCount(300);
        await sparse.waitForCount(15);
        const stored = (await small.readAll({ filter })).map((event) => event.id);
        expect(live.events.map((event) => event.id)).toEqual(stored);
        expect(behind.events.map((event) => event.id)).toEqual(stored);
        expect(sparse.events.map((event) => event.id)).toEqual((await small.readAll({ filter: { streamPrefixes: [prefix], eventTypes: ['ConformanceTagged'] } })).map((event) => event.id));
        for (const collector of [live, behind, sparse]) {
          for (let index = 1; index < collector.events.length; index++) {
            expect(comparePositions(collector.events[index - 1]!.position, collector.events[index]!.position)).toBe(-1);
          }
        }
        await behind.stop();
      } finally {
        await Promise.all([live.stop(), sparse.stop()]);
        await small.close();
      }
    });
  });

  describe('xmin horizon', () => {
    it('holds back a later commit until an earlier, slower transaction commits, then delivers both in order', async () => {
      const prefix = uniquePrefix();
      const collector = collect(slowPolling, { filter: { streamPrefixes: [prefix] } });
      const slow = await admin.connect();
      try {
        await collector.waitForCaughtUp();
        await slow.query('begin');
        // Every writer of events takes the append lock first, as append_batch does.
        await slow.query('select eventstore.take_append_lock()');
        // A row written by a transaction that started first, so it sorts before anything committed after it.
        const early = randomUUID();
        await slow.query(
          `insert into eventstore.events (event_id, stream_id, revision, type, data, metadata) values ($1, $2, 0, 'ConformanceNoted', '{"n":1}', $3)`,
          [early, `${prefix}slow`, JSON.stringify({ ...conformanceMetadata(), prevHash: null, hash: 'x' })],
        );
        const late = noted(2);
        const lateResult = await slowPolling.appendToStream(`${prefix}fast`, [late]);

        expect(await slowPolling.readAll({ filter: { streamPrefixes: [prefix] } })).toEqual([]);
        expect(await slowPolling.countAfter('start', { filter: { streamPrefixes: [prefix] } })).toBe(0);
        const head = await slowPolling.headPosition();
        expect(head === null || comparePositions(head, lateResult.position) < 0).toBe(true);
        expect(collector.events).toEqual([]);

        await slow.query('commit');
        await collector.waitForCount(2, 10_000);
        expect(collector.events.map((event) => event.id)).toEqual([early, late.id]);
        expect(comparePositions(collector.events[0]!.position, collector.events[1]!.position)).toBeLessThan(0);
        expect((await slowPolling.readAll({ filter: { streamPrefixes: [prefix] } })).map((event) => event.id)).toEqual([early, late.id]);
      } finally {
        await slow.query('rollback').catch(() => {});
        slow.release();
        await collector.stop();
      }
    });

    it('re-reads soon when an appender that wrote nothing hid a committed event, without waiting for a notification or the poll', async () => {
      const prefix = uniquePrefix();
      const collector = collect(slowPolling, { filter: { streamPrefixes: [prefix] } });
      const unrelated = await admin.connect();
      try {
        await collector.waitForCaughtUp();
        await unrelated.query('begin');
        await unrelated.query('select eventstore.take_append_lock()');
        await unrelated.query('select pg_current_xact_id()');
        const event = noted(1);
        await slowPolling.appendToStream(`${prefix}a`, [event]);
        expect(await slowPolling.readAll({ filter: { streamPrefixes: [prefix] } })).toEqual([]);

        // Committing notifies nobody: only the subscription's own re-read can find the event now.
        await unrelated.query('commit');
        await collector.waitForCount(1, 10_000);
        expect(collector.events.map((e) => e.id)).toEqual([event.id]);
      } finally {
        await unrelated.query('rollback').catch(() => {});
        unrelated.release();
        await collector.stop();
      }
    });
  });

  describe('read horizon', () => {
    it('is not held back by a running transaction that writes elsewhere (a read model), only by appenders', async () => {
      const prefix = uniquePrefix();
      const collector = collect(slowPolling, { filter: { streamPrefixes: [prefix] } });
      const readModelWriter = await admin.connect();
      try {
        await collector.waitForCaughtUp();
        await readModelWriter.query('begin');
        // Writing anywhere gives the transaction an id, which the plain xmin horizon would wait for.
        await readModelWriter.query('create temporary table held_open (n int) on commit drop');
        await readModelWriter.query('insert into held_open values (1)');
        const event = noted(1);
        const appended = await slowPolling.appendToStream(`${prefix}a`, [event]);

        expect((await slowPolling.readAll({ filter: { streamPrefixes: [prefix] } })).map((e) => e.id)).toEqual([event.id]);
        expect(await slowPolling.countAfter('start', { filter: { streamPrefixes: [prefix] } })).toBe(1);
        expect(comparePositions((await slowPolling.headPosition())!, appended.position)).toBeGreaterThanOrEqual(0);
        // The append's notification wakes the subscriber while the other transaction is still open.
        await collector.waitForCount(1, 10_000);
        expect(collector.events.map((e) => e.id)).toEqual([event.id]);
      } finally {
        await readModelWriter.query('rollback').catch(() => {});
        readModelWriter.release();
        await collector.stop();
      }
    });
  });

  describe('LISTEN connection', () => {
    it('names in its notification the newest position an append wrote', async () => {
      const listener = await admin.connect();
      try {
        const notified = new Promise<string | undefined>((resolve) => listener.once('notification', (message) => resolve(message.payload)));
        await listener.query(`listen "${notifyChannel('eventstore')}"`);
        const prefix = uniquePrefix();
        const [a, b] = await Promise.all([store.appendToStream(`${prefix}a`, [noted(1), noted(2)]), store.appendToStream(`${prefix}b`, [noted(3)])]);
        const newest = comparePositions(a.position, b.position) > 0 ? a.position : b.position;
        // Appended together or one after the other: the first notification names its own group's newest.
        const position = notifiedPosition(await notified);
        expect(position).toBeDefined();
        expect([a.position, b.position, newest]).toContainEqual(position);
        expect(notifiedPosition('')).toBeUndefined();
      } finally {
        await listener.query('unlisten *');
        listener.release();
      }
    });

    it('reconnects after losing its connection and delivers what was appended meanwhile and after', async () => {
      const schema = `es_listen_${randomUUID().replaceAll('-', '').slice(0, 8)}`;
      const reader = await createPostgresEventStore({ connectionString: db.url, registry: createConformanceRegistry(), schema, pollIntervalMs: 60_000 });
      const writer = await createPostgresEventStore({ connectionString: db.url, registry: createConformanceRegistry(), schema });
      const collector = collect(reader, {});
      const listenerPids = async () =>
        (
          await admin.query<{ pid: number }>(`select pid from pg_stat_activity where application_name = $1 and datname = current_database()`, [
            listenApplicationName(notifyChannel(schema)),
          ])
        ).rows.map((row) => row.pid);
      try {
        await collector.waitForCaughtUp();
        await vi.waitFor(async () => expect(await listenerPids()).toHaveLength(1), { timeout: 10_000, interval: 20 });
        const first = noted(1);
        await writer.appendToStream('a-1', [first]);
        await collector.waitForCount(1, 10_000);

        const [lostPid] = await listenerPids();
        await admin.query('select pg_terminate_backend($1)', [lostPid]);
        const meanwhile = noted(2);
        await writer.appendToStream('a-1', [meanwhile], { expectedRevision: 0 });
        await vi.waitFor(
          async () => {
            const pids = await listenerPids();
            expect(pids).toHaveLength(1);
            expect(pids[0]).not.toBe(lostPid);
          },
          { timeout: 10_000, interval: 20 },
        );
        const after = noted(3);
        await writer.appendToStream('a-1', [after], { expectedRevision: 1 });
        await collector.waitForCount(3, 10_000);
        expect(collector.events.map((event) => event.id)).toEqual([first.id, meanwhile.id, after.id]);
        expect(collector.error).toBeUndefined();
      } finally {
        await collector.stop();
        await Promise.all([reader.close(), writer.close()]);
      }
    });
  });

  describe('schemas and versions', () => {
    it('upcasts stored data of an older schema version on read, but a raw read returns it as stored', async () => {
      const schema = `es_upcast_${randomUUID().replaceAll('-', '').slice(0, 8)}`;
      const v1 = new EventRegistry([defineEvent('Renamed', z.object({ name: z.string() }))]);
      const v2 = new EventRegistry([
        defineEvent('Renamed', z.object({ first: z.string(), last: z.string() }), {
          version: 2,
          upcasters: { 1: (data: { name: string }) => ({ first: data.name.split(' ')[0], last: data.name.split(' ')[1] ?? '' }) },
        }),
      ]);
      const oldWriter = await createPostgresEventStore({ connectionString: db.url, registry: v1, schema });
      const reader = await createPostgresEventStore({ connectionString: db.url, registry: v2, schema });
      try {
        const metadata = conformanceMetadata();
        await oldWriter.appendToStream('contact-1', [{ id: randomUUID(), type: 'Renamed', data: { name: 'Ada Lovelace' }, metadata }]);
        await reader.appendToStream('contact-1', [{ id: randomUUID(), type: 'Renamed', data: { first: 'Grace', last: 'Hopper' }, metadata: { ...metadata, schemaVersion: 2 } }]);
        expect((await reader.readStream('contact-1')).map((event) => event.data)).toEqual([
          { first: 'Ada', last: 'Lovelace' },
          { first: 'Grace', last: 'Hopper' },
        ]);
        expect((await reader.readStream('contact-1', { raw: true })).map((event) => event.data)).toEqual([{ name: 'Ada Lovelace' }, { first: 'Grace', last: 'Hopper' }]);
        const collector = collect(reader, {});
        try {
          await collector.waitForCount(2);
          expect(collector.events[0]!.data).toEqual({ first: 'Ada', last: 'Lovelace' });
        } finally {
          await collector.stop();
        }
        await expect(
          reader.appendToStream('contact-1', [{ id: randomUUID(), type: 'Renamed', data: { first: 'A', last: 'B' }, metadata }]),
        ).rejects.toBeInstanceOf(EventSchemaError);
      } finally {
        await Promise.all([oldWriter.close(), reader.close()]);
      }
    });

    it('keeps stores in different schemas apart and migrates idempotently, also concurrently', async () => {
      const schema = `es_other_${randomUUID().replaceAll('-', '').slice(0, 8)}`;
      await Promise.all([migrateEventStore(admin, schema), migrateEventStore(admin, schema), migrateEventStore(admin, schema)]);
      const other = await createPostgresEventStore({ connectionString: db.url, registry: createConformanceRegistry(), schema });
      try {
        const stream = `${uniquePrefix()}s`;
        await other.appendToStream(stream, [noted(1)]);
        expect(await store.readStream(stream)).toEqual([]);
        expect(await other.readStream(stream)).toHaveLength(1);
        const collector = collect(other, {});
        try {
          const delivered = await settle(other, collector, 'sentinel-');
          expect(delivered.map((event) => event.streamId)).toEqual([stream]);
        } finally {
          await collector.stop();
        }
      } finally {
        await other.close();
      }
    });
  });
});
