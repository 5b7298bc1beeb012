import { comparePositions, type Position, type RecordedEvent } from '@conversa/contracts';
import { companySubject } from '@conversa/bus';
import { sharedCorrelationId, withCorrelation, withoutCorrelation } from '@conversa/eventstore';
import { CheckpointConflictError, advanceCheckpoint, type StoredCheckpoint } from './checkpoints';
import { DEFAULT_FRAMES_WINDOW_MS, markPublished, pruneFrames, type SequencedChange, unpublishedFrames } from './frames';
import { applyIsolating } from './isolation';
import { parkedCounts } from './parking';
import { type Lease, LeaseAbortedError, acquireLease } from './lease';
import type { Progress } from './progress';
import { projectorFilter, type Projector, type RawProjectionChange } from './projector';
import { type Logger, prepareProjection } from './rebuild';
import type { ProjectionRuntimeOptions, ProjectorState, ProjectorStatus } from './runtime';

const WATERMARK_EVERY_MS = 1_000;
const PRUNE_EVERY_MS = 60_000;

/** The lease is gone or another instance moved the checkpoint: give the projector up and queue for it again. */
class OwnershipLostError extends Error {}

/** One projector's life in this process: wait for its lease, prepare, follow the store, retry on failure. */
export class Worker {
  private state: ProjectorState = 'stopped';
  private position: Position | 'start' | undefined;
  private caughtUp = false;
  private readonly abort = new AbortController();
  private loop: Promise<void> | undefined;
  /** Consecutive failures; the backoff grows with it and a committed batch resets it. */
  private failures = 0;
  /** Parked events of this projector as last counted (the retry command may clear some elsewhere). */
  parked = 0;
  private readonly logger: Logger;
  /** A reactor's checkpoint as last written, when it lags `position` (see StoredCheckpoint). */
  private stored: StoredCheckpoint | undefined;
  /** The last outbox frame this instance published, and the one recorded in projection.frame_publishers. */
  private published: { id: string | undefined; recorded: string | undefined; prunedAt: number } = { id: undefined, recorded: undefined, prunedAt: 0 };

  constructor(
    readonly projector: Projector,
    private readonly options: ProjectionRuntimeOptions,
    private readonly progress: Progress,
  ) {
    this.logger = options.logger ?? console;
  }

  ownedPosition(): Position | 'start' | undefined {
    return this.state === 'running' ? this.position : undefined;
  }

  status(): ProjectorStatus {
    const { name } = this.projector;
    const caughtUp = this.state === 'running' && this.caughtUp;
    return { name, state: this.state, position: this.position, caughtUp, parked: this.parked, degraded: this.parked > 0 };
  }

  start(): void {
    this.loop ??= this.run();
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.loop;
  }

  private get stopping(): boolean {
    return this.abort.signal.aborted;
  }

  private async run(): Promise<void> {
    const { name } = this.projector;
    while (!this.stopping) {
      this.state = 'acquiring';
      let lease: Lease;
      try {
        lease = await acquireLease(this.options.connectionString, name, {
          signal: this.abort.signal,
          onWaiting: () => {
            this.state = 'waiting';
            this.logger.info(`Projector ${name}: another instance holds it; standing by`);
          },
        });
      } catch (error) {
        if (error instanceof LeaseAbortedError || this.stopping) break;
        this.logger.error(`Projector ${name}: could not take its lease`, error);
        await this.pause();
        continue;
      }
      let lost = false;
      void lease.lost.then(() => (lost = true));
      try {
        // Owning the lease: resume from the checkpoint; a failed batch restarts from it (after a pause).
        while (!this.stopping && !lost) {
          try {
            await this.follow(lease);
          } catch (error) {
            if (error instanceof OwnershipLostError) {
              this.logger.warn(`Projector ${name}: ${error.message}; queueing for the lease again`);
              break;
            }
            // Stopped mid-retry: the event is still ahead of the checkpoint, nothing to report.
            if (this.stopping) break;
            this.logger.error(`Projector ${name} failed; restarting from its checkpoint`, error);
            this.state = 'retrying';
            await this.pause(lease);
          }
        }
      } finally {
        this.position = undefined;
        await lease.release();
      }
    }
    this.state = 'stopped';
  }

