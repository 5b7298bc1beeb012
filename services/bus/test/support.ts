import type { BusMessage, BusStatus, MonitoredBus } from '../src/port';

/**
 * Collects values as they arrive and lets a test await a condition on them, failing with what
 * did arrive when the condition is not met in time. Tests wait on this, never on fixed sleeps.
 */
export class Inbox<T> {
  readonly items: T[] = [];
  private waiters: Array<{ done: (items: T[]) => boolean; resolve: () => void }> = [];

  readonly push = (item: T): void => {
    this.items.push(item);
    this.waiters = this.waiters.filter((waiter) => {
      if (!waiter.done(this.items)) return true;
      waiter.resolve();
      return false;
    });
  };

  async until(done: (items: T[]) => boolean, timeoutMs = 5_000): Promise<T[]> {
    if (!done(this.items)) {
      await new Promise<void>((resolve, reject) => {
        const waiter = {
          done,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        };
        const timer = setTimeout(() => {
          this.waiters = this.waiters.filter((other) => other !== waiter);
          reject(new Error(`timed out after ${timeoutMs} ms; got ${this.items.length}: ${JSON.stringify(this.items)}`));
        }, timeoutMs);
        this.waiters.push(waiter);
      });
    }
    return [...this.items];
  }

  /** Resolves with everything received once there are at least `count` items. */
  nth(count: number, timeoutMs?: number): Promise<T[]> {
    return this.until((items) => items.length >= count, timeoutMs);
  }
}

/** A subscriber's inbox: pass `inbox.push` as the handler. */
export const messages = () => new Inbox<BusMessage>();

export const subjectsOf = (items: BusMessage[]) => items.map((item) => item.subject);

/** Records every status change of a bus, so a test can wait for e.g. reconnecting → connected. */
export function statusLog(bus: MonitoredBus): Inbox<BusStatus> & { stop(): void } {
  const log = new Inbox<BusStatus>();
  const stop = bus.onStatus(log.push);
  return Object.assign(log, { stop });
}

/** True once `statuses` contains `first` and, later, `then`. */
export const sawInOrder =
  (first: BusStatus, then: BusStatus) =>
  (statuses: BusStatus[]): boolean => {
    const index = statuses.indexOf(first);
    return index >= 0 && statuses.indexOf(then, index + 1) > index;
  };
