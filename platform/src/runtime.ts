import { positionFromString, positionToString, type Position } from '@conversa/contracts';
import { randomUUID } from 'node:crypto';
import type { Bus, BusSubscription } from '@conversa/bus';
import type { EventStore } from '@conversa/eventstore';
import type { Kysely } from 'kysely';
import { ensureSchemas, readCheckpoint } from './checkpoints';
import { parkedCounts } from './parking';
import { Progress } from './progress';
import { type AnyDatabase, projectorFilter, type Projector } from './projector';
import type { Logger } from './rebuild';
import { Worker } from './worker';

export interface ProjectionRuntimeOptions {
  /** Kysely over a pg Pool: batches run in its transactions. */
  db: Kysely<AnyDatabase>;
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
  /**
   * How often, at most, a reactor (no tables, idempotent) writes its checkpoint; in between its
   * batches cost no statement of their own, and a crash runs what followed the last write again.
   * Default 1,000 ms; 0 writes after every batch.
   */
  reactorCheckpointEveryMs?: number;
  /** How an event that keeps failing is parked (see applyIsolating): tries and the pause between them. */
  parking?: { attempts?: number; retryDelayMs?: number };
  /** How long frames stay in the outbox for sockets to resume from (frames.ts). Default 10 minutes. */
  framesWindowMs?: number;
  /**
   * Processes share how far their projectors are clear over the bus (PROGRESS_SUBJECT), so a wait in
   * a process that does not own a projector (an api) ends on its owner's announcement instead of
   * probing the store (three queries per projector, every 25 ms). The store is still probed for a
   * wait open longer than `probeAfterMs` (default 250). For a bus shared by processes (NATS).
   */
  shareProgress?: { probeAfterMs?: number };
}

/** Where runtimes announce, coalesced per turn of the event loop, how far the projectors they own are clear. */
export const PROGRESS_SUBJECT = 'projection.progress';

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
  /** Events it could not apply, set aside in projection.parked_events (as last counted). */
  parked: number;
  /** Has parked events: it works, but its read model misses what they carry. */
  degraded: boolean;
}

export interface ProjectionRuntime {
  /** What it runs, as given. */
  readonly projectors: readonly Projector[];
  /** Prepares the schemas and starts every projector; resolves without waiting for leases. */
  start(): Promise<void>;
  /** Stops delivering, lets the running batches finish and releases the leases. */
  stop(): Promise<void>;
  lag(name: string): Promise<ProjectionLag>;
  /**
   * Resolves once every projector has committed every event it handles at or before `position`
   * (read-your-writes). Rejects if the runtime stops first, or with the signal's reason when it
   * aborts (e.g. `AbortSignal.timeout(2000)`: a projector that cannot write, its database gone or its table locked, does not get there; a failing event is parked and passed).
   */
  waitForPosition(position: Position, options?: WaitOptions): Promise<void>;
  /** Projectors (of those named, or all) not yet known to have committed what they handle up to `position`. */
  behind(position: Position, projectors?: readonly string[]): string[];
  /** Whether a read of the store to settle waits is running or due to run again (a chain of probes ends with false). */
  probing(): boolean;
  /** Parked counts as this process last saw them (its own parking, the last `inspect`). */
  status(): ProjectorStatus[];
  /** The status with parked counts read from the table (the retry command may have run elsewhere). */
  inspect(): Promise<ProjectorStatus[]>;
}

export interface WaitOptions {
  signal?: AbortSignal;
  /** Wait only for these projectors (the read models the caller reads; a partitioned one's name means all its partitions); default all, `[]` none. */
  projectors?: readonly string[];
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
  // A projector partitioned by company is waited for by its own name: every one of its partitions.
  const partitions = new Map<string, string[]>();
  for (const projector of options.projectors) {
    if (projector.partition) partitions.set(projector.partition.of, [...(partitions.get(projector.partition.of) ?? []), projector.name]);
  }
  const expand = (names: readonly string[] | undefined) => names?.flatMap((name) => partitions.get(name) ?? [name]);
  let started: Promise<void> | undefined;
  let stopped = false;
  const sharing = options.shareProgress ? shareProgress(options.bus, progress, options.shareProgress.probeAfterMs ?? 250) : undefined;

  return {
    projectors: options.projectors,

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
      await sharing?.close();
      progress.close();
    },

    async lag(name) {
      const worker = workers.get(name);
      if (!worker) throw new Error(`Unknown projector ${name}`);
      return projectionLag({ db: options.db, store: options.store, projector: worker.projector, position: worker.ownedPosition(), cap: options.lagCap });
    },

