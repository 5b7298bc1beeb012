import { DomainError, EventRegistry, defineEvent } from '@conversa/contracts';
import type { EventStore } from '@conversa/eventstore';
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
let drop: () => Promise<void>;
beforeAll(async () => {
  const database = await testDatabase('handle');
  drop = database.drop;
  store = await createPostgresEventStore({ connectionString: database.url, registry });
});
afterAll(async () => {
  await store?.close();
  await drop?.();
});

const increment = (streamId: string, by: number, options: { max?: number; commandId?: string } = {}) =>
  handleCommand(store, { decider: counter, streamId, command: { type: 'Increment', by, max: options.max ?? 1_000_000 }, metadata, commandId: options.commandId });

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
