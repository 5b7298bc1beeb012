import type { Position } from '@conversa/contracts';
import type { EventStore } from '@conversa/eventstore';
import { type Kysely, sql } from 'kysely';
import { ensureSchemas, readCheckpoint, resetCheckpoint } from './checkpoints';
import { applyIsolating } from './isolation';
import { acquireLease, LeaseAbortedError, type Lease, type LeaseHolder } from './lease';
import { forgetParked } from './parking';
import { type AnyDatabase, baseName, partitionName, projectorFilter, type Projector } from './projector';
import { lockSchemas } from './schemas';

/** Console-compatible; the product passes its own logger (with `debug` where that level is on). */
export type Logger = Pick<Console, 'info' | 'warn' | 'error'> & Partial<Pick<Console, 'debug'>>;

/**
 * Drops the projector's tables, recreates them and puts its checkpoint back to the start, in one
 * transaction (Postgres DDL is transactional): a crash half-way leaves the old tables and version.
 * A partition shares its tables with its siblings: their checkpoints go back to the start with it
 * (an instance running one of them finds its checkpoint moved and starts over), and the checkpoints
 * of any other partitioning of the projector are dropped. With `unlessVersion`, nothing happens if
 * the checkpoint says that version by the time the lock is held (a sibling has just reset it);
 * returns whether it reset.
 */
export async function resetProjection(
  db: Kysely<AnyDatabase>,
  projector: Projector,
  options: { unlessVersion?: number; from?: Position | 'start' } = {},
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // The schema lock comes before the drop: a drop that finds a shared schema missing leaves that
    // name "missing" in this backend's catalog cache, which an advisory lock does not refresh, so the
    // migration's `create schema if not exists` would then collide with the rebuild that made it.
    await lockSchemas(trx);
    if (options.unlessVersion !== undefined && (await readCheckpoint(trx, projector.name))?.version === options.unlessVersion) return false;
    if (projector.tables.length > 0) {
      // One statement, so foreign keys between the projector's own tables do not dictate an order.
      // No cascade: an analyst's view on a read table should stop a rebuild, not vanish silently.
      await sql`drop table if exists ${sql.join(projector.tables.map((table) => sql.table(table)))}`.execute(trx);
    }
    await projector.migrate(trx);
    const base = baseName(projector);
    const count = projector.partition?.count ?? 1;
    const names = Array.from({ length: count }, (_, index) => partitionName(base, index, count));
    await sql`delete from projection.checkpoints where starts_with(name, ${`${base}#`}) and name <> all(${names}::text[])`.execute(trx);
    if (count > 1) await sql`delete from projection.checkpoints where name = ${base}`.execute(trx);
    for (const name of names) {
      await resetCheckpoint(trx, name, projector.version, options.from);
      await forgetParked(trx, name);
    }
    return true;
  });
}

/**
 * What the owner of a projector does first: rebuild when the stored version differs (or there is
 * none), otherwise migrate (idempotent) and resume from the checkpoint. A checkpoint at the start
 * (a sibling partition has just reset the tables) is a replay too: nothing is published until caught up.
 * A reactor that starts from now (`startFrom: 'now'`) and has never run records the store's head as
 * its checkpoint instead: what the log held before its first lease is not its to act on.
 */
export async function prepareProjection(
  db: Kysely<AnyDatabase>,
  projector: Projector,
  store?: Pick<EventStore, 'headPosition'>,
): Promise<{ position: Position | 'start'; rebuilt: boolean }> {
  const checkpoint = await readCheckpoint(db, projector.name);
  if (!checkpoint && projector.startFrom === 'now' && store) {
    const head = (await store.headPosition()) ?? 'start';
    await resetProjection(db, projector, { from: head });
    return { position: head, rebuilt: head === 'start' };
  }
  if (!checkpoint || checkpoint.version !== projector.version) {
    const reset = await resetProjection(db, projector, projector.partition ? { unlessVersion: projector.version } : {});
    if (reset) return { position: 'start', rebuilt: true };
    return prepareProjection(db, projector);
  }
  await projector.migrate(db);
  return { position: checkpoint.position, rebuilt: projector.partition !== undefined && checkpoint.position === 'start' };
}

