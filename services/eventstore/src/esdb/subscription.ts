import { AsyncLocalStorage } from 'node:async_hooks';
import type { EventRegistry, Position, RecordedEvent } from '@conversa/contracts';
import { comparePositions } from '@conversa/contracts';
import { START, type EventStoreDBClient } from '@eventstore/db-client';
import type { SubscribeToAllOptions, Subscription } from '../port';
import { matchesFilter, serverFilter, toRecordedEvent, type EsdbResolvedEvent } from './mapping';

const DEFAULT_MAX_BATCH_SIZE = 500;

/** Marks code running inside this module's handler calls, so a handler may stop its own subscription. */
const insideHandler = new AsyncLocalStorage<Subscription>();

type Pending = { kind: 'event'; event: RecordedEvent } | { kind: 'caughtUp' };

/**
 * A catch-up subscription to $all over the client's subscription stream. Events are buffered while
 * the handler runs and handed over in batches in global order; above a high-water mark the client
 * stream is paused, which stops reading from the socket and lets HTTP/2 flow control slow the server.
 * The server's caught-up marker is queued behind the events that preceded it, so onCaughtUp fires
 * only once those have been handled.
 */
export function subscribeToAll(client: EventStoreDBClient, registry: EventRegistry, options: SubscribeToAllOptions): Subscription {
  const maxBatchSize = Math.max(1, options.maxBatchSize ?? DEFAULT_MAX_BATCH_SIZE);
  const highWaterMark = maxBatchSize * 4;
  const from = options.fromPosition ?? 'start';
  const queue: Pending[] = [];
  let bufferedEvents = 0;
  let paused = false;
  let running: Promise<void> | null = null;
  let ended = false;
  let resolveDone!: () => void;
  const done = new Promise<void>((resolve) => (resolveDone = resolve));

  const stream = client.subscribeToAll({
    fromPosition: from === 'start' ? START : { commit: from.commit, prepare: from.prepare },
    filter: serverFilter(options.filter),
  });

  const finish = async (error?: Error) => {
    if (ended) return;
    ended = true;
    queue.length = 0;
    await stream.unsubscribe().catch(() => undefined);
    if (error) options.onError?.(error);
    resolveDone();
  };

  const drain = async () => {
    try {
      while (!ended && queue.length > 0) {
        if (queue[0]!.kind === 'caughtUp') {
          queue.shift();
          options.onCaughtUp?.();
          continue;
        }
        const batch: RecordedEvent[] = [];
        while (batch.length < maxBatchSize && queue[0]?.kind === 'event') batch.push((queue.shift() as { event: RecordedEvent }).event);
        bufferedEvents -= batch.length;
        if (paused && bufferedEvents <= maxBatchSize) {
          paused = false;
          stream.resume();
        }
        await insideHandler.run(subscription, () => options.onEvents(batch));
      }
    } catch (error) {
      await finish(asError(error));
    }
  };

  const pump = () => {
    if (running || ended) return;
    // `finally` runs after the assignment even when drain() finishes without awaiting anything.
    running = drain().finally(() => {
      running = null;
      if (!ended && queue.length > 0) pump();
    });
  };

  let last: Position | null = from === 'start' ? null : from;
  stream.on('data', (resolved: EsdbResolvedEvent) => {
    if (ended) return;
    const record = resolved.event;
    if (!record || !matchesFilter(options.filter, record.streamId, record.type)) return;
    let event: RecordedEvent;
    try {
      event = toRecordedEvent(record, registry, false);
    } catch (error) {
      void finish(asError(error));
      return;
    }
    // The server's start is exclusive already; this only guards against a replayed page after a reconnect.
    if (last && comparePositions(event.position, last) <= 0) return;
    last = event.position;
    queue.push({ kind: 'event', event });
    bufferedEvents++;
    if (!paused && bufferedEvents >= highWaterMark) {
      paused = true;
      stream.pause();
    }
    pump();
  });
  stream.on('caughtUp', () => {
    if (ended) return;
    queue.push({ kind: 'caughtUp' });
    pump();
  });
  stream.on('error', (error: Error) => void finish(error));
  stream.on('end', () => void finish(new Error('EventStoreDB ended the $all subscription')));

  const subscription: Subscription = {
    done,
    async stop() {
      const handler = running;
      await finish();
      // A handler stopping its own subscription must not wait for itself to return.
      if (insideHandler.getStore() !== subscription) await handler;
    },
  };
  return subscription;
}

const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));
