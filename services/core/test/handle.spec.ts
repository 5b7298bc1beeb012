import { DomainError, EventRegistry, defineEvent } from '@conversa/contracts';
import { StateCache, createPostgresSnapshotStore, type EventStore, type ReadStreamOptions, type SnapshotStore } from '@conversa/eventstore';
import { createPostgresEventStore } from '@conversa/eventstore/postgres/index';
import { testDatabase } from '@conversa/testing/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Decider } from '../src/commands/decider';
import { handleCommand } from '../src/commands/handle';

/** A counter with a ceiling: enough rules to see deciding, retrying and refusing. */
type CounterEvent = { type: 'Incremented'; data: { by: number } };
type Counter = { value: number };
const counter: Decider<Counter, { type: 'Increment'; by: number; max: number }, CounterEvent> = {
  initialState: () => ({ value: 0 }),
  evolve: (state, event) => ({ value: state.value + event.data.by }),
  decide(state, command) {
    if (state.value + command.by > command.max) throw new DomainError('ERR_VALIDATION', 'over the ceiling');
    return [{ type: 'Incremented', data: { by: command.by } }];
  },
};
const registry = new EventRegistry([defineEvent('Incremented', z.object({ by: z.number().int() }))]);
const metadata = { companyId: 1, actor: { kind: 'system' as const, id: 'test' } };

let store: EventStore;
let url: string;
let snapshots: SnapshotStore;
let drop: () => Promise<void>;
beforeAll(async () => {
  const database = await testDatabase('handle');
  drop = database.drop;
  url = database.url;
  store = await createPostgresEventStore({ connectionString: database.url, registry });
  snapshots = await createPostgresSnapshotStore({ connectionString: database.url });
});
afterAll(async () => {
  await store?.close();
  await snapshots?.close();
  await drop?.();
});

/** The store with its stream reads recorded: how much of a stream each command read. */
function watched(inner: EventStore): { store: EventStore; reads: Array<ReadStreamOptions | undefined> } {
  const reads: Array<ReadStreamOptions | undefined> = [];
  const wrapper = Object.create(inner) as EventStore;
  wrapper.readStream = (streamId, options) => {
    reads.push(options);
    return inner.readStream(streamId, options);
  };
  return { store: wrapper, reads };
}

const incrementIn = (states: StateCache, on: EventStore, streamId: string, by = 1, commandId?: string) =>
  handleCommand(on, { decider: counter, streamId, command: { type: 'Increment', by, max: 1_000_000 }, metadata, states, commandId });

const increment = (streamId: string, by: number, options: { max?: number; commandId?: string } = {}) =>
  handleCommand(store, {
    decider: counter,
    streamId,
    command: { type: 'Increment', by, max: options.max ?? 1_000_000 },
    metadata,
    commandId: options.commandId,
  });

describe('handleCommand', () => {
  it('loads, decides and appends with the stream revision', async () => {
    const first = await increment('counter-a', 2);
    const second = await increment('counter-a', 3);
    expect(first).toMatchObject({ nextExpectedRevision: 0, repeated: false, state: { value: 2 } });
    expect(second).toMatchObject({ nextExpectedRevision: 1, state: { value: 5 } });
    expect(second.events.map((e) => e.data)).toEqual([{ by: 3 }]);
    expect(second.events[0]!.metadata).toMatchObject({ companyId: 1, actor: { kind: 'system', id: 'test' } });
  });

  it('retries conflicts by deciding again, so 20 concurrent commands all land', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => increment('counter-b', 1)));
    expect(results.every((r) => !r.repeated)).toBe(true);
    expect((await store.readStream('counter-b')).length).toBe(20);
  });

  it('re-decides on retry: the rule holds under concurrency (no lost update past the ceiling)', async () => {
    const outcomes = await Promise.allSettled(Array.from({ length: 10 }, () => increment('counter-c', 1, { max: 4 })));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(4);
    for (const outcome of outcomes) if (outcome.status === 'rejected') expect((outcome.reason as DomainError).code).toBe('ERR_VALIDATION');
    expect((await store.readStream('counter-c')).length).toBe(4);
  });

  it('appends a command id once and answers the repeat with the first result', async () => {
    const first = await increment('counter-d', 5, { commandId: 'cmd-1' });
    const again = await increment('counter-d', 5, { commandId: 'cmd-1' });
    expect(again.repeated).toBe(true);
    expect(again.events.map((e) => e.id)).toEqual(first.events.map((e) => e.id));
    expect((await store.readStream('counter-d')).length).toBe(1);
  });

  it('collapses racing duplicates of one command into one append', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => increment('counter-e', 1, { commandId: 'cmd-race' })));
    expect((await store.readStream('counter-e')).length).toBe(1);
    const ids = new Set(results.flatMap((r) => r.events.map((e) => e.id)));
    expect(ids.size).toBe(1);
  });

  it('gives up after the bounded retries with ERR_CONCURRENCY_RETRIES_EXHAUSTED', async () => {
    const busy: EventStore = {
      ...store,
      readStream: (id, o) => store.readStream(id, o),
      appendToStream: async (streamId) => {
        const { WrongExpectedVersionError } = await import('@conversa/eventstore');
        throw new WrongExpectedVersionError(streamId, 0, 7);
      },
    };
    await expect(
      handleCommand(busy, { decider: counter, streamId: 'counter-f', command: { type: 'Increment', by: 1, max: 10 }, metadata, maxRetries: 3 }),
    ).rejects.toMatchObject({ code: 'ERR_CONCURRENCY_RETRIES_EXHAUSTED' });
  });
});

