import { randomUUID } from 'node:crypto';
import { comparePositions } from '@conversa/contracts';
import { describe, expect, it, vi } from 'vitest';
import { collect, conformanceMetadata, createConformanceRegistry, noted, tagged } from '../src/conformance/suite';
import { createPostgresEventStore, listenApplicationName, notifyChannel } from '../src/postgres/index';
import { notifiedPosition } from '../src/postgres/notifier';
import { db, admin, store, slowPolling, uniquePrefix } from './postgres-fixture';

describe('Postgres event store specifics', () => {
  describe('filtered subscriptions', () => {
    it('find rare matches across more non-matching rows than one scan window holds, live too', async () => {
      const prefix = uniquePrefix();
      const rare = [tagged('first'), tagged('middle'), tagged('last')];
      await store.appendToStream(`${prefix}rare`, [rare[0]!]);
      // More than a scan window (5,000 rows) between matches, so no window holds two of them.
      for (let batch = 0; batch < 120; batch++) {
        if (batch === 60) await store.appendToStream(`${prefix}rare`, [rare[1]!]);
        await store.appendToStream(
          `${prefix}noise`,
          Array.from({ length: 100 }, (_, index) => noted(batch * 100 + index)),
        );
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
        expect(sparse.events.map((event) => event.id)).toEqual(
          (await small.readAll({ filter: { streamPrefixes: [prefix], eventTypes: ['ConformanceTagged'] } })).map((event) => event.id),
        );
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
});
