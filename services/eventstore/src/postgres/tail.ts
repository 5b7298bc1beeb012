import { comparePositions, type Position, type RecordedEvent } from '@conversa/contracts';
import { inCompanyPartition, type EventFilter } from '../port';
import type { SubscriptionPage } from './subscription';

/** What the tail reads from: one unfiltered page of $all after a position, below the horizon. */
export interface TailSource {
  page(after: Position, limit: number): Promise<SubscriptionPage>;
  /** The newest readable position (where a fresh tail starts), or null when the store is empty. */
  head(): Promise<Position | null>;
  /** Registers the tail's wake-up (notifications, local appends: with the newest position written when known); returns its removal. */
  onAppend(wake: (appended?: Position) => void): () => void;
}

export interface LiveTailOptions {
  /** Newest events kept in memory; a subscriber further behind reads the store itself. Default 20,000. */
  capacity?: number;
  /** Rows per read. Default 1,000. */
  pageSize?: number;
  /** Fallback polling, in case a notification is missed. */
  pollIntervalMs: number;
  /**
   * Reads that follow one another closely are spaced this far apart (default 0: read at once).
   * Under a stream of appends each read then carries several events, and every subscriber
   * applies them as one batch: fewer round trips per event for this much latency at most. A read
   * after a quiet spell is never delayed.
   */
  minReadIntervalMs?: number;
}

const HORIZON_FIRST_MS = 1;
const HORIZON_MAX_MS = 100;
const READ_RETRIES_MS = [50, 100, 200, 400, 800, 1600];

const matches = (event: RecordedEvent, filter: EventFilter | undefined): boolean =>
  (!filter?.eventTypes?.length || filter.eventTypes.includes(event.type)) &&
  (!filter?.streamPrefixes?.length || filter.streamPrefixes.some((prefix) => event.streamId.startsWith(prefix))) &&
  inCompanyPartition(event.metadata?.companyId, filter?.companyPartition);

/**
 * The live end of $all, read once per process for every subscriber (docs/ARCHITECTURE.md "The shape"):
 * without it each projector and reactor re-reads $all from Postgres after every append, a dozen
 * identical queries per write. The tail reads new events in $all order (the same horizon rule as
 * a subscription page), decodes them once, keeps the newest `capacity` of them, and wakes the
 * subscribers; a subscriber whose position lies inside the window is served from memory,
 * filtering there, and one further behind catches up from the store as before.
 */
export class LiveTail {
  /** Events in $all order: every event after `from`, up to and including `to`. */
  private events: RecordedEvent[] = [];
  private from: Position | null = null;
  private to: Position | null = null;
  private readonly wakers = new Set<() => void>();
  private readonly capacity: number;
  private readonly pageSize: number;
  /** Newest position announced since the last read began; a read that reaches it leaves nothing to re-read. */
  private announced: Position | null = null;
  /** A wake that named no position arrived since the last read began: read again whatever was reached. */
  private unannounced = false;
  private stopped = false;
  private wakeUp: (() => void) | null = null;
  private loop: Promise<void> | null = null;
  /** False while reads fail: subscribers then read the store themselves instead of waiting on a stuck tail. */
  private healthy = true;
  private unregister: (() => void) | null = null;

  constructor(
    private readonly source: TailSource,
    private readonly options: LiveTailOptions,
  ) {
    this.capacity = Math.max(100, options.capacity ?? 20_000);
    this.pageSize = Math.max(1, options.pageSize ?? 1_000);
  }

  /** Adds a subscriber's wake-up, called whenever the tail moves; starts the tail with the first one. */
  add(wake: () => void): () => void {
    this.wakers.add(wake);
    if (!this.loop && !this.stopped) {
      this.unregister = this.source.onAppend((appended) => this.wake(appended));
      this.loop = this.run();
    }
    return () => this.wakers.delete(wake);
  }

  /** Reading and holding a window: its subscribers need no other wake-up than the tail's. */
  get serving(): boolean {
    return this.healthy && this.to !== null;
  }

