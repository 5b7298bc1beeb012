/**
 * Commands on long and hot streams: `pnpm bench:commands`. Starts its own embedded Postgres and prints
 * one JSON line per figure (medians). CPU is this process's (user + system) during the command:
 * the database's own work is in its latency, not its CPU.
 *
 * - one command on a stream of 10, 1,000, 100,000 and 1,000,000 events: warm (the process's state
 *   cache holds the stream), cold (a process that starts now: the snapshot and the events after it),
 *   and, up to 100,000, uncached (the stream folded whole, as every command did before the cache);
 * - one item added to a 100,000-item contact list;
 * - 64 concurrent adds to one list, from one process and from four.
 */
import { DomainError, EventRegistry, contactListEvents } from '@conversa/contracts';
import { StateCache, createPostgresEventStore, createPostgresSnapshotStore, type EventStore, type SnapshotStore } from '@conversa/eventstore';
import pg from 'pg';
import { ConformanceNoted } from '@conversa/eventstore/conformance/events';
import { createDatabase, startPostgres } from '../../testing/src/postgres';
import { line, median } from './kit/measure';
import {
  addContactListItem,
  createContactList,
  runCommand,
  uploadContactListItems,
  type ContactListUseCaseContext,
  type Decider,
  type UseCaseContext,
} from '@conversa/core';

const SIZES = [10, 1_000, 100_000, 1_000_000];
const RUNS = Number(process.env.BENCH_RUNS ?? 15);

type Counter = { value: number; count: number };
/** A counter: the cheapest fold, so the figures are the cost of loading state, not of folding it. */
const counter: Decider<Counter, { type: 'Increment' }, { type: 'ConformanceNoted'; data: { n: number } }> = {
  initialState: () => ({ value: 0, count: 0 }),
  evolve: (state, event) => ({ value: state.value + event.data.n, count: state.count + 1 }),
  decide(state) {
    if (state.value < 0) throw new DomainError('ERR_VALIDATION');
    return [{ type: 'ConformanceNoted', data: { n: 1 } }];
  },
};
const registry = new EventRegistry([ConformanceNoted, ...contactListEvents]);
const actor = { kind: 'system' as const, id: 'bench' };

const round = (value: number) => Number(value.toFixed(3));

/** CPU (ms of this process) and wall time (ms) of one awaited call. */
async function measured(run: () => Promise<unknown>): Promise<{ cpu: number; latency: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  await run();
  const latency = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { cpu: (used.user + used.system) / 1000, latency };
}

async function medianOf(runs: number, prepare: () => Promise<() => Promise<unknown>>): Promise<{ cpu_ms: number; latency_ms: number }> {
  const cpus: number[] = [];
  const latencies: number[] = [];
  for (let index = 0; index < runs; index++) {
    const run = await prepare();
    const { cpu, latency } = await measured(run);
    cpus.push(cpu);
    latencies.push(latency);
  }
  return { cpu_ms: round(median(cpus)), latency_ms: round(median(latencies)) };
}

/**
 * A counter stream of `size` events: the first appended by the store (a real hash-chained head), the
 * rest copied from it in SQL, which writes a million rows in seconds rather than minutes. Commands
 * read and append through the store as always; only `conversa verify` would object to the copies.
 */
async function seedStream(store: EventStore, admin: pg.Pool, streamId: string, size: number): Promise<void> {
  const first = {
    id: crypto.randomUUID(),
    type: 'ConformanceNoted',
    data: { n: 1 },
    metadata: { companyId: 1, actor, correlationId: 'seed', causationId: 'seed', occurredAt: new Date().toISOString(), schemaVersion: 1 },
  };
  await store.appendToStream(streamId, [first], { expectedRevision: 'no_stream' });
  if (size === 1) return;
  await admin.query(
    `insert into eventstore.events (event_id, stream_id, revision, type, data, metadata)
     select gen_random_uuid(), e.stream_id, r, e.type, e.data, e.metadata from eventstore.events e, generate_series(1, $2::bigint - 1) r
     where e.stream_id = $1 and e.revision = 0`,
    [streamId, size],
  );
  await admin.query(`update eventstore.streams set revision = $2 - 1 where stream_id = $1`, [streamId, size]);
}

