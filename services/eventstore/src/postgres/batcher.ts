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
 * A stream of appends is steady (worth holding back for) from this many within STEADY_WINDOW_MS:
 * 100 a second. One person's commands one after the other, each waiting for its read models, stay
 * below it and are never held back.
 */
export const STEADY_APPENDS = 10;
const STEADY_WINDOW_MS = 100;

/**
 * Group commit: an append goes out at once when fewer than `maxInFlight` groups are running,
 * otherwise it waits and leaves with everything else that queued up meanwhile. Under a steady
 * stream of appends (inbound messages at 100 a second or more) groups also leave at least
 * `spacingMs` apart: each append waits that long at most and shares its round trip, commit and
 * notification, and every projector then applies the group as one batch.
 */
export class AppendBatcher {
  private readonly queue: Queued[] = [];
  private readonly running = new Set<Promise<void>>();
  private lastSent = -Infinity;
  private timer: NodeJS.Timeout | undefined;
  /** When the last STEADY_APPENDS appends were submitted (a ring). */
  private readonly submitted: number[] = [];
  private submittedNext = 0;

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
    this.submitted[this.submittedNext] = performance.now();
    this.submittedNext = (this.submittedNext + 1) % STEADY_APPENDS;
    return new Promise((resolve, reject) => {
      this.queue.push({ request, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.running.size < this.maxInFlight && this.queue.length > 0) {
      const now = performance.now();
      const early = this.lastSent + this.spacingMs - now;
      if (early > 0 && this.queue.length < MAX_GROUP && this.steady(now)) {
        this.timer ??= setTimeout(() => {
          this.timer = undefined;
          this.pump();
        }, early);
        return;
      }
      this.lastSent = now;
      const group = this.queue.splice(0, MAX_GROUP);
      const running = this.run(group).finally(() => {
        this.running.delete(running);
        this.pump();
      });
      this.running.add(running);
    }
  }

  /** Whether STEADY_APPENDS appends were submitted within the last STEADY_WINDOW_MS. */
  private steady(now: number): boolean {
    // Undefined until the ring has filled once.
    const oldest = this.submitted[this.submittedNext];
    return oldest !== undefined && now - oldest < STEADY_WINDOW_MS;
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
