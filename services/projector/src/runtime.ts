import { comparePositions, type Position, type RecordedEvent } from '@conversa/contracts';
import { type Bus, companySubject } from '@conversa/bus';
import type { EventStore } from '@conversa/eventstore';
import type { Kysely } from 'kysely';
import { CheckpointConflictError, advanceCheckpoint, applyBatch, ensureSchemas, readCheckpoint } from './checkpoints';
import { type Lease, LeaseAbortedError, acquireLease } from './lease';
import { Progress } from './progress';
import type { ProjectionChange, Projector } from './projector';
import { type Logger, prepareProjection } from './rebuild';

export interface ProjectionRuntimeOptions {
  /** Kysely over a pg Pool: batches run in its transactions. */
  db: Kysely<any>;
  /**
   * The pool's clients run in pg's pipeline mode (`pipeline: true`): a batch then sends its first
   * statement without waiting for its `begin` to be answered, one round trip less per batch.
   */
  pipelined?: boolean;
  /**
   * For the lease connections: one dedicated client per projector, since a session advisory lock
   * lives exactly as long as its session (a pooled client would be held for good anyway).
   */
  connectionString: string;
  store: EventStore;
  bus: Bus;
  projectors: readonly Projector[];
  /** Largest batch (and transaction) a projector handles at once. Default 500. */
  batchSize?: number;
  logger?: Logger;
  /** Where `lag` stops counting events. Default 100,000. */
  lagCap?: number;
  /** Restart delay after a failed batch: doubles from `initialMs` up to `maxMs`. */
  retry?: { initialMs?: number; maxMs?: number };
  /**
   * How often, at most, a projector's checkpoint moves past events it does not handle, so that a
   * restart does not look at them again. Default 10,000 ms.
   */
  passEveryMs?: number;
}

export interface ProjectionLag {
  /** Handled events stored after the checkpoint (capped). */
  events: number;
  /** Age of the oldest of them; 0 when caught up. */
  ms: number;
}

/** `acquiring`: asking for the lease; `waiting`: queued behind the instance that holds it. */
export type ProjectorState = 'acquiring' | 'waiting' | 'running' | 'retrying' | 'stopped';

export interface ProjectorStatus {
  name: string;
  state: ProjectorState;
  /** Last committed position while this instance owns the projector. */
  position: Position | 'start' | undefined;
  /** Owned and has delivered everything stored (after a rebuild: changes are published from then on). */
  caughtUp: boolean;
}

export interface ProjectionRuntime {
  /** Prepares the schemas and starts every projector; resolves without waiting for leases. */
  start(): Promise<void>;
  /** Stops delivering, lets the running batches finish and releases the leases. */
  stop(): Promise<void>;
  lag(name: string): Promise<ProjectionLag>;
  /**
   * Resolves once every projector has committed every event it handles at or before `position`
   * (read-your-writes). Rejects if the runtime stops first, or with the signal's reason when it
   * aborts (e.g. `AbortSignal.timeout(2000)`: a projector stuck on a failing event never gets there).
   */
  waitForPosition(position: Position, options?: { signal?: AbortSignal }): Promise<void>;
  status(): ProjectorStatus[];
}

export function createProjectionRuntime(options: ProjectionRuntimeOptions): ProjectionRuntime {
  const names = new Set<string>();
  for (const projector of options.projectors) {
    if (names.has(projector.name)) throw new Error(`Projector ${projector.name} listed twice`);
    names.add(projector.name);
  }
  const workers = new Map<string, Worker>();
  const progress = new Progress(options.db, options.store, options.projectors, (name) => workers.get(name)?.ownedPosition());
  for (const projector of options.projectors) workers.set(projector.name, new Worker(projector, options, progress));
  let started: Promise<void> | undefined;
  let stopped = false;

  return {
    start() {
      started ??= (async () => {
        await ensureSchemas(options.db);
        if (stopped) return;
        for (const worker of workers.values()) worker.start();
      })();
      return started;
    },

    async stop() {
      stopped = true;
      await started?.catch(() => {});
      await Promise.all([...workers.values()].map((worker) => worker.stop()));
      progress.close();
    },

    async lag(name) {
      const projector = workers.get(name)?.projector;
      if (!projector) throw new Error(`Unknown projector ${name}`);
      const position = workers.get(name)?.ownedPosition() ?? (await readCheckpoint(options.db, name))?.position ?? 'start';
      const filter = { eventTypes: projector.eventTypes };
      const events = await options.store.countAfter(position, { filter, cap: options.lagCap ?? 100_000 });
      if (events === 0) return { events, ms: 0 };
      const [oldest] = await options.store.readAll({ fromPosition: position, filter, maxCount: 1 });
      return { events, ms: oldest ? Math.max(0, Date.now() - oldest.createdAt.getTime()) : 0 };
    },

    waitForPosition: (position, waitOptions) => progress.wait(position, waitOptions?.signal),

    status: () => [...workers.values()].map((worker) => worker.status()),
  };
}