  /**
   * The subscriber's next page when the window covers `after`, else undefined (read the store).
   * Past the end of the window it answers an empty page: the tail wakes the subscriber when it moves.
   */
  page(after: Position, limit: number, filter: EventFilter | undefined): SubscriptionPage | undefined {
    const { from, to } = this;
    if (!this.healthy || !from || !to || comparePositions(after, from) < 0) return undefined;
    if (comparePositions(after, to) >= 0) return { events: [], scannedTo: null, windowFull: false, pending: false };
    const rows: RecordedEvent[] = [];
    for (let index = this.firstAfter(after); index < this.events.length; index++) {
      const event = this.events[index]!;
      if (!matches(event, filter)) continue;
      rows.push(event);
      if (rows.length === limit) return { events: rows, scannedTo: event.position, windowFull: false, pending: false };
    }
    return { events: rows, scannedTo: to, windowFull: false, pending: false };
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unregister?.();
    this.wakeUp?.();
    await this.loop;
  }

  private firstAfter(after: Position): number {
    let low = 0;
    let high = this.events.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (comparePositions(this.events[middle]!.position, after) <= 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /**
   * Each append wakes the tail twice: at once in the process that appended, and again by its
   * notification. With the position written, the second wake finds it already read and costs nothing.
   */
  /** Woken since the last read began by an append it may not have seen: read again before sleeping. */
  private get behind(): boolean {
    return this.unannounced || (this.announced !== null && (this.to === null || comparePositions(this.announced, this.to) > 0));
  }

  private wake(appended?: Position): void {
    if (appended) {
      if (this.to && comparePositions(appended, this.to) <= 0) return;
      if (!this.announced || comparePositions(appended, this.announced) > 0) this.announced = appended;
    } else {
      this.unannounced = true;
    }
    this.wakeUp?.();
  }

  /** A pause a wake-up cuts short; `untilStop`: only stop() does (pacing: the read after it collects what arrived). */
  private sleep(ms: number, untilStop = false): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        if (!untilStop || this.stopped) finish();
      };
      const finish = () => {
        clearTimeout(timer);
        if (this.wakeUp === wake) this.wakeUp = null;
        resolve();
      };
      const timer = setTimeout(finish, ms);
      this.wakeUp = wake;
    });
  }

  private moved(): void {
    for (const wake of this.wakers) wake();
  }

  private async run(): Promise<void> {
    let failures = 0;
    let horizonDelay = HORIZON_FIRST_MS;
    const spacing = this.options.minReadIntervalMs ?? 0;
    let lastRead = -Infinity;
    while (!this.stopped) {
      const early = lastRead + spacing - performance.now();
      if (early > 0) await this.sleep(early, true);
      if (this.stopped) return;
      lastRead = performance.now();
      this.unannounced = false;
      this.announced = null;
      let page: SubscriptionPage;
      try {
        if (!this.to) {
          const head = (await this.source.head()) ?? { commit: 0n, prepare: 0n };
          this.from = head;
          this.to = head;
        }
        page = await this.source.page(this.to, this.pageSize);
        failures = 0;
        this.healthy = true;
      } catch {
        this.healthy = false;
        // Subscribers fall back to reading the store themselves while the tail cannot.
        if (this.stopped) return;
        const delay = READ_RETRIES_MS[Math.min(failures++, READ_RETRIES_MS.length - 1)]!;
        await this.sleep(delay);
        continue;
      }
      if (this.stopped) return;
      const end = page.scannedTo ?? page.events[page.events.length - 1]?.position;
      if (page.events.length > 0) this.events.push(...page.events);
      if (end && comparePositions(end, this.to!) > 0) {
        this.to = end;
        this.trim();
        this.moved();
      }
      if (page.events.length === this.pageSize || page.windowFull) continue;
      if (page.pending) {
        await this.sleep(horizonDelay);
        horizonDelay = Math.min(horizonDelay * 2, HORIZON_MAX_MS);
        continue;
      }
      horizonDelay = HORIZON_FIRST_MS;
      if (!this.behind && !this.stopped) await this.sleep(this.options.pollIntervalMs);
    }
  }

  private trim(): void {
    const excess = this.events.length - this.capacity;
    if (excess <= 0) return;
    this.from = this.events[excess - 1]!.position;
    this.events = this.events.slice(excess);
  }
}