async function streamFigures(store: EventStore, snapshots: SnapshotStore, admin: pg.Pool): Promise<void> {
  const ctx = { store, registry, now: () => new Date() };
  const command = (states: StateCache | undefined, streamId: string) => () =>
    runCommand({ ...ctx, ...(states ? { states } : {}) }, { decider: counter, streamId, command: { type: 'Increment' }, companyId: 1, actor });
  const ratios: Record<string, Record<number, number>> = { warm: {}, cold: {} };
  for (const size of SIZES) {
    const streamId = `bench-counter-${size}`;
    const seeding = performance.now();
    await seedStream(store, admin, streamId, size);
    const seeded = performance.now() - seeding;
    // The first command of a process that finds no snapshot folds the stream whole once and writes one.
    const writer = new StateCache({ snapshots });
    const first = await measured(command(writer, streamId));
    await writer.flush();
    line({ name: 'command_first_without_snapshot', events: size, cpu_ms: round(first.cpu), latency_ms: round(first.latency), seed_ms: Math.round(seeded) });

    const warm = await medianOf(RUNS, async () => command(writer, streamId));
    await writer.flush();
    const cold = await medianOf(RUNS, async () => command(new StateCache({ snapshots }), streamId));
    line({ name: 'command_warm', events: size, ...warm, runs: RUNS });
    line({ name: 'command_cold_from_snapshot', events: size, ...cold, runs: RUNS });
    ratios.warm![size] = warm.cpu_ms;
    ratios.cold![size] = cold.cpu_ms;
    if (size <= 100_000) line({ name: 'command_uncached', events: size, ...(await medianOf(3, async () => command(undefined, streamId))), runs: 3 });
  }
  for (const state of ['warm', 'cold'] as const) {
    line({ name: `command_${state}_cpu_ratio_1000000_to_10`, value: round(ratios[state]![1_000_000]! / ratios[state]![10]!), target: 1.5 });
  }
}

function listContext(store: EventStore, states: StateCache, ids: { next(): number }): ContactListUseCaseContext {
  return {
    store,
    registry,
    states,
    now: () => new Date(),
    waitForProjections: async () => {},
    ids: { next: async () => ids.next(), nextMany: async (_kind, count) => Array.from({ length: count }, () => ids.next()) },
  } satisfies UseCaseContext & ContactListUseCaseContext;
}

async function listFigures(stores: EventStore[], snapshots: SnapshotStore): Promise<void> {
  let id = 0;
  const ids = { next: () => ++id };
  const who = { companyId: 1, actor };
  const states = new StateCache({ snapshots });
  const ctx = listContext(stores[0]!, states, ids);
  const contactListId = await createContactList(ctx, { ...who, name: 'Cem mil' });
  // 100,000 rows as a spreadsheet brings them: 200 events of 500 items.
  const rows = Array.from({ length: 100_000 }, (_, index) => ({
    line: index + 2,
    input: { name: `Pessoa ${index}`, number: `55119${String(index).padStart(8, '0')}`, email: '' },
    formula: false,
  }));
  await uploadContactListItems(ctx, { ...who, contactListId, rows });
  let n = 0;
  const add = (on: ContactListUseCaseContext) => () =>
    addContactListItem(on, { ...who, contactListId, details: { name: 'Mais um', number: `55219${String(++n).padStart(8, '0')}`, email: '' } });
  await add(ctx)();
  await states.flush();
  line({ name: 'list_add_100000_items_warm', ...(await medianOf(RUNS, async () => add(ctx))), runs: RUNS, target_cpu_ms: 2 });
  await states.flush();
  line({
    name: 'list_add_100000_items_cold_from_snapshot',
    ...(await medianOf(5, async () => add(listContext(stores[0]!, new StateCache({ snapshots }), ids)))),
    runs: 5,
  });

  for (const processes of [1, 4]) {
    const contexts = Array.from({ length: processes }, (_, index) => listContext(stores[index % stores.length]!, new StateCache({ snapshots }), ids));
    const list = await createContactList(contexts[0]!, { ...who, name: `Concorrida ${processes}` });
    const started = performance.now();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 64 }, (_, index) =>
        addContactListItem(contexts[index % processes]!, {
          ...who,
          contactListId: list,
          details: { name: `P ${index}`, number: `55319${String(index).padStart(8, '0')}`, email: '' },
        }),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected').length;
    const stored = (await stores[0]!.readStream(`contactlist-${list}`)).filter((event) => event.type === 'ContactListItemsAdded').length;
    line({ name: 'list_64_concurrent_adds', processes, refused, stored, seconds: round(seconds), adds_per_second: round((64 - refused) / seconds) });
  }
}

async function main(): Promise<void> {
  const server = await startPostgres();
  const closing: Array<() => Promise<void>> = [];
  try {
    const database = await createDatabase(server.adminUrl, 'bench_commands');
    const stores = await Promise.all(Array.from({ length: 4 }, () => createPostgresEventStore({ connectionString: database.url, registry })));
    const snapshots = await createPostgresSnapshotStore({ connectionString: database.url });
    const admin = new pg.Pool({ connectionString: database.url, max: 2 });
    closing.push(
      () => admin.end(),
      () => snapshots.close(),
      ...stores.map((store) => () => store.close()),
    );
    await streamFigures(stores[0]!, snapshots, admin);
    await listFigures(stores, snapshots);
  } finally {
    for (const close of closing) await close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
