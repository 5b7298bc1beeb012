import type { RecordedEvent } from '@conversa/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDatabase } from '../../services/testing/src/database';
import { CheckpointConflictError, ensureSchemas } from '../src/checkpoints';
import { applyIsolating } from '../src/isolation';
import { classifyFailure, listParked, retryParked } from '../src/parking';
import { type Projector, defineRawProjector, defineRawReactor } from '../src/projector';
import { runProjectionsCommand } from '../src/projections-cli';
import { rebuildProjector, resetProjection } from '../src/rebuild';
import { type Harness, checkpointOf, openHarness, recordingLogger, silentLogger, tableRows } from './fixtures/harness';
import { Incremented, appendIncrements, eventLogProjector, incremented, serializationFailure } from './fixtures/model';

let database: Awaited<ReturnType<typeof testDatabase>>;
let h: Harness;

beforeAll(async () => {
  database = await testDatabase('projector_parking');
});
afterAll(async () => {
  await database.drop();
});

let run = 0;
let name: string;
beforeEach(async () => {
  run += 1;
  name = `parking_${run}`;
  h = await openHarness(database.url, `es_parking_${run}`);
  return () => h.close();
});

const isPoison = (event: RecordedEvent) => (event.data as { fail?: boolean }).fail === true;

/** The event log, failing on events marked `fail` while `broken.now` (a bug, then its fix); counts what it was handed. */
function poisonable(broken: { now: boolean; error?: () => Error }) {
  const inner = eventLogProjector({ name, table: name });
  const handed: RecordedEvent[] = [];
  const projector: Projector = {
    ...inner,
    async handle(trx, events) {
      handed.push(...events);
      if (events.some(isPoison) && broken.now) throw broken.error?.() ?? new Error('cannot apply this event');
      return inner.handle(trx, events);
    },
  };
  return { projector, handed };
}

const loggedIds = async () => ((await tableRows(h.db, `read.${name}`, 'seq')) as { event_id: string }[]).map((row) => row.event_id);