/** The lease is gone or another instance moved the checkpoint: give the projector up and queue for it again. */
class OwnershipLostError extends Error {}

/** One projector's life in this process: wait for its lease, prepare, follow the store, retry on failure. */
class Worker {
  private state: ProjectorState = 'stopped';
  private position: Position | 'start' | undefined;
  private caughtUp = false;
  private readonly abort = new AbortController();
  private loop: Promise<void> | undefined;
  /** Consecutive failures; the backoff grows with it and a committed batch resets it. */
  private failures = 0;
  private readonly logger: Logger;

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
    return { name: this.projector.name, state: this.state, position: this.position, caughtUp: this.state === 'running' && this.caughtUp };
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
    const { position, rebuilt } = await prepareProjection(options.db, projector);
    if (rebuilt) {
      progress.reset(projector.name);
      this.logger.info(`Projector ${projector.name}: rebuilding version ${projector.version} from the start`);
    }
    this.position = position;
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
      const apply = (events: RecordedEvent[]) => {
        const publish = !replaying;
        return enqueue(() => this.applyAndPublish(events, publish));
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
      const pass = (position: Position) => {
        if (ended || held.length > 0 || Date.now() - lastPass < passEveryMs) return;
        lastPass = Date.now();
        void enqueue(() => this.passTo(position));
      };
      const end = (error?: Error) => {
        if (ended) return;
        // Stopping: what is held back is committed first (a failure drops it: the checkpoint has not moved).
        if (!error) release();
        ended = true;
        clearTimeout(holdTimer);
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
        filter: { eventTypes: projector.eventTypes },
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
          release();
          const previous = chain;
          apply(events);
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

  private async applyAndPublish(events: RecordedEvent[], publish: boolean): Promise<void> {
    const from = this.position ?? 'start';
    const { position, changes } = await applyBatch(this.options.db, this.projector, from, events, { pipelined: this.options.pipelined });
    this.position = position;
    this.failures = 0;
    try {
      this.progress.committed(this.projector.name, position);
    } catch (error) {
      // The batch is committed: a fault in the waiters' bookkeeping must not pass for a failed batch.
      this.logger.error(`Projector ${this.projector.name}: could not notify waiters`, error);
    }
    if (!publish) return;
    let frames: readonly ProjectionChange[];
    try {
      frames = typeof changes === 'function' ? await changes(this.options.db) : changes;
    } catch (error) {
      // The batch is committed; a failed read for its frames costs only the frames.
      this.logger.warn(`Projector ${this.projector.name}: could not build its frames`, error);
      return;
    }
    await this.publish(frames);
  }

  /** Moves the checkpoint over events the projector skips (fenced, like a batch); nothing to apply or publish. */
  private async passTo(position: Position): Promise<void> {
    const from = this.position ?? 'start';
    if (from !== 'start' && comparePositions(position, from) <= 0) return;
    await advanceCheckpoint(this.options.db, this.projector.name, this.projector.version, from, position);
    this.position = position;
    this.progress.committed(this.projector.name, position);
  }

  private async publish(changes: readonly ProjectionChange[]): Promise<void> {
    for (const change of changes) {
      try {
        await this.options.bus.publish(companySubject(change.companyId, change.entity), change.data);
      } catch (error) {
        // The bus is at-most-once and the row is committed: a lost frame is healed by the next read.
        this.logger.warn(`Projector ${this.projector.name}: publish on company.${change.companyId}.${change.entity} failed`, error);
      }
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
