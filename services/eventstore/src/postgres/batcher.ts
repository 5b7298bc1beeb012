import type { AppendOutcomeKind } from './migration';

/** One append, chained and serialised, as append_batch takes it. */
export interface AppendRequest {
  streamId: string;
  /** Encoded ExpectedRevision (see EXPECTED in migration.ts). */
  expected: number;
  baseRevision: number;
  baseHash: string | null;
  lastHash: string;
  /** JSON array of {id, type, data, metadata}. */
  eventsJson: string;
  /** JSON array of {s: stream id, r: revision read}, when the append was decided on other streams. */
  readRevisionsJson?: string;
}

export interface AppendOutcome {
  outcome: AppendOutcomeKind;
  nextRevision: number | null;
  commit: bigint | null;
  lastPosition: bigint | null;
  detail: string | null;
}

interface Queued {
  request: AppendRequest;
  resolve(outcome: AppendOutcome): void;
  reject(error: unknown): void;
}

export const MAX_GROUP = 32;

/**
 * Group commit: an append goes out at once when fewer than `maxInFlight` groups are running and
 * the last group left at least `spacingMs` ago, otherwise it waits and leaves with everything
 * else that queued up meanwhile. A lone writer pays no extra latency; a steady stream of writers
 * (inbound messages) shares round trips, commits and notifications, each waiting `spacingMs` at most.
 */
export class AppendBatcher {
  private readonly queue: Queued[] = [];
  private inFlight = 0;
  private readonly running = new Set<Promise<void>>();
  private lastSent = -Infinity;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly execute: (requests: readonly AppendRequest[]) => Promise<AppendOutcome[]>,
    /** Whether a failed group may be retried member by member (the error concerned the statement, not the connection). */
    private readonly retryable: (error: unknown) => boolean,
    private readonly maxInFlight: number,
    private spacingMs = 0,
  ) {}

  /** Sends what waits at once and resolves when every group has its answer (closing the store). */
  async drain(): Promise<void> {
    this.spacingMs = 0;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.pump();
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  submit(request: AppendRequest): Promise<AppendOutcome> {
    return new Promise((resolve, reject) => {
      this.queue.push({ request, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.maxInFlight && this.queue.length > 0) {
      const early = this.lastSent + this.spacingMs - performance.now();
      if (early > 0 && this.queue.length < MAX_GROUP) {
        this.timer ??= setTimeout(() => {
          this.timer = undefined;
          this.pump();
        }, early);
        return;
      }
      this.lastSent = performance.now();
      const group = this.queue.splice(0, MAX_GROUP);
      this.inFlight++;
      const running = this.run(group).finally(() => {
        this.inFlight--;
        this.running.delete(running);
        this.pump();
      });
      this.running.add(running);
    }
  }

  private async run(group: Queued[]): Promise<void> {
    try {
      const outcomes = await this.execute(group.map((queued) => queued.request));
      group.forEach((queued, index) => queued.resolve(outcomes[index]!));
    } catch (error) {
      if (group.length === 1 || !this.retryable(error)) {
        for (const queued of group) queued.reject(error);
        return;
      }
      // A deadlock or a racing duplicate id aborts the whole group; alone, each member
      // locks one stream only and gets its own answer.
      await Promise.all(
        group.map(async (queued) => {
          try {
            const [outcome] = await this.execute([queued.request]);
            queued.resolve(outcome!);
          } catch (memberError) {
            queued.reject(memberError);
          }
        }),
      );
    }
  }
}