export interface RebuildOptions {
  db: Kysely<AnyDatabase>;
  /** For the lease connection (see lease.ts). */
  connectionString: string;
  store: EventStore;
  projector: Projector;
  /**
   * Events per transaction. Default 5000: replay speed is mostly page reads, and bigger pages
   * read faster; but every open write transaction holds the Postgres store's read horizon back,
   * so live subscribers on the same cluster wait for each one to commit.
   */
  batchSize?: number;
  logger?: Logger;
  signal?: AbortSignal;
  /**
   * How long to wait for the lease when a running instance holds it; past that the rebuild gives up
   * with LeaseBusyError. Default: wait until it is free.
   */
  leaseWaitMs?: number;
  /** After each committed batch: events done of the total counted at the start. */
  onProgress?: (progress: RebuildProgress) => void;
}

export interface RebuildProgress {
  projector: string;
  done: number;
  /** Events the projector handles, counted before the replay (events appended meanwhile come on top). */
  total: number;
  elapsedMs: number;
}

/** The running product (or another rebuild) kept the projector's lease for the whole bounded wait. */
export class LeaseBusyError extends Error {
  constructor(
    readonly projector: string,
    readonly holder: LeaseHolder | undefined,
    readonly waitedMs: number,
  ) {
    super(
      `Projector ${projector} is held by a running instance${describeHolder(holder)}; gave up after ${Math.round(waitedMs / 1000)} s. ` +
        'Stop the process that runs it (the product, or its projector role) and rebuild then, or start that process with the new projector version: it rebuilds by itself.',
    );
    this.name = 'LeaseBusyError';
  }
}

const describeHolder = (holder: LeaseHolder | undefined) =>
  holder ? ` (pid ${holder.pid}, ${holder.applicationName || 'no application name'}${holder.clientAddress ? ` from ${holder.clientAddress}` : ''})` : '';

const seconds = (ms: number) => (ms < 60_000 ? `${Math.round(ms / 1000)} s` : `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`);

/** One progress line: `contacts: 12000 / 50000 events (24%), 3000 events/s, ETA 13 s`. */
export function describeRebuildProgress({ projector, done, total, elapsedMs }: RebuildProgress): string {
  const rate = elapsedMs > 0 ? done / (elapsedMs / 1000) : 0;
  const percent = total > 0 ? Math.min(100, Math.floor((done / total) * 100)) : 100;
  const left = Math.max(0, total - done);
  const eta = left === 0 ? 'done' : rate > 0 ? `ETA ${seconds((left / rate) * 1000)}` : 'ETA unknown';
  return `${projector}: ${done} / ${total} events (${percent}%), ${Math.round(rate)} events/s, ${eta}`;
}

/** Prints progress at most once every `everyMs` (and always the last batch), so a fast replay does not flood the terminal. */
export function throttledProgress(print: (line: string) => void, options: { everyMs?: number; now?: () => number } = {}): (progress: RebuildProgress) => void {
  const everyMs = options.everyMs ?? 1000;
  const now = options.now ?? (() => performance.now());
  let last = -Infinity;
  return (progress) => {
    const at = now();
    if (at - last < everyMs && progress.done < progress.total) return;
    last = at;
    print(describeRebuildProgress(progress));
  };
}

export interface RebuildResult {
  projector: string;
  /** Events replayed. */
  events: number;
  /** Wall time of drop + migrate + replay, lease wait excluded. */
  ms: number;
  position: Position | 'start';
}

/**
 * The `rebuild` command: takes the projector's lease (waiting, and saying so, if a running instance
 * holds it), resets the projection and replays every matching event up to the head. It publishes
 * nothing: replayed history is not news, and the UI reloads what it shows anyway. A partition
 * rebuilds its whole projector: every partition's lease is held, the shared tables reset once, and
 * each partition replays its companies' events in turn.
 */