  /** Runs one subscription until stop (resolves) or failure (rejects). */
  private async follow(lease: Lease): Promise<void> {
    const { projector, options, progress } = this;
    const { position, rebuilt } = await prepareProjection(options.db, projector, options.store);
    if (rebuilt) {
      progress.reset(projector.name);
      this.logger.info(`Projector ${projector.name}: rebuilding version ${projector.version} from the start`);
    }
    this.parked = (await parkedCounts(options.db)).get(projector.name) ?? 0;
    // Frames a dead owner committed but may not have published: the edges drop what they already had.
    if (projector.tables.length > 0) await this.publish(await unpublishedFrames(options.db, projector.name), []);
    this.position = position;
    // A reactor writes its checkpoint now and then (it is idempotent); a read model with every batch.
    this.stored = projector.tables.length === 0 ? { position, writtenAt: Date.now(), everyMs: options.reactorCheckpointEveryMs ?? 1_000 } : undefined;
    this.caughtUp = false;
    this.state = 'running';
    // Replayed history is not news: after a rebuild, publish only once caught up with the present.
    let replaying = rebuilt;
    const batchSize = options.batchSize ?? 500;

    await new Promise<void>((resolve, reject) => {
      let ended = false;
      // Batches commit one after the other on this chain, while the subscription reads the next page.
      let chain: Promise<void> = Promise.resolve();
      const lingerMs = projector.lingerMs ?? 0;
      // Events held back at the live edge (lingerMs), applied together when the time is up.
      let held: RecordedEvent[] = [];
      let holdTimer: NodeJS.Timeout | undefined;
      // A failed step rejects the chain, so nothing after it is ever applied.
      const enqueue = (step: () => Promise<void>) => {
        chain = chain.then(step);
        chain.catch(fail);
        return chain;
      };
      // A reactor's checkpoint left behind by its batches is written once its interval is up, so an
      // idle reactor does not leave it behind for good (other processes' waits read it).
      let storedTimer: NodeJS.Timeout | undefined;
      // The publish watermark is recorded now and then, off the batches' path: a successor republishes at most that much.
      const watermarkTimer = setInterval(() => void enqueue(() => this.recordPublished()), WATERMARK_EVERY_MS);
      const apply = (events: RecordedEvent[]) => {
        const publish = !replaying;
        const applied = enqueue(() => this.applyAndPublish(events, publish));
        if (this.stored) {
          storedTimer ??= setTimeout(() => {
            storedTimer = undefined;
            if (!ended) void enqueue(() => this.writeStored());
          }, this.stored.everyMs);
        }
        return applied;
      };
      const release = () => {
        clearTimeout(holdTimer);
        holdTimer = undefined;
        if (held.length === 0 || ended) return chain;
        const events = held;
        held = [];
        return apply(events);
      };
      const stopListening = progress.onAwaited(projector.name, () => void release());
      const passEveryMs = options.passEveryMs ?? 10_000;
      let lastPass = Date.now();
      // Past events this projector does not handle: its checkpoint follows now and then. Not while
      // events are held back (they lie before the position and are not applied yet), and after the
      // batches already on the chain.
      // Waiters learn of every pass at once, from memory: a wait on a position this projector does
      // not handle ends when its subscription reads past it, without a probe of the store.
      const pass = (position: Position) => {
        if (ended || held.length > 0) return;
        const write = Date.now() - lastPass >= passEveryMs;
        if (write) lastPass = Date.now();
        void enqueue(() => (write ? this.passTo(position) : this.passed(position)));
      };
      const end = (error?: Error) => {
        if (ended) return;
        // Stopping: what is held back is committed first (a failure drops it: the checkpoint has not
        // moved), then a reactor's checkpoint catches up with what it did.
        if (!error) {
          void release();
          void enqueue(() => this.writeStored());
          void enqueue(() => this.recordPublished());
        }
        ended = true;
        clearInterval(watermarkTimer);
        clearTimeout(holdTimer);
        clearTimeout(storedTimer);
        stopListening();
        // A subscription that ends by itself has failed, whatever it reported: retry with backoff.
        if (!error && !this.stopping) error = new Error('subscription ended unexpectedly');
        this.abort.signal.removeEventListener('abort', onStop);
        const settle = () => (error ? reject(error) : resolve());
        // Deferred: the subscription may report before subscribeToAll has returned it.
        queueMicrotask(() => void subscription.stop().finally(() => chain.then(settle, settle)));
      };
      const fail = (error: unknown) => end(error instanceof CheckpointConflictError ? new OwnershipLostError(error.message) : (error as Error));
      const onStop = () => end();
      const subscription = options.store.subscribeToAll({
        fromPosition: position,
        filter: projectorFilter(projector),
        maxBatchSize: batchSize,
        onEvents: (events) => {
          if (ended || events.length === 0) return;
          const atLiveEdge = events.length < batchSize && !replaying;
          if (lingerMs > 0 && atLiveEdge && !progress.awaits(projector.name)) {
            held.push(...events);
            if (held.length >= batchSize) return release().catch(() => {});
            holdTimer ??= setTimeout(release, lingerMs);
            return;
          }
          void release();
          const previous = chain;
          void apply(events);
          // Catching up (a full page): read the next page while this one commits. At the live
          // edge, read after the commit: the events that arrive meanwhile make the next batch.
          return (events.length >= batchSize ? previous : chain).catch(() => {});
        },
        onCaughtUp: () => {
          replaying = false;
          this.caughtUp = true;
        },
        onPassed: pass,
        onError: fail,
      });
      void subscription.done.then(() => end());
      void lease.lost.then((error) => end(new OwnershipLostError(`lease connection lost (${error.message})`)));
      this.abort.signal.addEventListener('abort', onStop, { once: true });
      if (this.stopping) onStop();
    });
  }

