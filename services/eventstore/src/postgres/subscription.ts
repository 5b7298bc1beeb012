import { comparePositions, type Position, type RecordedEvent } from '@conversa/contracts';
import type { SubscribeToAllOptions, Subscription } from '../port';
export interface SubscriptionPage {
  /** Matching events, at most the batch size. */
  events: RecordedEvent[];
  /** The last row the read looked at, matching or not; null when there was nothing to look at. */
  scannedTo: Position | null;
  /** The read stopped at its scan window, not at the head: read on at once. */
  windowFull: boolean;
  /** Committed matching rows exist beyond the xmin horizon: they become readable very soon. */
  pending: boolean;
}

export interface SubscriptionSource {
  page(after: Position, limit: number, filter: SubscribeToAllOptions['filter']): Promise<SubscriptionPage>;
  /** Registers a wake-up callback (the live tail moved, notifications, local appends); returns its removal. */
  onAppend(wake: () => void): () => void;
}

const DEFAULT_BATCH = 500;
/** Re-read delays while the horizon holds committed rows back: short, since they usually clear in a few ms. */
const HORIZON_FIRST_MS = 1;
const HORIZON_MAX_MS = 100;
const READ_RETRIES = 5;

/**
 * One subscriber to $all: catch up page by page, then sleep until woken (notification or
 * local append) or until the poll interval passes, whichever first. Delivery is strictly
 * sequential: the next page is read only after the handler's promise settles.
 */
export class PostgresSubscription implements Subscription {
  readonly done: Promise<void>;
  private stopped = false;
  private dirty = true;
  private wakeUp: (() => void) | null = null;

  constructor(
    private readonly source: SubscriptionSource,
    private readonly options: SubscribeToAllOptions,
    private readonly pollIntervalMs: number,
  ) {
    const unregister = source.onAppend(() => this.wake());
    this.done = this.run().finally(unregister);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake();
    await this.done;
  }

  private wake(): void {
    this.dirty = true;
    this.wakeUp?.();
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        if (this.wakeUp === finish) this.wakeUp = null;
        resolve();
      };
      const timer = setTimeout(finish, ms);
      this.wakeUp = finish;
    });
  }

  private fail(error: unknown): void {
    const err = error instanceof Error ? error : new Error(String(error));
    this.stopped = true;
    try {
      this.options.onError?.(err);
    } catch {
      // The subscription is already dead; an error in the error callback has nowhere to go.
    }
  }

  private async run(): Promise<void> {
    const { filter, onEvents, onCaughtUp } = this.options;
    const limit = Math.max(1, this.options.maxBatchSize ?? DEFAULT_BATCH);
    let cursor: Position = this.options.fromPosition && this.options.fromPosition !== 'start' ? this.options.fromPosition : { commit: 0n, prepare: 0n };
    let caughtUpOnce = false;
    let deliveredSinceCaughtUp = false;
    let horizonDelay = HORIZON_FIRST_MS;
    let failures = 0;

    while (!this.stopped) {
      this.dirty = false;
      let page: SubscriptionPage;
      try {
        page = await this.source.page(cursor, limit, filter);
        failures = 0;
      } catch (error) {
        if (this.stopped) return;
        if (++failures > READ_RETRIES) return this.fail(error);
        await this.sleep(100 * 2 ** failures);
        continue;
      }
      if (this.stopped) return;

      if (page.events.length > 0) {
        try {
          const { events } = page;
          await onEvents(events);
          cursor = events[events.length - 1]!.position;
        } catch (error) {
          return this.fail(error);
        }
        deliveredSinceCaughtUp = true;
        if (page.events.length === limit) continue;
      }
      // Nothing after the last delivery matched up to here: skip those rows next time.
      if (page.scannedTo && comparePositions(page.scannedTo, cursor) > 0) {
        cursor = page.scannedTo;
        try {
          this.options.onPassed?.(cursor);
        } catch (error) {
          return this.fail(error);
        }
      }
      if (page.windowFull) continue;

      if (page.pending) {
        // No notification will come for these rows (they already notified while invisible),
        // and the transaction holding the horizon back may not be an append at all.
        await this.sleep(horizonDelay);
        horizonDelay = Math.min(horizonDelay * 2, HORIZON_MAX_MS);
        continue;
      }
      horizonDelay = HORIZON_FIRST_MS;

      if (!caughtUpOnce || deliveredSinceCaughtUp) {
        caughtUpOnce = true;
        deliveredSinceCaughtUp = false;
        try {
          onCaughtUp?.();
        } catch (error) {
          return this.fail(error);
        }
      }
      if (!this.dirty && !this.stopped) await this.sleep(this.pollIntervalMs);
    }
  }
}
