import type { RecordedEvent } from '@conversa/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDatabase } from '../../services/testing/src/database';
import { defineRawReactor } from '../src/projector';
import { type Harness, checkpointOf, openHarness, waitFor } from './fixtures/harness';
import { Incremented, ignored, incremented } from './fixtures/model';

let database: Awaited<ReturnType<typeof testDatabase>>;
let h: Harness;

beforeAll(async () => {
  database = await testDatabase('projector_reactor_checkpoint');
});
afterAll(async () => {
  await database.drop();
});

let run = 0;
let name: string;
beforeEach(async () => {
  run += 1;
  name = `reactor_${run}`;
  h = await openHarness(database.url, `es_reactor_${run}`);
  return () => h.close();
});

function recordingReactor() {
  const seen: RecordedEvent[] = [];
  return { seen, projector: defineRawReactor({ name, eventTypes: [Incremented.type], react: async (events) => void seen.push(...events) }) };
}

describe("a reactor's checkpoint, written now and then", () => {
  it('costs its batches no checkpoint write within the interval, catches up on a graceful stop, and a successor resumes there without doing anything twice', async () => {
    const first = recordingReactor();
    const runtime = h.runtime({ projectors: [first.projector], reactorCheckpointEveryMs: 60_000 });
    await runtime.start();
    await waitFor(() => runtime.status()[0]?.state === 'running', 10_000, 'the reactor running');
    let last;
    for (let index = 0; index < 3; index++) {
      last = await h.store.appendToStream(`counter-${index}`, [incremented(index + 1)]);
      await runtime.waitForPosition(last.position);
    }
    expect(first.seen.map((event) => (event.data as { by: number }).by)).toEqual([1, 2, 3]);
    // Three batches done, the interval not up: the stored checkpoint has not moved.
    expect((await checkpointOf(h.db, name))?.commit_position ?? null).toBeNull();

    await runtime.stop();
    expect(await checkpointOf(h.db, name)).toMatchObject({
      commit_position: last!.position.commit.toString(),
      prepare_position: last!.position.prepare.toString(),
    });

    const second = recordingReactor();
    const successor = h.runtime({ projectors: [second.projector], reactorCheckpointEveryMs: 60_000 });
    await successor.start();
    const next = await h.store.appendToStream('counter-9', [incremented(9)]);
    await successor.waitForPosition(next.position);
    expect(second.seen.map((event) => (event.data as { by: number }).by)).toEqual([9]);
  });

  it('writes a checkpoint left behind once its interval is up, also when no batch follows, and answers waits at once from memory', async () => {
    const reactor = recordingReactor();
    const runtime = h.runtime({ projectors: [reactor.projector], reactorCheckpointEveryMs: 200 });
    await runtime.start();
    await waitFor(() => runtime.status()[0]?.state === 'running', 10_000, 'the reactor running');
    const written = await h.store.appendToStream('counter-a', [incremented(4)]);
    await runtime.waitForPosition(written.position);
    // An event it does not handle: the wait ends on its pass, without a write.
    const passed = await h.store.appendToStream('other-a', [ignored()]);
    await runtime.waitForPosition(passed.position);
    await waitFor(
      async () => (await checkpointOf(h.db, name))?.prepare_position === written.position.prepare.toString(),
      5_000,
      'the checkpoint written after its interval',
    );
    expect(reactor.seen).toHaveLength(1);
  });
});

describe('a reactor deployed from now', () => {
  it("records the store's head as its first checkpoint: it acts on nothing before its first lease, and later resumes from its checkpoint, not from now", async () => {
    await h.store.appendToStream('counter-old', [incremented(1), incremented(2)]);
    const seen: RecordedEvent[] = [];
    const projector = defineRawReactor({ name, eventTypes: [Incremented.type], startFrom: 'now', react: async (events) => void seen.push(...events) });
    const runtime = h.runtime({ projectors: [projector], reactorCheckpointEveryMs: 0 });
    await runtime.start();
    await waitFor(() => runtime.status()[0]?.state === 'running', 10_000, 'the reactor running');
    const head = await h.store.headPosition();
    expect(await checkpointOf(h.db, name)).toMatchObject({ commit_position: head!.commit.toString(), prepare_position: head!.prepare.toString() });
    const fresh = await h.store.appendToStream('counter-new', [incremented(3)]);
    await runtime.waitForPosition(fresh.position);
    expect(seen.map((event) => (event.data as { by: number }).by)).toEqual([3]);
    await runtime.stop();

    // Appended while no process ran it: its checkpoint stands, so the next lease acts on it.
    const whileDown = await h.store.appendToStream('counter-down', [incremented(4)]);
    const successor = h.runtime({ projectors: [projector], reactorCheckpointEveryMs: 0 });
    await successor.start();
    await successor.waitForPosition(whileDown.position);
    expect(seen.map((event) => (event.data as { by: number }).by)).toEqual([3, 4]);
  });

  it('on an empty store starts at the start', async () => {
    const seen: RecordedEvent[] = [];
    const runtime = h.runtime({
      projectors: [defineRawReactor({ name, eventTypes: [Incremented.type], startFrom: 'now', react: async (events) => void seen.push(...events) })],
    });
    await runtime.start();
    await waitFor(() => runtime.status()[0]?.state === 'running', 10_000, 'the reactor running');
    const first = await h.store.appendToStream('counter-first', [incremented(5)]);
    await runtime.waitForPosition(first.position);
    expect(seen.map((event) => (event.data as { by: number }).by)).toEqual([5]);
  });
});
