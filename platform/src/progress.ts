import { type Position, comparePositions } from '@conversa/contracts';
import type { EventStore } from '@conversa/eventstore';
import type { Kysely } from 'kysely';
import { readCheckpoint } from './checkpoints';
import { type AnyDatabase, projectorFilter, type Projector } from './projector';

type Mark = Position | 'start';

const atOrPast = (mark: Mark, position: Position): boolean => mark !== 'start' && comparePositions(mark, position) >= 0;
const later = (a: Mark, b: Mark): Mark => (a === 'start' ? b : b === 'start' ? a : comparePositions(a, b) >= 0 ? a : b);

/**
 * How long a wait may rely on commits alone before the store is asked. Waits on events a local
 * projector handles end at its commit, well within this; the rest (events it does not handle,
 * projectors owned by another process) are settled by a probe.
 */
const PROBE_AFTER_MS = 25;

interface Waiter {
  position: Position;
  pending: Set<string>;
  since: number;
  resolve(): void;
  reject(error: Error): void;
}

interface Track {
  projector: Projector;
  /** Every event the projector handles at or before this mark is committed. */
  clear: Mark;
  probing: boolean;
  probeAgain: boolean;
}

/**
 * Answers "has every projector committed at or past this position?" A projector that does not
 * handle the event at that position never commits there, so for it "past" means: no event it
 * handles lies between its checkpoint and the position. Commits answer most waits directly; the
 * rest are settled by one read of the store (first handled event after the checkpoint, bounded by
 * the readable head, which on a gap-free store is a safe horizon).
 */
export class Progress {
  private readonly tracks = new Map<string, Track>();
  private readonly waiters = new Set<Waiter>();
  /** Called when someone starts waiting on a projector (one that holds events back commits them now). */
  private readonly awaitedListeners = new Map<string, () => void>();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  /** Called whenever a projector this runtime owns is known clear further (to tell other processes). */
  onLocalClear: ((name: string, position: Position) => void) | undefined;
  /**
   * How long a wait relies on commits (and, when shared, other processes' announcements) before the
   * store is asked; waits on projectors owned elsewhere are probed at once unless they announce.
   */
  private probeAfterMs = PROBE_AFTER_MS;
  private announced = false;

  constructor(
    private readonly db: Kysely<AnyDatabase>,
    private readonly store: EventStore,
    projectors: readonly Projector[],
    /** The committed position if this runtime currently owns the projector. */
    private readonly localPosition: (name: string) => Mark | undefined,
  ) {
    for (const projector of projectors) this.tracks.set(projector.name, { projector, clear: 'start', probing: false, probeAgain: false });
  }

  /** Called at every new wait (the runtime then listens to other processes' announcements). */
  onWait: (() => void) | undefined;

  /**
   * While on, projectors owned by other processes announce how far they are clear (see the
   * runtime's shareProgress): waits then end on the announcement, and the store is probed only for a
   * wait still open after `probeAfterMs` (an announcement lost, the owner gone). Off: probed at once.
   */
  listening(on: boolean, probeAfterMs = this.probeAfterMs): void {
    this.announced = on;
    this.probeAfterMs = probeAfterMs;
  }

  /** Whether a probe runs or is due again: a chain of them sets its next one going before the last one ends. */
  probing(): boolean {
    for (const track of this.tracks.values()) if (track.probing || track.probeAgain) return true;
    return false;
  }

  /** Whether any wait is open. */
  waiting(): boolean {
    return this.waiters.size > 0;
  }

  /** Another process says the projector is clear up to `position`. */
  remote(name: string, position: Position): void {
    const track = this.tracks.get(name);
    if (!track || this.localPosition(name) !== undefined) return;
    track.clear = later(track.clear, position);
    for (const waiter of this.waiters) if (waiter.pending.has(name) && atOrPast(position, waiter.position)) this.settle(waiter, name);
  }

  /** A batch committed locally. */
  committed(name: string, position: Position): void {
    const track = this.tracks.get(name);
    if (!track) return;
    track.clear = later(track.clear, position);
    this.onLocalClear?.(name, position);
    const proven = new Set<string>();
    for (const waiter of this.waiters) {
      if (!atOrPast(position, waiter.position)) continue;
      if (waiter.pending.has(name)) this.settle(waiter, name);
      // The store is readable up to this commit: the others still pending may simply not handle that
      // event. One this runtime owns says so itself when its subscription passes the position (no
      // probe); the others are probed.
      if (!this.announced) for (const other of waiter.pending) if (this.localPosition(other) === undefined) proven.add(other);
    }
    for (const other of proven) void this.probe(this.tracks.get(other)!);
  }