export async function rebuildProjector(options: RebuildOptions): Promise<RebuildResult> {
  const { db, projector, logger = console } = options;
  await ensureSchemas(db);
  const parts = siblings(projector);
  const leases: Lease[] = [];
  try {
    for (const part of parts) leases.push(await takeLease({ ...options, projector: part }, logger));
    const started = performance.now();
    await resetProjection(db, projector);
    let events = 0;
    let position: Position | 'start' = 'start';
    for (const [index, part] of parts.entries()) {
      const replayed = await replay({ ...options, projector: part }, leases[index]!, started);
      events += replayed.events;
      position = replayed.position;
    }
    const ms = performance.now() - started;
    const name = baseName(projector);
    logger.info(`Rebuilt ${name}: ${events} events in ${(ms / 1000).toFixed(2)} s (${Math.round(events / Math.max(ms / 1000, 1e-9))} events/s)`);
    return { projector: name, events, ms, position };
  } finally {
    for (const lease of leases) await lease.release();
  }
}

/** Every partition of the projector `projector` is one of (itself when it is not partitioned). */
function siblings(projector: Projector): Projector[] {
  const { partition } = projector;
  if (!partition) return [projector];
  return Array.from({ length: partition.count }, (_, index) => ({
    ...projector,
    name: partitionName(partition.of, index, partition.count),
    partition: { ...partition, index },
  }));
}

/** Replays every event the (freshly reset) projector handles, from the start to the head. */
async function replay(options: RebuildOptions, lease: Lease, started: number): Promise<{ events: number; position: Position | 'start' }> {
  const { db, store, projector, logger = console } = options;
  const total = await store.countAfter('start', { filter: projectorFilter(projector) });
  let position: Position | 'start' = 'start';
  let events = 0;
  await new Promise<void>((resolve, reject) => {
    let settled = false;
    // Batches commit one after the other on this chain, while the subscription reads the next page.
    let chain: Promise<void> = Promise.resolve();
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      // Deferred: onCaughtUp may fire before subscribeToAll has returned the subscription.
      queueMicrotask(() => void subscription.stop().then(() => (error ? reject(error) : chain.then(resolve, reject)), reject));
    };
    const subscription = store.subscribeToAll({
      fromPosition: 'start',
      filter: projectorFilter(projector),
      maxBatchSize: options.batchSize ?? 5000,
      onEvents: (batch) => {
        if (settled || batch.length === 0) return;
        const previous = chain;
        chain = previous.then(async () => {
          // A poison event is parked here as in the runtime, so one bad event does not fail the rebuild.
          position = await applyIsolating({ db, projector, logger, signal: options.signal }, position, batch, () => {});
          events += batch.length;
          options.onProgress?.({ projector: projector.name, done: events, total: Math.max(total, events), elapsedMs: performance.now() - started });
        });
        chain.catch((error: Error) => finish(error));
        // Backpressure: at most one batch committing while the next one is read.
        return previous.catch(() => {});
      },
      onCaughtUp: () => finish(),
      onError: (error) => finish(error),
    });
    void lease.lost.then((error) => finish(error));
    options.signal?.addEventListener('abort', () => finish(new Error(`Rebuild of ${projector.name} aborted`)), { once: true });
  });
  return { events, position };
}

/** The projector's lease, waiting at most `leaseWaitMs` for a running instance to let it go. */
async function takeLease(options: RebuildOptions, logger: Logger) {
  const { projector } = options;
  const bound = options.leaseWaitMs === undefined ? undefined : new AbortController();
  const timer = bound && setTimeout(() => bound.abort(), options.leaseWaitMs);
  const signals = [options.signal, bound?.signal].filter((signal): signal is AbortSignal => signal !== undefined);
  let holder: LeaseHolder | undefined;
  const started = performance.now();
  try {
    return await acquireLease(options.connectionString, projector.name, {
      signal: signals.length > 0 ? AbortSignal.any(signals) : undefined,
      onWaiting: (current) => {
        holder = current;
        const limit = options.leaseWaitMs === undefined ? '' : ` (at most ${seconds(options.leaseWaitMs)})`;
        logger.warn(`Projector ${projector.name} is held by a running instance${describeHolder(current)}; waiting for it to stop${limit}…`);
      },
    });
  } catch (error) {
    if (error instanceof LeaseAbortedError && bound?.signal.aborted && !options.signal?.aborted)
      throw new LeaseBusyError(projector.name, holder, performance.now() - started);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
