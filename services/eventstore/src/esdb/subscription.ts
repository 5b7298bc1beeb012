import { AsyncLocalStorage } from 'node:async_hooks';
import type { EventRegistry, Position, RecordedEvent } from '@conversa/contracts';
import { comparePositions } from '@conversa/contracts';
import { START, type EventStoreDBClient } from '@eventstore/db-client';
import type { SubscribeToAllOptions, Subscription } from '../port';
import { matchesFilter, parseJson, serverFilter, toRecordedEvent, type EsdbResolvedEvent } from './mapping';

const DEFAULT_MAX_BATCH_SIZE = 500;
/**
 * While catching up, a batch is handed over once full or once the server says it caught up. Servers
 * older than 23.10 never say so; this bounds how long a part-filled batch waits for them.
 */
const PARTIAL_CATCH_UP_BATCH_DELAY_MS = 100;

const UNSUBSCRIBE_WAIT_MS = 2000;

/** Marks code running inside this module's handler calls, so a handler may stop its own subscription. */
const insideHandler = new AsyncLocalStorage<Subscription>();

type Pending = { kind: 'event'; event: RecordedEvent } | { kind: 'caughtUp' };

/**
 * A catch-up subscription to $all over the client's subscription stream.
 *
 * Events are queued while the handler runs and handed over in batches, in global order. Above a
 * high-water mark the client stream is paused: it stops reading from the socket, and HTTP/2 flow
 * control holds the server back. The server's caught-up signal is queued behind the events that
 * preceded it on the wire, so onCaughtUp fires once those have been handled.
 */
export function subscribeToAll(client: EventStoreDBClient, registry: EventRegistry, options: SubscribeToAllOptions): Subscription {
  const maxBatchSize = Math.max(1, options.maxBatchSize ?? DEFAULT_MAX_BATCH_SIZE);
  const highWaterMark = maxBatchSize * 4;
  const from = options.fromPosition ?? 'start';
  const queue: Pending[] = [];
  let queuedEvents = 0;
  let paused = false;
  let catchingUp = true;
  let running: Promise<void> | null = null;
  let scheduled = false;
  let partialTimer: NodeJS.Timeout | undefined;
  let flushPartial = false;
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
    clearTimeout(partialTimer);
    // A cancel on a paused HTTP/2 stream may never be acknowledged; the subscription is over for us either way.
    await Promise.race([stream.unsubscribe().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, UNSUBSCRIBE_WAIT_MS).unref())]);
    stream.destroy();
    if (error) options.onError?.(error);
    resolveDone();
  };

  /** How many events at the head of the queue may be handed over now (0: wait for more). */
  const deliverable = (): number => {
    let count = 0;
    while (count < queue.length && count < maxBatchSize && queue[count]!.kind === 'event') count++;
    if (count === 0) return 0;
    const complete = count === maxBatchSize || count < queue.length || !catchingUp || flushPartial;
    return complete ? count : 0;
  };

  const drain = async () => {
    try {
      while (!ended && queue.length > 0) {
        if (queue[0]!.kind === 'caughtUp') {
          queue.shift();
          options.onCaughtUp?.();
          continue;
        }
        const count = deliverable();
        if (count === 0) return;
        flushPartial = false;
        clearTimeout(partialTimer);
        partialTimer = undefined;
        const batch = queue.splice(0, count).map((pending) => (pending as { event: RecordedEvent }).event);
        queuedEvents -= batch.length;
        if (paused && queuedEvents <= maxBatchSize) {
          paused = false;
          stream.resume();
        }
        await insideHandler.run(subscription, () => options.onEvents(batch));
      }
    } catch (error) {
      await finish(error instanceof Error ? error : new Error(String(error)));
    }
  };

  const pump = () => {
    if (running || ended) return;
    // `finally` runs after the assignment even when drain() finishes without awaiting anything.
    running = drain().finally(() => {
      running = null;
      if (ended || queue.length === 0) return;
      if (deliverable() > 0 || queue[0]!.kind === 'caughtUp') schedule();
      else partialTimer ??= setTimeout(() => ((flushPartial = true), pump()), PARTIAL_CATCH_UP_BATCH_DELAY_MS);
    });
  };

  /** One turn of the event loop lets everything already read from the socket join the batch. */
  const schedule = () => {
    if (scheduled || ended) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      pump();
    });
  };

  const enqueue = (pending: Pending) => {
    queue.push(pending);
    if (pending.kind === 'caughtUp') catchingUp = false;
    schedule();
  };

  // The client emits caughtUp as soon as it parses the message, possibly ahead of events still in
  // its own buffer; counting those down restores the order they had on the wire.
  const caughtUpAfter: number[] = [];
  let last: Position | null = from === 'start' ? null : from;

  stream.on('data', (resolved: EsdbResolvedEvent) => {
    for (let index = 0; index < caughtUpAfter.length; index++) caughtUpAfter[index]!--;
    const record = resolved.event;
    if (!ended && record && matchesFilter(options.filter, record.streamId, record.type, () => parseJson(record.metadata))) {
      try {
        const event = toRecordedEvent(record, registry, false);
        // The server's start is exclusive already; this guards against a page replayed after a reconnect.
        if (!last || comparePositions(event.position, last) > 0) {
          last = event.position;
          queuedEvents++;
          enqueue({ kind: 'event', event });
          if (!paused && queuedEvents >= highWaterMark) {
            paused = true;
            stream.pause();
          }
        }
      } catch (error) {
        void finish(error instanceof Error ? error : new Error(String(error)));
      }
    }
    while (caughtUpAfter[0] === 0) {
      caughtUpAfter.shift();
      if (!ended) enqueue({ kind: 'caughtUp' });
    }
  });
  stream.on('caughtUp', () => {
    if (ended) return;
    if (stream.readableLength === 0 && caughtUpAfter.length === 0) enqueue({ kind: 'caughtUp' });
    else caughtUpAfter.push(stream.readableLength);
  });
  stream.on('fellBehind', () => {
    catchingUp = true;
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
