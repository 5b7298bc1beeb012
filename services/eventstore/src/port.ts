import type { EventToAppend, Position, RecordedEvent } from '@conversa/contracts';

/** EventStoreDB's expected-revision vocabulary. A number is the revision of the stream's last event. */
export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | number;

export interface AppendResult {
  /** Revision of the last event now in the stream (what to expect next time). */
  nextExpectedRevision: number;
  /** Global position of the last appended event. */
  position: Position;
}

export interface AppendOptions {
  expectedRevision?: ExpectedRevision;
  /**
   * Streams the decision was made on without writing them, at the revision it read (-1: no stream).
   * The append fails with StaleReadError, writing nothing, when one of them has moved since. Only
   * stores with `checksReads` accept it.
   */
  readRevisions?: readonly StreamRevision[];
}

export interface StreamRevision {
  streamId: string;
  revision: number;
}

/** One stream's part of a multi-stream append. */
export interface StreamAppend {
  streamId: string;
  events: readonly EventToAppend[];
  expectedRevision?: ExpectedRevision;
}

export interface ReadStreamOptions {
  direction?: 'forwards' | 'backwards';
  /** Inclusive. Defaults to the start (forwards) or the end (backwards). */
  fromRevision?: number | 'start' | 'end';
  maxCount?: number;
  /** Return data as stored, without upcasting or validation (hash-chain verification needs this). */
  raw?: boolean;
}

export interface ReadAllOptions {
  /** Exclusive: events strictly after this position. Defaults to the start. */
  fromPosition?: Position | 'start';
  maxCount?: number;
  filter?: EventFilter;
}

export interface EventFilter {
  eventTypes?: readonly string[];
  streamPrefixes?: readonly string[];
  /**
   * Only events whose metadata's companyId falls in this partition (companyId mod count = index;
   * an event without one counts as company 0): a projector partitioned by company reads its share.
   */
  companyPartition?: CompanyPartition;
}

export interface CompanyPartition {
  index: number;
  count: number;
}

/** Whether an event of company `companyId` belongs to the partition (see EventFilter.companyPartition). */
export function inCompanyPartition(companyId: unknown, partition: CompanyPartition | undefined): boolean {
  if (!partition || partition.count <= 1) return true;
  const id = typeof companyId === 'number' && Number.isInteger(companyId) && companyId > 0 ? companyId : 0;
  return id % partition.count === partition.index;
}

export interface SubscribeToAllOptions {
  /** Exclusive: deliver events strictly after this checkpoint. */
  fromPosition?: Position | 'start';
  filter?: EventFilter;
  /** Largest batch handed to onEvents. */
  maxBatchSize?: number;
  /**
   * Called with batches in global order. The next batch waits until the returned promise settles
   * (backpressure). A rejection ends the subscription with that error.
   */
  onEvents: (events: RecordedEvent[]) => Promise<void> | void;
  /** Called each time the subscription has delivered everything stored so far (catch-up done). */
  onCaughtUp?: () => void;
  /**
   * Called when the subscription has looked past events its filter skips: everything up to the
   * position is delivered or not wanted. A subscriber that keeps a checkpoint can move it there, so
   * that a restart does not look at those events again. Stores that cannot tell never call it.
   */
  onPassed?: (position: Position) => void;
  /** Called once if the subscription dies (handler error, connection lost beyond recovery). */
  onError?: (error: Error) => void;
}

export interface Subscription {
  /** Stops delivery; resolves when no handler call is running any more. */
  stop(): Promise<void>;
  /** Resolves when the subscription ends (stopped or failed). */
  readonly done: Promise<void>;
}

export interface EventStore {
  appendToStream(streamId: string, events: readonly EventToAppend[], options?: AppendOptions): Promise<AppendResult>;
  /** The store checks an append's `readRevisions` in the same transaction as the append. */
  readonly checksReads?: boolean;
  /**
   * Several streams in one transaction: every part lands or none does (a wrong expected revision on
   * one refuses all, with WrongExpectedVersionError). Answers each part's result in the given order.
   * Stores without it append part by part (appendToStreams below), which is not all-or-nothing.
   */
  appendToStreams?(appends: readonly StreamAppend[]): Promise<AppendResult[]>;
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /**
   * Several whole streams (forwards) at once: one round trip where the store allows it. A stream
   * that does not exist maps to an empty list. Stores without it are read stream by stream (readStreams below).
   */
  readStreams?(streamIds: readonly string[]): Promise<Map<string, RecordedEvent[]>>;
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  subscribeToAll(options: SubscribeToAllOptions): Subscription;
  /** Position of the newest event in the store, or null when empty. */
  headPosition(): Promise<Position | null>;
  /** How many events (matching the filter) lie after the position; capped at `cap` where counting is costly. */
  countAfter(position: Position | 'start', options?: { filter?: EventFilter; cap?: number }): Promise<number>;
  close(): Promise<void>;
}

/** The stream was not at the revision the writer expected. */
export class WrongExpectedVersionError extends Error {
  readonly code = 'ERR_WRONG_EXPECTED_VERSION';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    /** The stream's actual last revision; -1 when it does not exist. */
    readonly actual: number,
  ) {
    super(`Stream ${streamId}: expected revision ${String(expected)}, actual ${actual === -1 ? 'no stream' : actual}`);
    this.name = 'WrongExpectedVersionError';
  }
}

/** A stream an append was decided on has moved since it was read: decide again on a fresh read. */
export class StaleReadError extends Error {
  readonly code = 'ERR_STALE_READ';
  constructor(
    readonly streamId: string,
    readonly expected: number,
    /** The stream's actual last revision; -1 when it does not exist. */
    readonly actual: number,
  ) {
    super(`Stream ${streamId} was read at revision ${expected} and is now at ${actual === -1 ? 'no stream' : actual}`);
    this.name = 'StaleReadError';
  }
}

/** An event id already stored in another stream or at another place: never a silent duplicate. */
export class DuplicateEventIdError extends Error {
  readonly code = 'ERR_DUPLICATE_EVENT_ID';
  constructor(
    readonly eventId: string,
    readonly streamId: string,
  ) {
    super(`Event id ${eventId} already exists and does not match this append to ${streamId}`);
    this.name = 'DuplicateEventIdError';
  }
}

/** Whole streams at once: the store's own batched read, or one read per stream in parallel. */
export async function readStreams(store: EventStore, streamIds: readonly string[]): Promise<Map<string, RecordedEvent[]>> {
  const unique = [...new Set(streamIds)];
  if (store.readStreams) return store.readStreams(unique);
  const read = await Promise.all(unique.map(async (streamId) => [streamId, await store.readStream(streamId)] as const));
  return new Map(read);
}

/**
 * Several streams at once: the store's own all-or-nothing append, or one append after another (a
 * failure part-way leaves the earlier parts written: callers keep each part idempotent).
 */
export async function appendToStreams(store: EventStore, appends: readonly StreamAppend[]): Promise<AppendResult[]> {
  if (store.appendToStreams) return store.appendToStreams(appends);
  const results: AppendResult[] = [];
  for (const part of appends) results.push(await store.appendToStream(part.streamId, part.events, { expectedRevision: part.expectedRevision }));
  return results;
}