    waitForPosition(position, waitOptions) {
      const unknown = waitOptions?.projectors?.filter((name) => !workers.has(name) && !partitions.has(name)) ?? [];
      if (unknown.length > 0) return Promise.reject(new Error(`Unknown projector(s) ${unknown.join(', ')}`));
      return progress.wait(position, waitOptions?.signal, expand(waitOptions?.projectors));
    },

    behind: (position, projectors) => progress.behind(position, expand(projectors)),
    probing: () => progress.probing(),

    status: () => [...workers.values()].map((worker) => worker.status()),

    async inspect() {
      const counts = await parkedCounts(options.db);
      for (const worker of workers.values()) worker.parked = counts.get(worker.projector.name) ?? 0;
      return [...workers.values()].map((worker) => worker.status());
    },
  };
}

/**
 * How long a runtime gathers its projectors' clears before announcing them: one append makes every
 * projector commit or pass it over several turns of the event loop, and one message for all of them
 * costs the projector process less than one per turn, for a few ms more on a remote wait.
 */
const ANNOUNCE_EVERY_MS = 5;

/** A process that has not waited for this long stops listening to the announcements (an edge, a channels process). */
const LISTEN_IDLE_MS = 30_000;

/**
 * Announces this runtime's clears on the bus (at most one message every ANNOUNCE_EVERY_MS, the projectors
 * grouped by position) and, from its first wait until it has not waited for LISTEN_IDLE_MS, applies
 * the others': only the processes that wait pay for reading them.
 */
function shareProgress(bus: Bus, progress: Progress, probeAfterMs: number): { close(): Promise<void> } {
  const from = randomUUID();
  const changed = new Map<string, Position>();
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (changed.size === 0) return;
    const at: Record<string, string[]> = {};
    for (const [name, position] of changed) (at[positionToString(position)] ??= []).push(name);
    changed.clear();
    void bus.publish(PROGRESS_SUBJECT, { from, at }).catch(() => {});
  };
  progress.onLocalClear = (name, position) => {
    changed.set(name, position);
    if (!scheduled) {
      scheduled = true;
      setTimeout(flush, ANNOUNCE_EVERY_MS);
    }
  };
  let subscription: Promise<BusSubscription | undefined> | undefined;
  let lastWait = 0;
  let idleCheck: NodeJS.Timeout | undefined;
  const stopListening = () => {
    clearInterval(idleCheck);
    idleCheck = undefined;
    progress.listening(false);
    const current = subscription;
    subscription = undefined;
    return current?.then((s) => s?.unsubscribe());
  };
  progress.onWait = () => {
    lastWait = Date.now();
    if (subscription) return;
    subscription = bus
      .subscribe(PROGRESS_SUBJECT, ({ data }) => {
        const { from: sender, at } = data as { from: string; at: Record<string, string[]> };
        if (sender === from) return;
        for (const [position, names] of Object.entries(at)) {
          const clear = positionFromString(position);
          for (const name of names) progress.remote(name, clear);
        }
      })
      .then(
        (s) => {
          // Announcements flow from here on; a wait begun before was probed as without them.
          if (subscription) progress.listening(true, probeAfterMs);
          return s;
        },
        () => undefined,
      );
    idleCheck = setInterval(() => {
      if (Date.now() - lastWait > LISTEN_IDLE_MS && !progress.waiting()) void stopListening();
    }, LISTEN_IDLE_MS);
    idleCheck.unref();
  };
  return {
    async close() {
      progress.onLocalClear = undefined;
      progress.onWait = undefined;
      await stopListening();
    },
  };
}

/**
 * Handled events after the projector's position (its owned one, else its stored checkpoint), capped,
 * and the age of the oldest. Also what `conversa projections` shows, runtime or not.
 */
export async function projectionLag(options: {
  db: Kysely<AnyDatabase>;
  store: EventStore;
  projector: Projector;
  position?: Position | 'start';
  cap?: number;
}): Promise<ProjectionLag> {
  const { db, store, projector } = options;
  const position = options.position ?? (await readCheckpoint(db, projector.name))?.position ?? 'start';
  const filter = projectorFilter(projector);
  const events = await store.countAfter(position, { filter, cap: options.cap ?? 100_000 });
  if (events === 0) return { events, ms: 0 };
  const [oldest] = await store.readAll({ fromPosition: position, filter, maxCount: 1 });
  return { events, ms: oldest ? Math.max(0, Date.now() - oldest.createdAt.getTime()) : 0 };
}
