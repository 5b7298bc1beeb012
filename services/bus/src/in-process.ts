import type { BusMessage, BusOptions, BusStatus, BusSubscription, MonitoredBus, PublishOptions } from './port';
import { defaultOnError, runHandler } from './dispatch';
import { assertSubject, encodePayload, subjectMatcher } from './subjects';

interface Subscriber {
  matches: (subject: string) => boolean;
  handler: (message: BusMessage) => void;
  active: boolean;
}

/** The embedded-mode bus: one process, no broker, same subject semantics as NATS. */
export function createInProcessBus(options: BusOptions = {}): MonitoredBus {
  const onError = options.onError ?? defaultOnError;
  const subscribers = new Set<Subscriber>();
  const statusListeners = new Set<(status: BusStatus) => void>();
  let closed = false;

  const deliver = (subscriber: Subscriber, subject: string, json: string, options: PublishOptions | undefined) => {
    // Checked at delivery time so nothing reaches a handler after its unsubscribe or close.
    if (subscriber.active)
      runHandler(
        subscriber.handler,
        {
          subject,
          data: JSON.parse(json),
          ...(options?.seq === undefined ? {} : { seq: options.seq }),
          ...(options?.correlationId === undefined ? {} : { correlationId: options.correlationId }),
        },
        onError,
      );
  };

  return {
    async publish(subject, data, options) {
      if (closed) throw new Error('bus is closed');
      assertSubject(subject);
      const json = encodePayload(data);
      for (const subscriber of subscribers) {
        if (!subscriber.matches(subject)) continue;
        // One microtask per delivery: the publisher never runs subscriber code on its own stack,
        // and the microtask queue is FIFO, so each subscriber sees this publisher's order.
        queueMicrotask(() => deliver(subscriber, subject, json, options));
      }
    },

    async subscribe(pattern, handler): Promise<BusSubscription> {
      if (closed) throw new Error('bus is closed');
      const subscriber: Subscriber = { matches: subjectMatcher(pattern), handler, active: true };
      subscribers.add(subscriber);
      return {
        async unsubscribe() {
          subscriber.active = false;
          subscribers.delete(subscriber);
        },
      };
    },

    async close() {
      if (closed) return;
      closed = true;
      for (const subscriber of subscribers) subscriber.active = false;
      subscribers.clear();
      for (const listener of statusListeners) listener('closed');
      statusListeners.clear();
    },

    status: () => (closed ? 'closed' : 'connected'),

    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
  };
}