  /** Whether anyone waits for this projector to commit. */
  awaits(name: string): boolean {
    for (const waiter of this.waiters) if (waiter.pending.has(name)) return true;
    return false;
  }

  /** `listener` runs whenever a new wait includes this projector; returns its removal. */
  onAwaited(name: string, listener: () => void): () => void {
    this.awaitedListeners.set(name, listener);
    return () => {
      if (this.awaitedListeners.get(name) === listener) this.awaitedListeners.delete(name);
    };
  }

  /** The projection was reset (rebuild): nothing it handles is committed any more. */
  reset(name: string): void {
    const track = this.tracks.get(name);
    if (track) track.clear = 'start';
  }

  /** Projectors (of `names`, default all) not yet known to be clear at `position`. */
  behind(position: Position, names?: readonly string[]): string[] {
    const chosen = names === undefined ? undefined : new Set(names);
    return [...this.tracks.values()].filter((t) => (!chosen || chosen.has(t.projector.name)) && !atOrPast(t.clear, position)).map((t) => t.projector.name);
  }

  /** Resolves once the projectors named (default all) are clear at `position`. */
  wait(position: Position, signal?: AbortSignal, names?: readonly string[]): Promise<void> {
    if (typeof position?.commit !== 'bigint' || typeof position.prepare !== 'bigint')
      return Promise.reject(new TypeError(`Not a position: ${String(position)}`));
    if (this.closed) return Promise.reject(new Error('Projection runtime is stopped'));
    this.onWait?.();
    if (signal?.aborted) return Promise.reject(signal.reason);
    const pending = new Set(this.behind(position, names));
    if (pending.size === 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        this.waiters.delete(waiter);
        reject(signal?.reason);
      };
      const waiter: Waiter = {
        position,
        pending,
        since: performance.now(),
        resolve: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        reject: (error) => {
          signal?.removeEventListener('abort', onAbort);
          reject(error);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.add(waiter);
      for (const name of pending) this.awaitedListeners.get(name)?.();
      // Only a projector this runtime owns will announce its commits (or, shared, its owner elsewhere).
      if (!this.announced) for (const name of pending) if (this.localPosition(name) === undefined) void this.probe(this.tracks.get(name)!);
      this.timer ??= setTimeout(() => this.tick(), this.announced ? this.probeAfterMs : PROBE_AFTER_MS);
    });
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    for (const waiter of this.waiters) waiter.reject(new Error('Projection runtime stopped before reaching the position'));
    this.waiters.clear();
  }

  private tick(): void {
    this.timer = undefined;
    if (this.closed || this.waiters.size === 0) return;
    const due = performance.now() - (this.announced ? this.probeAfterMs : PROBE_AFTER_MS);
    const names = new Set<string>();
    for (const waiter of this.waiters) if (waiter.since <= due) for (const name of waiter.pending) names.add(name);
    for (const name of names) void this.probe(this.tracks.get(name)!);
    this.timer = setTimeout(() => this.tick(), this.announced ? Math.min(this.probeAfterMs, PROBE_AFTER_MS * 4) : PROBE_AFTER_MS);
  }

  private settle(waiter: Waiter, name: string): void {
    waiter.pending.delete(name);
    if (waiter.pending.size === 0) {
      this.waiters.delete(waiter);
      waiter.resolve();
    }
  }

  private async probe(track: Track): Promise<void> {
    if (track.probing) {
      track.probeAgain = true;
      return;
    }
    track.probing = true;
    try {
      const { projector } = track;
      const local = this.localPosition(projector.name);
      // A stored checkpoint of another version is about to be rebuilt: it proves nothing.
      const stored = local === undefined ? await readCheckpoint(this.db, projector.name) : undefined;
      const checkpoint = local ?? (stored?.version === projector.version ? stored.position : 'start');
      // Read the head first: everything at or before it is readable when the next query runs.
      const head = await this.store.headPosition();
      const from = later(track.clear, checkpoint);
      const [next] = await this.store.readAll({ fromPosition: from, filter: projectorFilter(projector), maxCount: 1 });
      track.clear = head && (!next || comparePositions(next.position, head) > 0) ? later(from, head) : later(track.clear, checkpoint);
      for (const waiter of this.waiters) {
        if (!waiter.pending.has(projector.name)) continue;
        const past =
          atOrPast(track.clear, waiter.position) ||
          (head !== null && atOrPast(head, waiter.position) && next !== undefined && comparePositions(next.position, waiter.position) > 0);
        if (past) this.settle(waiter, projector.name);
      }
    } catch {
      // The timer looks again while anyone waits.
    } finally {
      track.probing = false;
    }
    if (track.probeAgain) {
      track.probeAgain = false;
      void this.probe(track);
    }
  }
}
