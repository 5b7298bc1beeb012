import { createInProcessBus } from '@conversa/bus';
import { type Position, type RecordedEvent, comparePositions } from '@conversa/contracts';
import type { EventStore } from '@conversa/eventstore';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDatabase } from '../../services/testing/src/database';
import { partitionByCompany, type Projector } from '../src/projector';
import { rebuildProjector } from '../src/rebuild';
import { type Harness, checkpointOf, openHarness, silentLogger, tableRows, waitFor } from './fixtures/harness';
import { countersProjector, incremented } from './fixtures/model';

let database: Awaited<ReturnType<typeof testDatabase>>;
let h: Harness;

beforeAll(async () => {
  database = await testDatabase('projector_partitions');
});
afterAll(async () => {
  await database.drop();
});

let run = 0;
let name: string;
beforeEach(async () => {
  run += 1;
  name = `counters_${run}`;
  h = await openHarness(database.url, `es_${run}`);
  return () => h.close();
});

/** The counters projector as `count` partitions, each telling which companies it was handed. */
function partitioned(count: number, options: { version?: number } = {}) {
  const seen = new Map<string, Set<number>>();
  const parts = partitionByCompany([countersProjector({ name, table: name, ...options })], count, [name]).map((part): Projector => ({
    ...part,
    handle: async (trx, events: readonly RecordedEvent[]) => {
      const companies = seen.get(part.name) ?? new Set<number>();
      for (const event of events) companies.add(event.metadata.companyId);
      seen.set(part.name, companies);
      return part.handle(trx, events);
    },
  }));
  return { parts, seen };
}

/** One append per company (1 … companies), `rounds` times; returns the newest position. */
async function appendPerCompany(companies: number, rounds: number, prefix = 'c'): Promise<Position> {
  let last: Position | undefined;
  for (let round = 0; round < rounds; round++) {
    for (let companyId = 1; companyId <= companies; companyId++) {
      const { position } = await h.store.appendToStream(`${prefix}-${companyId}`, [incremented(round + 1, { companyId })]);
      if (!last || comparePositions(position, last) > 0) last = position;
    }
  }
  return last!;
}

async function cleanRebuildEquals() {
  const clean = countersProjector({ name: `${name}_clean`, table: `${name}_clean` });
  await rebuildProjector({ db: h.db, connectionString: h.url, store: h.store, projector: clean, logger: silentLogger });
  expect(await tableRows(h.db, `read.${name}`, 'stream_id')).toEqual(await tableRows(h.db, `read.${name}_clean`, 'stream_id'));
}