  /**
   * A batch of one cause (the events of one request) is applied inside its correlation: what the
   * projector or reactor logs meanwhile, and the commands a reactor runs, carry the request's id.
   */
  private applyAndPublish(events: RecordedEvent[], publish: boolean): Promise<void> {
    const correlationId = sharedCorrelationId(events);
    // Several causes: none of them (nor the one whose append woke the subscription) is the batch's.
    return correlationId === undefined
      ? withoutCorrelation(() => this.applyBatch(events, publish))
      : withCorrelation(correlationId, () => this.applyBatch(events, publish));
  }

  private async applyBatch(events: RecordedEvent[], publish: boolean): Promise<void> {
    const { options, projector } = this;
    const isolation = {
      db: options.db,
      projector,
      pipelined: options.pipelined,
      logger: this.logger,
      ...options.parking,
      signal: this.abort.signal,
      stored: this.stored,
      frames: publish,
    };
    // Isolation may commit the batch in parts: `next` is the first event not committed yet.
    let next = 0;
    await applyIsolating(isolation, this.position ?? 'start', events, async (position, changes, parked) => {
      const start = next;
      while (next < events.length && comparePositions(events[next]!.position, position) <= 0) next++;
      const committed = events.slice(start, next);
      if (!parked) this.logApplied(committed);
      this.position = position;
      this.failures = 0;
      if (parked) this.parked += 1;
      try {
        this.progress.committed(projector.name, position);
      } catch (error) {
        // The batch is committed: a fault in the waiters' bookkeeping must not pass for a failed batch.
        this.logger.error(`Projector ${projector.name}: could not notify waiters`, error);
      }
      if (!publish) return;
      let frames: readonly RawProjectionChange[];
      try {
        frames = typeof changes === 'function' ? await changes(options.db) : changes;
      } catch (error) {
        // The batch is committed; a failed read for its frames costs only the frames.
        this.logger.warn(`Projector ${projector.name}: could not build its frames`, error);
        return;
      }
      await this.publish(frames, committed);
    });
  }

  /** At debug level, a line for each event applied, carrying its own correlation id (a batch may mix causes). */
  private logApplied(events: readonly RecordedEvent[]): void {
    // Only a logger given with debug on: the default console's debug would print every event.
    const debug = this.options.logger?.debug;
    if (!debug) return;
    const kind = this.projector.tables.length === 0 ? 'Reactor' : 'Projector';
    for (const event of events) {
      withCorrelation(event.metadata.correlationId, () => debug(`${kind} ${this.projector.name}: applied ${event.type} ${event.id} (${event.streamId})`));
    }
  }

