import { randomUUID } from 'node:crypto';
import type { RecordedEvent } from '@conversa/contracts';
import type { EventStore, SubscribeToAllOptions, Subscription } from '../port';
import { noted } from './events';

export interface Collector {
  /** Everything delivered so far, in delivery order. */
  readonly events: RecordedEvent[];
  readonly batches: RecordedEvent[][];
  readonly caughtUpCount: number;
  readonly error: Error | undefined;
  readonly subscription: Subscription;
  /** Resolves once `predicate` holds; rejects on subscription error or timeout. */
  until(predicate: () => boolean, what: string, timeoutMs?: number): Promise<void>;
  waitForCount(count: number, timeoutMs?: number): Promise<void>;
  waitForCaughtUp(times?: number): Promise<void>;
  stop(): Promise<void>;
}

export type CollectOptions = Omit<SubscribeToAllOptions, 'onEvents' | 'onCaughtUp' | 'onError'> & {
  /** Runs before the batch is recorded; its promise holds the subscription back (backpressure). */
  onBatch?: (events: RecordedEvent[]) => Promise<void> | void;
};

/** A subscriber that records what it gets, so tests await deliveries instead of sleeping. */
export function collect(store: EventStore, options: CollectOptions): Collector {
  const events: RecordedEvent[] = [];
  const batches: RecordedEvent[][] = [];
  const checks = new Set<() => void>();
  let caughtUpCount = 0;
  let error: Error | undefined;
  const recheck = () => {
    for (const check of [...checks]) check();
  };

  const { onBatch, ...subscribeOptions } = options;
  const subscription = store.subscribeToAll({
    ...subscribeOptions,
    onEvents: async (batch) => {
      await onBatch?.(batch);
      batches.push(batch);
      events.push(...batch);
      recheck();
    },
    onCaughtUp: () => {
      caughtUpCount++;
      recheck();
    },
    onError: (err) => {
      error = err;
      recheck();
    },
  });

  const until = (predicate: () => boolean, what: string, timeoutMs = 20_000) =>
    new Promise<void>((resolve, reject) => {
      const cleanup = () => {
        clearTimeout(timer);
        checks.delete(check);
      };
      const check = () => {
        if (predicate()) {
          cleanup();
          resolve();
        } else if (error) {
          cleanup();
          reject(error);
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`Timed out after ${timeoutMs} ms waiting for ${what} (have ${events.length} events, caught up ${caughtUpCount}×)`));
      }, timeoutMs);
      checks.add(check);
      check();
    });

  return {
    events,
    batches,
    get caughtUpCount() {
      return caughtUpCount;
    },
    get error() {
      return error;
    },
    subscription,
    until,
    waitForCount: (count, timeoutMs) => until(() => events.length >= count, `${count} events`, timeoutMs),
    waitForCaughtUp: (times = 1) => until(() => caughtUpCount >= times, `caught up ${times}×`),
    stop: () => subscription.stop(),
  };
}

/**
 * Appends a sentinel under `prefix` and waits until the collector has it. Since the store
 * delivers in global order, everything before the sentinel has then been delivered: any
 * duplicate or stray event would be in `events` by now. Returns the events before it.
 */
export async function settle(store: EventStore, collector: Collector, prefix: string): Promise<RecordedEvent[]> {
  const sentinel = noted(-1);
  await store.appendToStream(`${prefix}sentinel-${randomUUID()}`, [sentinel]);
  await collector.until(() => collector.events.some((event) => event.id === sentinel.id), 'the sentinel');
  const index = collector.events.findIndex((event) => event.id === sentinel.id);
  return collector.events.slice(0, index).concat(collector.events.slice(index + 1));
}

/** Waits until $all shows `count` events under `prefix` (a pull read has nothing to await). */
export async function visible(store: EventStore, prefix: string, count: number): Promise<void> {
  const collector = collect(store, { filter: { streamPrefixes: [prefix] } });
  try {
    await collector.waitForCount(count);
  } finally {
    await collector.stop();
  }
}
