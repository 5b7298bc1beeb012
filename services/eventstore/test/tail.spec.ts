import type { Position, RecordedEvent } from '@conversa/contracts';
import { afterEach, expect, it } from 'vitest';
import type { SubscriptionPage } from '../src/postgres/subscription';
import { LiveTail, type TailSource } from '../src/postgres/tail';

/** A store in memory whose reads are counted and can be held open, to watch when the tail reads. */
function memorySource() {
  const events: RecordedEvent[] = [];
  let wake: ((appended?: Position) => void) | undefined;
  let held: { release(): void } | undefined;
  const source = {
    reads: 0,
    page: async (after: Position, limit: number): Promise<SubscriptionPage> => {
      source.reads++;
      // Answered from the store as it stood when the read began.
      const snapshot = events.slice();
      if (held) await new Promise<void>((resolve) => (held!.release = resolve));
      const rows = snapshot.filter((event) => event.position.prepare > after.prepare).slice(0, limit);
      return { events: rows, scannedTo: rows.at(-1)?.position ?? null, windowFull: false, pending: false };
    },
    head: async (): Promise<Position | null> => null,
    onAppend(registered: (appended?: Position) => void) {
      wake = registered;
      return () => (wake = undefined);
    },
    /** Stores an event and returns its position (commit 1, positions 1, 2, …). */
    append(): Position {
      const position = { commit: 1n, prepare: BigInt(events.length + 1) };
      events.push({
        id: `e${events.length + 1}`,
        streamId: 's',
        revision: events.length,
        type: 'T',
        data: {},
        metadata: {} as RecordedEvent['metadata'],
        position,
        createdAt: new Date(),
      });
      return position;
    },
    wake: (appended?: Position) => wake!(appended),
    /** The next read waits until `release` is called. */
    hold() {
      const handle = { release: () => {} };
      held = handle;
      return () => {
        held = undefined;
        handle.release();
      };
    },
  };
  return source satisfies TailSource;
}

const tails: LiveTail[] = [];
afterEach(async () => {
  await Promise.all(tails.splice(0).map((tail) => tail.stop()));
});

/** A tail that polls once a minute, so every read in a test comes from a wake. */
function startTail(source: ReturnType<typeof memorySource>) {
  const tail = new LiveTail(source, { pollIntervalMs: 60_000 });
  tails.push(tail);
  let moved: () => void = () => {};
  tail.add(() => moved());
  /** Resolves the next time the tail moves (it read something new). */
  const nextMove = () => new Promise<void>((resolve) => (moved = resolve));
  return { tail, nextMove };
}

it('reads once per append: the notification that follows the local wake names a position already read', async () => {
  const source = memorySource();
  const { tail, nextMove } = startTail(source);
  await expect.poll(() => tail.serving).toBe(true);
  const readsAtStart = source.reads;

  let moved = nextMove();
  const first = source.append();
  source.wake(first); // the appending process, at once
  await moved;
  source.wake(first); // its notification, a moment later
  // The memory store answers in microtasks: one macrotask later, a read it caused would have begun.
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(source.reads - readsAtStart).toBe(1);
  moved = nextMove();
  const second = source.append();
  source.wake(); // a wake that names no position (a reconnect) always reads
  await moved;

  expect(source.reads - readsAtStart).toBe(2);
  expect(tail.page(first, 10, undefined)?.events.map((event) => event.position)).toEqual([second]);
});

it('does not read again for a notification that arrived while the read that covers it was running', async () => {
  const source = memorySource();
  const { tail, nextMove } = startTail(source);
  await expect.poll(() => tail.serving).toBe(true);
  const readsAtStart = source.reads;

  const release = source.hold();
  let moved = nextMove();
  const first = source.append();
  source.wake(first);
  await expect.poll(() => source.reads).toBe(readsAtStart + 1);
  source.wake(first); // notified while the read is still out
  release();
  await moved;
  moved = nextMove();
  source.append();
  source.wake();
  await moved;

  expect(source.reads - readsAtStart).toBe(2);
});

it('reads again for an append newer than what the running read can have seen', async () => {
  const source = memorySource();
  const { tail } = startTail(source);
  await expect.poll(() => tail.serving).toBe(true);
  const readsAtStart = source.reads;

  const release = source.hold();
  const first = source.append();
  source.wake(first);
  await expect.poll(() => source.reads).toBe(readsAtStart + 1);
  const second = source.append(); // after the running read took its snapshot
  source.wake(second);
  release();
  await expect.poll(() => tail.page(first, 10, undefined)?.events.map((event) => event.position)).toEqual([second]);
  expect(source.reads - readsAtStart).toBe(2);
});

it('with a read spacing, reads that follow closely wait for it and carry every event that arrived meanwhile', async () => {
  const source = memorySource();
  const tail = new LiveTail(source, { pollIntervalMs: 60_000, minReadIntervalMs: 50 });
  tails.push(tail);
  const moves: number[] = [];
  tail.add(() => moves.push(performance.now()));
  await expect.poll(() => tail.serving).toBe(true);
  // A quiet spell: the next wake reads at once.
  await new Promise((resolve) => setTimeout(resolve, 60));
  const readsAtStart = source.reads;
  const woken = performance.now();
  const first = source.append();
  source.wake(first);
  await expect.poll(() => moves.length).toBe(1);
  expect(moves[0]! - woken).toBeLessThan(50);
  // Three more appends right behind it, each waking the tail: one read, a spacing after the first.
  const rest = [source.append(), source.append(), source.append()];
  for (const position of rest) source.wake(position);
  await expect.poll(() => moves.length).toBe(2);
  expect(moves[1]! - woken).toBeGreaterThanOrEqual(49);
  expect(source.reads - readsAtStart).toBe(2);
  expect(tail.page(first, 10, undefined)?.events.map((event) => event.position)).toEqual(rest);
});