  /** Moves the checkpoint over events the projector skips (fenced, like a batch); nothing to apply or publish. */
  private async passTo(position: Position): Promise<void> {
    const from = this.position ?? 'start';
    if (from !== 'start' && comparePositions(position, from) <= 0) return;
    await advanceCheckpoint(this.options.db, this.projector.name, this.projector.version, this.stored?.position ?? from, position);
    if (this.stored) Object.assign(this.stored, { position, writtenAt: Date.now() });
    this.position = position;
    this.progress.committed(this.projector.name, position);
  }

  /** A reactor stopping: its stored checkpoint moves up to what it did, so a successor does not do it again. */
  private async writeStored(): Promise<void> {
    const { stored, position } = this;
    if (!stored || position === undefined || position === 'start') return;
    if (stored.position !== 'start' && comparePositions(position, stored.position) <= 0) return;
    await advanceCheckpoint(this.options.db, this.projector.name, this.projector.version, stored.position, position);
    Object.assign(stored, { position, writtenAt: Date.now() });
  }

  /** Past `position` with every handled event before it committed (the chain ran them): clear there, checkpoint unmoved. */
  private async passed(position: Position): Promise<void> {
    this.progress.committed(this.projector.name, position);
  }

  /**
   * A frame carries the correlation id of the events it came from: those of its company in the batch,
   * when they share one (a batch mixing two requests of one company cannot tell them apart, and names neither).
   * An outbox frame (sequenced) has it from its batch already.
   */
  private async publish(changes: readonly (RawProjectionChange | SequencedChange)[], events: readonly RecordedEvent[]): Promise<void> {
    const byCompany = new Map<number, string | undefined>();
    const correlationOf = (companyId: number) => {
      if (!byCompany.has(companyId)) byCompany.set(companyId, sharedCorrelationId(events.filter((event) => event.metadata.companyId === companyId)));
      return byCompany.get(companyId);
    };
    for (const change of changes) {
      const seq = 'seq' in change ? change.seq : undefined;
      try {
        const correlationId = 'seq' in change ? change.correlationId : correlationOf(change.companyId);
        const options = { ...(seq === undefined ? {} : { seq }), ...(correlationId === undefined ? {} : { correlationId }) };
        await this.options.bus.publish(
          companySubject(change.companyId, change.entity),
          change.data,
          seq === undefined && correlationId === undefined ? undefined : options,
        );
      } catch (error) {
        // The frame is in the outbox: an edge that misses it reads it there when the next one shows the gap.
        this.logger.warn(`Projector ${this.projector.name}: publish on company.${change.companyId}.${change.entity} failed`, error);
      }
      if ('id' in change) this.published.id = change.id;
    }
  }

  /** Records the publish watermark (and prunes the outbox past its window once a minute); a failure only costs republishing. */
  private async recordPublished(): Promise<void> {
    const { id, recorded } = this.published;
    if (id === undefined || id === recorded) return;
    try {
      await markPublished(this.options.db, this.projector.name, id);
      this.published.recorded = id;
      if (Date.now() - this.published.prunedAt >= PRUNE_EVERY_MS) {
        this.published.prunedAt = Date.now();
        await pruneFrames(this.options.db, this.options.framesWindowMs ?? DEFAULT_FRAMES_WINDOW_MS);
      }
    } catch (error) {
      this.logger.warn(`Projector ${this.projector.name}: could not record its published frames`, error);
    }
  }

  /** Backoff that stop() (and a lost lease) cut short. */
  private pause(lease?: Lease): Promise<void> {
    const initial = this.options.retry?.initialMs ?? 200;
    const max = this.options.retry?.maxMs ?? 30_000;
    const ms = Math.min(max, initial * 2 ** this.failures++);
    const { signal } = this.abort;
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal.addEventListener('abort', done, { once: true });
      if (signal.aborted) done();
      void lease?.lost.then(done);
    });
  }
}
