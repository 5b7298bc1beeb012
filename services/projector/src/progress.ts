import { type Position, comparePositions } from '@conversa/contracts';
import type { EventStore } from '@conversa/eventstore';
import type { Kysely } from 'kysely';
import { readCheckpoint } from './checkpoints';
import type { Projector } from './projector';

type Mark = Position | 'start';

const atOrPast = (mark: Mark, position: Position): boolean => mark !== 'start' && comparePositions(mark, position) >= 0;
const later = (a: Mark, b: Mark): Mark => (a === 'start' ? b : b === 'start' ? a : comparePositions(a, b) >= 0 ? a : b);

/** How soon to look again when nothing local will announce progress (lease held elsewhere, horizon behind). */
const RECHECK_MS = 20;

interface Waiter {
  position: Position;
  pending: Set<string>;
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
 * rest are settled by one read of the store (first matching event after the checkpoint, bounded
 * by the readable head, which on a gap-free store is a safe horizon).
 */
export class Progress {
  private readonly tracks = new Map<string, Track>();
  private readonly waiters = new Set<Waiter>();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly db: Kysely<any>,
    private readonly store: EventStore,
    projectors: readonly Projector[],
    /** The committed position if this runtime currently owns the projector. */
    private readonly localPosition: (name: string) => Mark | undefined,
  ) {
    for (const projector of projectors) this.tracks.set(projector.name, { projector, clear: 'start', probing: false, probeAgain: false });
  }

  /** A batch committed locally. */
  committed(name: string, position: Position): void {
    const track = this.tracks.get(name);
    if (!track) return;
    track.clear = later(track.clear, position);
    for (const waiter of this.waiters) {
      if (waiter.pending.has(name) && atOrPast(track.clear, waiter.position)) this.settle(waiter, name);
    }
    // A commit proves the store readable up to it, which may settle projectors that skip those events.
    this.probeWaiting();
  }

  /** The projection was reset (rebuild): nothing it handles is committed any more. */
  reset(name: string): void {
    const track = this.tracks.get(name);
    if (track) track.clear = 'start';
  }

  wait(position: Position): Promise<void> {
    if (this.closed) return Promise.reject(new Error('Projection runtime is stopped'));
    const pending = new Set([...this.tracks.values()].filter((t) => !atOrPast(t.clear, position)).map((t) => t.projector.name));
    if (pending.size === 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.waiters.add({ position, pending, resolve, reject });
      this.probeWaiting();
    });
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    for (const waiter of this.waiters) waiter.reject(new Error('Projection runtime stopped before reaching the position'));
    this.waiters.clear();
  }

  private settle(waiter: Waiter, name: string): void {
    waiter.pending.delete(name);
    if (waiter.pending.size === 0) {
      this.waiters.delete(waiter);
      waiter.resolve();
    }
  }

  private probeWaiting(): void {
    const names = new Set<string>();
    for (const waiter of this.waiters) for (const name of waiter.pending) names.add(name);
    for (const name of names) void this.probe(this.tracks.get(name)!);
  }

  private async probe(track: Track): Promise<void> {
    if (track.probing) {
      track.probeAgain = true;
      return;
    }
    track.probing = true;
    let recheck = false;
    try {
      const { projector } = track;
      const local = this.localPosition(projector.name);
      // A stored checkpoint of another version is about to be rebuilt: it proves nothing.
      const stored = local === undefined ? await readCheckpoint(this.db, projector.name) : undefined;
      const checkpoint = local ?? (stored?.version === projector.version ? stored.position : 'start');
      // Read the head first: everything at or before it is readable when the next query runs.
      const head = await this.store.headPosition();
      const from = later(track.clear, checkpoint);
      const [next] = await this.store.readAll({ fromPosition: from, filter: { eventTypes: projector.eventTypes }, maxCount: 1 });
      if (head && (!next || comparePositions(next.position, head) > 0)) track.clear = later(from, head);
      else track.clear = later(track.clear, checkpoint);
      for (const waiter of this.waiters) {
        if (!waiter.pending.has(projector.name)) continue;
        const past =
          atOrPast(track.clear, waiter.position) ||
          (head !== null && atOrPast(head, waiter.position) && next !== undefined && comparePositions(next.position, waiter.position) > 0);
        if (past) this.settle(waiter, projector.name);
        // A local owner with a handled event still to commit will call `committed`; anything else needs another look.
        else if (local === undefined || !next || (head !== null && comparePositions(next.position, head) > 0)) recheck = true;
      }
    } catch {
      recheck = true;
    } finally {
      track.probing = false;
    }
    if (track.probeAgain) {
      track.probeAgain = false;
      void this.probe(track);
    } else if (recheck && !this.closed && !this.timer) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.probeWaiting();
      }, RECHECK_MS);
    }
  }
}