describe('parked events', () => {
  it('tells data errors (parked at once) from the database failing (retried, never parked) and from the rest', () => {
    const pgError = (code: string) => Object.assign(new Error(code), { code });
    expect(['22003', '22001', '23505', '23514'].map((code) => classifyFailure(pgError(code)))).toEqual(['data', 'data', 'data', 'data']);
    expect(['40001', '40P01', '08006', '57P01', '53300', '42P01', '42703', 'ECONNRESET'].map((code) => classifyFailure(pgError(code)))).toEqual(
      Array(8).fill('transient'),
    );
    expect(classifyFailure(new Error('Connection terminated unexpectedly'))).toBe('transient');
    expect(classifyFailure(pgError('42601'))).toBe('unknown');
    expect(classifyFailure(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe('unknown');
    expect(classifyFailure(new CheckpointConflictError('p'))).toBe('ownership');
  });

  it('parks an event its projector keeps failing on, applies the later ones, shows itself degraded, and retry applies it once fixed', async () => {
    const broken = { now: true };
    const { projector, handed } = poisonable(broken);
    const runtime = h.runtime({ projectors: [projector], batchSize: 50, parking: { attempts: 3, retryDelayMs: 5 } });
    await runtime.start();
    await appendIncrements(h.store, { total: 20, streams: 2 });
    const poison = await h.store.appendToStream('poison-1', [incremented(1, { fail: true })]);
    const tail = await appendIncrements(h.store, { total: 20, streams: 2, prefix: 'tail' });
    await runtime.waitForPosition(tail);

    const [parked] = await listParked(h.db, name);
    expect(parked).toMatchObject({ projector: name, type: Incremented.type, streamId: 'poison-1', revision: 0, attempts: 3, error: 'cannot apply this event' });
    expect(parked!.position).toEqual(poison.position);
    const ids = await loggedIds();
    expect(ids).toHaveLength(40);
    expect(new Set(ids).size).toBe(40);
    expect((await checkpointOf(h.db, name))?.commit_position).toBe(tail.commit.toString());
    expect(runtime.status()[0]).toMatchObject({ state: 'running', parked: 1, degraded: true });
    // Three tries of the event alone (the first may be its batch's), applied never.
    expect(handed.filter(isPoison).length).toBeGreaterThanOrEqual(3);

    // Still broken: it stays, one attempt more.
    expect((await retryParked({ db: h.db, store: h.store, projector }))[0]).toMatchObject({ outcome: 'failed' });
    expect((await listParked(h.db, name))[0]?.attempts).toBe(4);

    broken.now = false;
    const logger = recordingLogger();
    expect(await runProjectionsCommand(['retry', name], { db: h.db, store: h.store, projectors: [projector], logger })).toBe(0);
    expect(logger.lines.at(-1)).toBe(`${name}: 1 of 1 parked event(s) applied; 0 still parked`);
    expect(await listParked(h.db, name)).toEqual([]);
    expect(await loggedIds()).toContain((await h.store.readStream('poison-1'))[0]!.id);
    expect(await runtime.inspect()).toMatchObject([{ parked: 0, degraded: false }]);
  });

  it('tries a batch that failed once whole again before splitting it, so a one-off failure keeps its batches', async () => {
    const { projector, handed } = poisonable({ now: false });
    await ensureSchemas(h.db);
    await resetProjection(h.db, projector);
    let failures = 0;
    const once: Projector = {
      ...projector,
      async handle(trx, events) {
        if (events.some(isPoison) && failures++ === 0) throw new Error('a one-off failure');
        return projector.handle(trx, events);
      },
    };
    await h.store.appendToStream('whole-1', [incremented(1), incremented(2)]);
    await h.store.appendToStream('whole-2', [incremented(1, { fail: true })]);
    const events = await h.store.readAll({ filter: { eventTypes: projector.eventTypes } });
    const batches: number[] = [];
    await applyIsolating({ db: h.db, projector: once, logger: silentLogger, retryDelayMs: 1 }, 'start', events, () => void batches.push(batches.length));
    expect(batches).toHaveLength(1);
    expect(handed).toHaveLength(3);
    expect(await listParked(h.db, name)).toEqual([]);
    expect(await loggedIds()).toHaveLength(3);
  });

  it('parks a value Postgres refuses (a data error) at its first attempt', async () => {
    const table = `read.${name}`;
    const narrow = defineRawProjector<any>({
      name,
      version: 1,
      eventTypes: [Incremented.type],
      tables: [table],
      migrate: async (db) => void (await sql`create table if not exists ${sql.table(table)} (stream_id text primary key, amount integer not null)`.execute(db)),
      async handle(trx, events) {
        for (const event of events)
          await trx
            .insertInto(table)
            .values({ stream_id: event.streamId, amount: (event.data as { by: number }).by })
            .execute();
        return [];
      },
    });
    const runtime = h.runtime({ projectors: [narrow], parking: { attempts: 3, retryDelayMs: 60_000 } });
    await runtime.start();
    await h.store.appendToStream('small', [incremented(7)]);
    await h.store.appendToStream('huge', [incremented(3_000_000_000)]);
    const after = await h.store.appendToStream('after', [incremented(8)]);
    // A minute between tries: only parking at once lets this wait end in time.
    await runtime.waitForPosition(after.position);
    expect(await listParked(h.db, name)).toMatchObject([{ streamId: 'huge', attempts: 1, errorCode: '22003' }]);
    expect(await tableRows(h.db, table, 'stream_id')).toEqual([
      { stream_id: 'after', amount: 8 },
      { stream_id: 'small', amount: 7 },
    ]);

    // The operator's fix is a wider column; then the event applies.
    await sql`alter table ${sql.table(table)} alter column amount type bigint`.execute(h.db);
    expect(await retryParked({ db: h.db, store: h.store, projector: narrow })).toMatchObject([{ outcome: 'applied' }]);
    expect(await h.db.selectFrom(table).select('amount').where('stream_id', '=', 'huge').executeTakeFirst()).toEqual({ amount: '3000000000' });
  });

  it('retries a transient failure with backoff and parks nothing', async () => {
    let failures = 1;
    const { projector, handed } = poisonable({
      get now() {
        return failures-- > 0;
      },
      error: serializationFailure,
    });
    const runtime = h.runtime({ projectors: [projector], retry: { initialMs: 10 }, parking: { attempts: 1 } });
    await runtime.start();
    const position = (await h.store.appendToStream('poison-t', [incremented(1), incremented(2, { fail: true })])).position;
    await runtime.waitForPosition(position);
    expect(handed.filter(isPoison)).toHaveLength(2);
    expect(await listParked(h.db, name)).toEqual([]);
    expect(await loggedIds()).toHaveLength(2);
    expect(runtime.status()[0]).toMatchObject({ parked: 0, degraded: false });
  });

  it('retry skips an event whose stream moved on since, unless forced; the CLI lists lag and parked events', async () => {
    const broken = { now: true };
    const { projector } = poisonable(broken);
    const runtime = h.runtime({ projectors: [projector], parking: { attempts: 1 } });
    await runtime.start();
    await h.store.appendToStream('poison-s', [incremented(1, { fail: true })]);
    const later = await h.store.appendToStream('poison-s', [incremented(2)], { expectedRevision: 0 });
    await runtime.waitForPosition(later.position);
    broken.now = false;

    const logger = recordingLogger();
    const cli = (args: string[]) => runProjectionsCommand(args, { db: h.db, store: h.store, projectors: [projector], logger });
    expect(await cli([])).toBe(0);
    expect(logger.lines.at(-1)).toMatch(new RegExp(`^${name}\\s+projector\\s+0\\s+0\\.0\\s+1$`, 'm'));
    expect(await cli(['parked', name])).toBe(0);
    expect(logger.lines.at(-1)).toContain('poison-s@0');
    expect(logger.lines.at(-1)).toContain('cannot apply this event');

    expect(await cli(['retry', name])).toBe(1);
    expect(logger.lines.join('\n')).toContain('came later; rebuild the projector');
    expect(await listParked(h.db, name)).toHaveLength(1);
    expect(await cli(['retry', name, '--force'])).toBe(0);
    expect(await listParked(h.db, name)).toEqual([]);
    expect(await cli(['retry', 'nobody'])).toBe(2);
  });

  it('a reactor parks the event it cannot act on and goes on; a rebuild parks what it cannot apply instead of failing', async () => {
    const acted: string[] = [];
    const reactor = defineRawReactor({
      name,
      eventTypes: [Incremented.type],
      async react(events) {
        if (events.some(isPoison)) throw new Error('the outside world refused');
        acted.push(...events.map((event) => event.streamId));
      },
    });
    const runtime = h.runtime({ projectors: [reactor], parking: { attempts: 2, retryDelayMs: 5 } });
    await runtime.start();
    await h.store.appendToStream('before', [incremented(1)]);
    await h.store.appendToStream('poison-r', [incremented(1, { fail: true })]);
    const last = await h.store.appendToStream('after', [incremented(1)]);
    await runtime.waitForPosition(last.position);
    expect(acted).toContain('after');
    expect(await listParked(h.db, name)).toMatchObject([{ streamId: 'poison-r', attempts: 2, error: 'the outside world refused' }]);
    await runtime.stop();

    // The rebuild command parks as the runtime does.
    const { projector } = poisonable({ now: true });
    await rebuildProjector({ db: h.db, connectionString: h.url, store: h.store, projector: { ...projector, name: `${name}_log` }, logger: silentLogger });
    expect(await listParked(h.db, `${name}_log`)).toMatchObject([{ streamId: 'poison-r' }]);
  });
});
