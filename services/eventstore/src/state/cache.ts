import type { RecordedEvent } from '@conversa/contracts';
import { isDeepStrictEqual } from 'node:util';
import { deserialize, serialize } from 'node:v8';
import type { EventStore } from '../port';
import type { SnapshotStore } from './snapshots';

/** How a stream is folded into state: a decider's initialState and evolve, and the key that names that fold's version. */
export interface StateFold<State> {
  /** Snapshots are kept under this key: a fold with another key (a changed decider) never reads them. */
  key: string;
  initialState(): State;
  evolve(state: State, event: RecordedEvent): State;
}

export interface StateCacheOptions {
  /** Persisted snapshots of long streams; without them a cold stream is read whole once per process. */
  snapshots?: SnapshotStore;
  /** A snapshot is written once a stream has this many events more than its last one. Default 500. */
  snapshotEvery?: number;
  /** Streams whose folded state stays in memory (least recently used leave first). Default 5,000. */
  maxStreams?: number;
  /** A snapshot that could not be written or read (the command goes on without it). */
  onSnapshotError?: (error: unknown, streamId: string) => void;
}

/** One stream's state held by one command at a time (see StateCache.hold). */
export interface HeldState<State> {
  readonly streamId: string;
  readonly state: State;
  /** Revision of the last event folded in; -1: the stream has none. */
  readonly revision: number;
  /** Reads only the events after `revision` and folds them in (a conflict said the stream moved). */
  catchUp(): Promise<void>;
  /** The state once the command's own events landed right after `revision`, at `revision`. */
  advance(state: State, revision: number): void;
  /** Keeps nothing of this state: it no longer is the stream's state at any revision. */
  discard(): void;
  /** Puts the state back for the next command on the stream (and snapshots it when due). Once. */
  release(): void;
}

interface Entry {
  state: unknown;
  revision: number;
  /** Revision of the newest snapshot known to exist (-1: none). */
  snapshotRevision: number;
}

/** Stream reads after the cached revision come in pages, so a long gap never sits in memory whole. */
const TAIL_PAGE = 10_000;

/**
 * Folded state per stream and revision, so a command reads only the events after what it folded
 * before (the write side's cache). It is right across processes without any invalidation: the
 * append still carries the revision the state was folded to, and a conflict reads the tail.
 *
 * Commands on one stream take turns in a process (the state is handed to one at a time, so a fold
 * that mutates its state is safe, and two commands of one process never race each other to a
 * conflict); different streams run in parallel. Long streams keep a snapshot every
 * `snapshotEvery` events, so a process that starts cold reads the snapshot and the events after it.
 */
export class StateCache {
  private readonly entries = new Map<string, Entry>();
  private readonly turns = new Map<string, Promise<void>>();
  private readonly pending = new Set<Promise<void>>();
  /** Folds whose state did not survive encoding (a class instance, a function): never snapshotted. */
  private readonly unencodable = new Set<string>();
  private readonly every: number;
  private readonly maxStreams: number;

  constructor(private readonly options: StateCacheOptions = {}) {
    this.every = Math.max(1, options.snapshotEvery ?? 500);
    this.maxStreams = Math.max(0, options.maxStreams ?? 5_000);
  }

  get snapshots(): SnapshotStore | undefined {
    return this.options.snapshots;
  }

  /**
   * Waits for the stream's turn, then hands over its state: from memory and the events after it,
   * else from a snapshot and the events after it, else from the whole stream. `knownHistory`, the
   * whole stream as the caller has just read it, stands for the read when memory holds nothing newer.
   */
  async hold<State>(store: EventStore, streamId: string, fold: StateFold<State>, knownHistory?: readonly RecordedEvent[]): Promise<HeldState<State>> {
    const endTurn = await this.takeTurn(streamId);
    const key = `${fold.key}\u0000${streamId}`;
    try {
      const cached = this.entries.get(key);
      this.entries.delete(key);
      let entry: Entry;
      let caughtUp = false;
      const knownLast = knownHistory ? (knownHistory[knownHistory.length - 1]?.revision ?? -1) : undefined;
      if (cached && (knownLast === undefined || cached.revision >= knownLast)) entry = cached;
      else if (knownHistory) {
        entry = { state: foldAll(fold, fold.initialState(), knownHistory), revision: knownLast!, snapshotRevision: cached?.snapshotRevision ?? -1 };
        caughtUp = true;
      } else entry = (await this.fromSnapshot(streamId, fold)) ?? { state: fold.initialState(), revision: -1, snapshotRevision: -1 };
      const held = this.held(store, streamId, key, fold, entry, endTurn);
      if (!caughtUp && !(cached && knownLast !== undefined)) await held.catchUp();
      return held;
    } catch (error) {
      endTurn();
      throw error;
    }
  }