describe('handleCommand with the state cache', () => {
  it('reads only the events after the state it folded before, also those another process wrote', async () => {
    const states = new StateCache();
    const { store: seen, reads } = watched(store);
    for (let index = 0; index < 30; index++) await incrementIn(states, seen, 'cached-a');
    expect(reads.slice(0, 2)).toEqual([{ maxCount: 10_000 }, { fromRevision: 1, maxCount: 10_000 }]);
    expect(reads.filter((read) => read?.fromRevision === undefined)).toHaveLength(1);

    // Another process (its own cache) appends: this one reads those events, decides on them, and no more.
    await incrementIn(new StateCache(), store, 'cached-a', 100);
    reads.length = 0;
    const result = await incrementIn(states, seen, 'cached-a', 1);
    expect(result).toMatchObject({ nextExpectedRevision: 31, state: { value: 131 } });
    expect(reads).toEqual([{ fromRevision: 30, maxCount: 10_000 }]);
  });

  it('lets a process that starts cold fold from the snapshot and the events after it', async () => {
    const first = new StateCache({ snapshots, snapshotEvery: 10 });
    for (let index = 0; index < 25; index++) await incrementIn(first, store, 'cached-b');
    await first.flush();
    const { store: seen, reads } = watched(store);
    const result = await incrementIn(new StateCache({ snapshots, snapshotEvery: 10 }), seen, 'cached-b');
    expect(result).toMatchObject({ nextExpectedRevision: 25, state: { value: 26 } });
    expect(reads).toHaveLength(1);
    expect(reads[0]!.fromRevision).toBeGreaterThanOrEqual(20);
  });

  it('lands 16 concurrent writers on one stream, each in a process of its own, none refused', async () => {
    // Four connections to the store and sixteen caches: the writers really race through expected revisions.
    const stores = await Promise.all(Array.from({ length: 4 }, () => createPostgresEventStore({ connectionString: url, registry })));
    try {
      const writers = Array.from({ length: 16 }, (_, index) => ({ states: new StateCache(), on: stores[index % 4]! }));
      const outcomes = await Promise.allSettled(writers.flatMap(({ states, on }) => Array.from({ length: 3 }, () => incrementIn(states, on, 'cached-c'))));
      expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
      const events = await store.readStream('cached-c');
      expect(events.map((event) => event.revision)).toEqual(Array.from({ length: 48 }, (_, index) => index));
    } finally {
      await Promise.all(stores.map((each) => each.close()));
    }
  });

  it('answers a repeated command id from a warm cache with the first run, appending nothing', async () => {
    const states = new StateCache();
    const first = await incrementIn(states, store, 'cached-d', 5, 'cmd-warm');
    await incrementIn(states, store, 'cached-d', 1);
    const again = await incrementIn(states, store, 'cached-d', 5, 'cmd-warm');
    expect(again).toMatchObject({ repeated: true, state: { value: 6 }, nextExpectedRevision: 1 });
    expect(again.events.map((event) => event.id)).toEqual(first.events.map((event) => event.id));
    expect(await store.readStream('cached-d')).toHaveLength(2);
  });

  it('appends a commuting command without an expected revision, so writers of two processes never refuse each other', async () => {
    const adder = { ...counter, commutes: () => true };
    const expectations: unknown[] = [];
    const spied = Object.create(store) as EventStore;
    spied.appendToStream = (streamId, events, options) => {
      expectations.push(options?.expectedRevision);
      return store.appendToStream(streamId, events, options);
    };
    const [a, b] = [new StateCache(), new StateCache()];
    const add = (states: StateCache) =>
      handleCommand(spied, { decider: adder, streamId: 'cached-e', command: { type: 'Increment', by: 1, max: 1_000_000 }, metadata, states });
    const results = await Promise.all([add(a), add(b), add(a), add(b)]);
    expect(expectations).toEqual(['any', 'any', 'any', 'any']);
    expect(await store.readStream('cached-e')).toHaveLength(4);
    // An append that landed after the other process's events answers a state that counts them too.
    for (const result of results) expect(result.state.value).toBeGreaterThanOrEqual(result.nextExpectedRevision + 1);
    expect((await add(a)).state).toEqual({ value: 5 });
  });

  it('keeps the state folded from the data as stored (normalised), as a read of the stream would fold it', async () => {
    // A setter whose stored data the "registry" clamps to 100: the cache must hold 100, not what was decided.
    const setter: Decider<{ value: number }, { type: 'Set'; to: number }, CounterEvent> = {
      initialState: () => ({ value: 0 }),
      evolve: (_state, event) => ({ value: event.data.by }),
      decide: (state, command) => (state.value === command.to ? [] : [{ type: 'Incremented', data: { by: command.to } }]),
    };
    const states = new StateCache();
    const set = (to: number) =>
      handleCommand(store, {
        decider: setter,
        streamId: 'cached-f',
        command: { type: 'Set', to },
        metadata,
        states,
        normalize: (_type, data) => ({ by: Math.min(100, (data as { by: number }).by) }),
      });
    expect((await set(150)).state).toEqual({ value: 100 });
    expect((await set(100)).events).toEqual([]);
    expect(await store.readStream('cached-f')).toHaveLength(1);
  });
});