describe('projectors partitioned by company', () => {
  it('splits the companies between partitions, each with its own checkpoint; a wait on the projector waits for every partition', async () => {
    const { parts, seen } = partitioned(2);
    expect(parts.map((part) => part.name)).toEqual([`${name}#0/2`, `${name}#1/2`]);
    const runtime = h.runtime({ projectors: parts });
    await runtime.start();
    const head = await appendPerCompany(5, 3);
    await runtime.waitForPosition(head, { projectors: [name] });

    expect([...seen.get(`${name}#0/2`)!].sort()).toEqual([2, 4]);
    expect([...seen.get(`${name}#1/2`)!].sort()).toEqual([1, 3, 5]);
    expect((await checkpointOf(h.db, `${name}#0/2`))?.commit_position).not.toBeNull();
    expect((await checkpointOf(h.db, `${name}#1/2`))?.commit_position).not.toBeNull();
    expect(await checkpointOf(h.db, name)).toBeUndefined();
    // Read-your-writes: the last append (company 5, partition 1) is in the table once the wait ends.
    const { rows } = await sql<{ total: string }>`select total::text from ${sql.table(`read.${name}`)} where stream_id = 'c-5'`.execute(h.db);
    expect(rows[0]?.total).toBe('6');
    await cleanRebuildEquals();
  });

  it('a process that owns no partition (an api) waits on the projector through both partitions checkpoints', async () => {
    const { parts } = partitioned(2);
    const owner = h.runtime({ projectors: parts });
    await owner.start();
    // Never started: it owns nothing and settles its waits by reading checkpoints and the store.
    const api = h.runtime({ projectors: partitioned(2).parts });
    // Company 2 only: partition 1 handles none of these events, so only a probe can clear it.
    const { position } = await h.store.appendToStream('only-2', [incremented(4, { companyId: 2 })]);
    await api.waitForPosition(position, { projectors: [name], signal: AbortSignal.timeout(10_000) });
    const { rows } = await sql<{ total: string }>`select total::text from ${sql.table(`read.${name}`)} where stream_id = 'only-2'`.execute(h.db);
    expect(rows[0]?.total).toBe('4');
  });

  it('a standby takes over the partition whose holder stopped, while the other partition keeps its own holder', async () => {
    const first = partitioned(2);
    const holder0 = h.runtime({ projectors: [first.parts[0]!] });
    const holder1 = h.runtime({ projectors: [first.parts[1]!] });
    await holder0.start();
    await holder1.start();
    await waitFor(() => holder0.status()[0]?.state === 'running' && holder1.status()[0]?.state === 'running', 15_000, 'both partitions held');
    const standby = partitioned(2);
    const spare = h.runtime({ projectors: standby.parts });
    await spare.start();
    await waitFor(() => spare.status().every((status) => status.state === 'waiting'), 15_000, 'the standby waiting on both partitions');
    await holder0.waitForPosition(await appendPerCompany(4, 1));

    await holder0.stop();
    await waitFor(() => spare.status()[0]?.state === 'running', 15_000, 'the standby holding partition 0');
    expect(spare.status()[1]?.state).toBe('waiting');
    const head = await appendPerCompany(4, 2, 'later');
    await spare.waitForPosition(head, { projectors: [name], signal: AbortSignal.timeout(10_000) });
    // The standby resumed partition 0 from its checkpoint: it never saw an odd company.
    expect([...standby.seen.get(`${name}#0/2`)!].sort()).toEqual([2, 4]);
    expect(standby.seen.has(`${name}#1/2`)).toBe(false);
    await cleanRebuildEquals();
  });

  it('a changed partition count rebuilds the shared tables once and drops the old checkpoints; rebuild of one partition rebuilds them all', async () => {
    const whole = h.runtime({ projectors: [countersProjector({ name, table: name })] });
    await whole.start();
    await whole.waitForPosition(await appendPerCompany(3, 2));
    await whole.stop();
    expect(await checkpointOf(h.db, name)).toBeDefined();

    const split = h.runtime({ projectors: partitioned(3).parts });
    await split.start();
    const head = await appendPerCompany(3, 1, 'more');
    await split.waitForPosition(head, { projectors: [name] });
    await waitFor(() => split.status().every((status) => status.caughtUp), 15_000, 'every partition caught up');
    expect(await checkpointOf(h.db, name)).toBeUndefined();
    await cleanRebuildEquals();
    await split.stop();

    const { parts } = partitioned(3);
    const result = await rebuildProjector({ db: h.db, connectionString: h.url, store: h.store, projector: parts[1]!, logger: silentLogger });
    expect(result.projector).toBe(name);
    expect(result.events).toBe(9);
    for (const part of parts) expect((await checkpointOf(h.db, part.name))?.commit_position).not.toBeNull();
    await cleanRebuildEquals();
  });

  it('with shared progress, a process that owns no partition ends its waits on the owners announcements, without probing the store', async () => {
    const bus = createInProcessBus();
    const owner = h.runtime({ projectors: partitioned(2).parts, bus, shareProgress: {} });
    await owner.start();
    await waitFor(() => owner.status().every((status) => status.state === 'running'), 15_000, 'both partitions held');
    let probes = 0;
    let inFlight = 0;
    // The api's view of the store: every read it makes to settle a wait is counted, and those still running.
    const counted = new Proxy(h.store, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver) as unknown;
        if ((key === 'readAll' || key === 'headPosition') && typeof value === 'function')
          return (...args: unknown[]) => {
            probes++;
            inFlight++;
            const result = (value as (...a: unknown[]) => unknown).apply(target, args);
            const done = () => void inFlight--;
            if (result instanceof Promise) result.then(done, done);
            else done();
            return result;
          };
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    }) as EventStore;
    const api = h.runtime({ projectors: partitioned(2).parts, bus, store: counted, shareProgress: { probeAfterMs: 60_000 } });
    // Its first wait starts it listening (and is settled by probes, as without announcements); the next ones are not.
    await api.waitForPosition(await appendPerCompany(4, 1, 'shared-0'), { projectors: [name], signal: AbortSignal.timeout(10_000) });
    // That wait's probes may still be running (or asked again) once it has settled: they are its, not the next ones'.
    // A chain of them reads a checkpoint (not the store) between two counted reads, so the runtime says when it is done.
    await waitFor(() => inFlight === 0 && !api.probing(), 10_000, "the first wait's probes ended");
    probes = 0;
    for (let round = 1; round <= 3; round++) {
      const head = await appendPerCompany(4, 1, `shared-${round}`);
      await api.waitForPosition(head, { projectors: [name], signal: AbortSignal.timeout(10_000) });
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from ${sql.table(`read.${name}`)} where stream_id like ${`shared-${round}-%`}`.execute(h.db);
      expect(rows[0]?.n).toBe(4);
    }
    expect(probes).toBe(0);
    await bus.close();
  });
});