  /** Resolves once every snapshot write started so far has ended (tests, shutdown). */
  async flush(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  /** Forgets every cached state (the snapshots stay). */
  clear(): void {
    this.entries.clear();
  }

  private held<State>(store: EventStore, streamId: string, key: string, fold: StateFold<State>, entry: Entry, endTurn: () => void): HeldState<State> {
    let valid = true;
    let released = false;
    // The returned object's getters and methods have a this of their own.
    // oxlint-disable-next-line typescript/no-this-alias
    const cache = this;
    return {
      streamId,
      get state() {
        return entry.state as State;
      },
      get revision() {
        return entry.revision;
      },
      async catchUp() {
        for (;;) {
          // The first page asks from the start, which a caller's read-ahead of the whole stream can answer (commands/prefetch.ts).
          const events = await store.readStream(
            streamId,
            entry.revision === -1 ? { maxCount: TAIL_PAGE } : { fromRevision: entry.revision + 1, maxCount: TAIL_PAGE },
          );
          if (events.length === 0) return;
          valid = false;
          entry.state = foldAll(fold, entry.state as State, events);
          entry.revision = events[events.length - 1]!.revision;
          valid = true;
          if (events.length < TAIL_PAGE) return;
        }
      },
      advance(state, revision) {
        entry.state = state;
        entry.revision = revision;
      },
      discard() {
        valid = false;
      },
      release() {
        if (released) return;
        released = true;
        if (valid) cache.keep(key, streamId, fold.key, entry);
        endTurn();
      },
    };
  }

  private keep(key: string, streamId: string, foldKey: string, entry: Entry): void {
    if (this.maxStreams > 0) {
      this.entries.set(key, entry);
      if (this.entries.size > this.maxStreams) this.entries.delete(this.entries.keys().next().value!);
    }
    const snapshots = this.options.snapshots;
    if (!snapshots || entry.revision + 1 < this.every || entry.revision - entry.snapshotRevision < this.every || this.unencodable.has(foldKey)) return;
    // Encoded now, while the state is this revision's; written in the background.
    const bytes = this.encode(foldKey, entry.state);
    if (!bytes) return;
    entry.snapshotRevision = entry.revision;
    const write = snapshots
      .save(streamId, foldKey, entry.revision, bytes)
      .catch((error: unknown) => this.options.onSnapshotError?.(error, streamId))
      .finally(() => this.pending.delete(write));
    this.pending.add(write);
  }

  private encode(foldKey: string, state: unknown): Uint8Array | null {
    try {
      const bytes = serialize(state);
      // Structured clone keeps maps, sets, dates and plain objects; a class instance would come back a plain object.
      if (isDeepStrictEqual(deserialize(bytes), state)) return bytes;
    } catch {
      // A function or a symbol in the state: not encodable.
    }
    this.unencodable.add(foldKey);
    return null;
  }

  private async fromSnapshot<State>(streamId: string, fold: StateFold<State>): Promise<Entry | null> {
    const snapshots = this.options.snapshots;
    if (!snapshots) return null;
    try {
      const found = await snapshots.load(streamId, fold.key);
      return found ? { state: deserialize(found.bytes), revision: found.revision, snapshotRevision: found.revision } : null;
    } catch (error) {
      this.options.onSnapshotError?.(error, streamId);
      return null;
    }
  }

  private async takeTurn(streamId: string): Promise<() => void> {
    const before = this.turns.get(streamId);
    let end!: () => void;
    const mine = new Promise<void>((resolve) => (end = resolve));
    const queued = before ? before.then(() => mine) : mine;
    this.turns.set(streamId, queued);
    if (before) await before;
    return () => {
      end();
      if (this.turns.get(streamId) === queued) this.turns.delete(streamId);
    };
  }
}

function foldAll<State>(fold: StateFold<State>, state: State, events: readonly RecordedEvent[]): State {
  let folded = state;
  for (const event of events) folded = fold.evolve(folded, event);
  return folded;
}
