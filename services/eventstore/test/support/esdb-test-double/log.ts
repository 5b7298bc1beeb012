/**
 * The in-memory transaction log behind the EventStoreDB test double. It mirrors the server's
 * write and read semantics that clients can observe: 0-based stream revisions, expected-revision
 * checks with EventStoreDB's idempotency rules (IndexWriter.CheckCommit), and one global log
 * position per event where commit and prepare positions are equal (as on EventStoreDB 20+).
 */

export interface StoredRecord {
  id: string;
  streamName: string;
  revision: number;
  type: string;
  contentType: string;
  data: Uint8Array;
  customMetadata: Uint8Array;
  /** .NET ticks (100 ns) since the Unix epoch, as EventStoreDB reports `created`. */
  createdTicks: bigint;
  logPosition: bigint;
}

export interface ProposedRecord {
  id: string;
  type: string;
  contentType: string;
  data: Uint8Array;
  customMetadata: Uint8Array;
}

export type ExpectedStreamState = { kind: 'any' } | { kind: 'no_stream' } | { kind: 'stream_exists' } | { kind: 'revision'; revision: number };

export type AppendOutcome =
  { kind: 'success'; currentRevision: number; logPosition: bigint } | { kind: 'wrong_expected_version'; currentRevision: number | null };

export type EventFilter = (record: StoredRecord) => boolean;

/**
 * Real logs start after the chunk header and the records EventStoreDB writes on boot; starting
 * above zero and stepping by a record-sized amount keeps clients from assuming dense positions.
 */
const FIRST_LOG_POSITION = 1_024n;
const RECORD_OVERHEAD = 128n;

export class InMemoryLog {
  private readonly records: StoredRecord[] = [];
  private readonly streams = new Map<string, StoredRecord[]>();
  private readonly byId = new Map<string, StoredRecord>();
  private readonly waiters = new Set<() => void>();
  private nextLogPosition = FIRST_LOG_POSITION;
  /** What tests may assert on: how often an append was refused for its expected revision. */
  readonly stats = { appends: 0, wrongExpectedVersion: 0 };

  append(streamName: string, expected: ExpectedStreamState, proposed: readonly ProposedRecord[]): AppendOutcome {
    this.stats.appends++;
    const outcome = this.decide(streamName, expected, proposed);
    if (outcome.kind === 'wrong_expected_version') this.stats.wrongExpectedVersion++;
    return outcome;
  }

  private decide(streamName: string, expected: ExpectedStreamState, proposed: readonly ProposedRecord[]): AppendOutcome {
    const stream = this.streams.get(streamName) ?? [];
    const current = stream.length - 1;
    const wrong: AppendOutcome = { kind: 'wrong_expected_version', currentRevision: current === -1 ? null : current };

    if (expected.kind === 'stream_exists' && current === -1) return wrong;

    if (expected.kind === 'any' || expected.kind === 'stream_exists') {
      const first = proposed[0] && this.byId.get(proposed[0].id);
      if (first && first.streamName === streamName) return this.idempotentFrom(streamName, first.revision, proposed) ?? wrong;
    } else {
      const expectedRevision = expected.kind === 'no_stream' ? -1 : expected.revision;
      if (expectedRevision < current) {
        if (proposed.length === 0) return wrong;
        return this.idempotentFrom(streamName, expectedRevision + 1, proposed) ?? wrong;
      }
      if (expectedRevision > current) return wrong;
    }

    if (proposed.length === 0) {
      return { kind: 'success', currentRevision: current, logPosition: stream.at(-1)?.logPosition ?? -1n };
    }
    const createdTicks = BigInt(Date.now()) * 10_000n;
    let last: StoredRecord | undefined;
    for (const event of proposed) {
      last = {
        ...event,
        streamName,
        revision: stream.length,
        createdTicks,
        logPosition: this.nextLogPosition,
      };
      this.nextLogPosition += RECORD_OVERHEAD + BigInt(event.data.length + event.customMetadata.length + streamName.length);
      stream.push(last);
      this.records.push(last);
      this.byId.set(event.id, last);
    }
    this.streams.set(streamName, stream);
    this.notify();
    return { kind: 'success', currentRevision: last!.revision, logPosition: last!.logPosition };
  }

  /** The stream, or undefined when it was never written. */
  stream(streamName: string): readonly StoredRecord[] | undefined {
    return this.streams.get(streamName);
  }

  /** Events of $all with position >= from, oldest first. */
  forwardsFrom(from: bigint, filter: EventFilter, limit: number): StoredRecord[] {
    const out: StoredRecord[] = [];
    for (let index = this.firstIndexAtOrAfter(from); index < this.records.length && out.length < limit; index++) {
      const record = this.records[index]!;
      if (filter(record)) out.push(record);
    }
    return out;
  }

  /** Events of $all with position < before, newest first. */
  backwardsBefore(before: bigint, filter: EventFilter, limit: number): StoredRecord[] {
    const out: StoredRecord[] = [];
    for (let index = this.firstIndexAtOrAfter(before) - 1; index >= 0 && out.length < limit; index--) {
      const record = this.records[index]!;
      if (filter(record)) out.push(record);
    }
    return out;
  }

  /** Position just past the newest event: where `end` points. */
  get endPosition(): bigint {
    return this.nextLogPosition;
  }

  /** Resolves on the next append, so a live subscription waits for an event instead of polling. */
  nextAppend(): { promise: Promise<void>; cancel(): void } {
    let resolve!: () => void;
    const promise = new Promise<void>((r) => (resolve = r));
    this.waiters.add(resolve);
    return { promise, cancel: () => (this.waiters.delete(resolve), resolve()) };
  }

  private idempotentFrom(streamName: string, fromRevision: number, proposed: readonly ProposedRecord[]): AppendOutcome | null {
    const stream = this.streams.get(streamName) ?? [];
    for (let offset = 0; offset < proposed.length; offset++) {
      const stored = stream[fromRevision + offset];
      if (!stored || stored.id !== proposed[offset]!.id) return null;
    }
    const last = stream[fromRevision + proposed.length - 1]!;
    return { kind: 'success', currentRevision: last.revision, logPosition: last.logPosition };
  }

  private firstIndexAtOrAfter(position: bigint): number {
    let low = 0;
    let high = this.records.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.records[middle]!.logPosition < position) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  private notify(): void {
    const waiters = [...this.waiters];
    this.waiters.clear();
    for (const wake of waiters) wake();
  }
}
