import type { Position } from '@conversa/contracts';
import type { EventStore } from '@conversa/eventstore';
import { type Kysely, sql } from 'kysely';
import { ensureSchemas, readCheckpoint, resetCheckpoint } from './checkpoints';
import { applyIsolating } from './isolation';
import { acquireLease } from './lease';
import { forgetParked } from './parking';
import type { Projector } from './projector';
import { lockSchemas } from './schemas';

/** Console-compatible; the product passes its own logger. */
export type Logger = Pick<Console, 'info' | 'warn' | 'error'>;

/**
 * Drops the projector's tables, recreates them and puts its checkpoint back to the start, in one
 * transaction (Postgres DDL is transactional): a crash half-way leaves the old tables and version.
 */
export async function resetProjection(db: Kysely<any>, projector: Projector): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // The schema lock comes before the drop: a drop that finds a shared schema missing leaves that
    // name "missing" in this backend's catalog cache, which an advisory lock does not refresh, so the
    // migration's `create schema if not exists` would then collide with the rebuild that made it.
    await lockSchemas(trx);
    if (projector.tables.length > 0) {
      // One statement, so foreign keys between the projector's own tables do not dictate an order.
      // No cascade: an analyst's view on a read table should stop a rebuild, not vanish silently.
      await sql`drop table if exists ${sql.join(projector.tables.map((table) => sql.table(table)))}`.execute(trx);
    }
    await projector.migrate(trx);
    await resetCheckpoint(trx, projector.name, projector.version);
    await forgetParked(trx, projector.name);
  });
}

/**
 * What the owner of a projector does first: rebuild when the stored version differs (or there is
 * none), otherwise migrate (idempotent) and resume from the checkpoint.
 */
export async function prepareProjection(db: Kysely<any>, projector: Projector): Promise<{ position: Position | 'start'; rebuilt: boolean }> {
  const checkpoint = await readCheckpoint(db, projector.name);
  if (!checkpoint || checkpoint.version !== projector.version) {
    await resetProjection(db, projector);
    return { position: 'start', rebuilt: true };
  }
  await projector.migrate(db);
  return { position: checkpoint.position, rebuilt: false };
}

export interface RebuildOptions {
  db: Kysely<any>;
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
 * nothing: replayed history is not news, and the UI reloads what it shows anyway.
 */
export async function rebuildProjector(options: RebuildOptions): Promise<RebuildResult> {
  const { db, store, projector, logger = console } = options;
  await ensureSchemas(db);
  const lease = await acquireLease(options.connectionString, projector.name, {
    signal: options.signal,
    onWaiting: (holder) =>
      logger.warn(
        `Projector ${projector.name} is held by a running instance${holder ? ` (pid ${holder.pid}, ${holder.applicationName || 'no application name'}${holder.clientAddress ? ` from ${holder.clientAddress}` : ''})` : ''}; waiting for it to stop…`,
      ),
  });
  try {
    const started = performance.now();
    await resetProjection(db, projector);
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
        filter: { eventTypes: projector.eventTypes },
        maxBatchSize: options.batchSize ?? 5000,
        onEvents: (batch) => {
          if (settled || batch.length === 0) return;
          const previous = chain;
          chain = previous.then(async () => {
            // A poison event is parked here as in the runtime, so one bad event does not fail the rebuild.
            position = await applyIsolating({ db, projector, logger, signal: options.signal }, position, batch, () => {});
            events += batch.length;
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
    const ms = performance.now() - started;
    logger.info(`Rebuilt ${projector.name}: ${events} events in ${(ms / 1000).toFixed(2)} s (${Math.round(events / Math.max(ms / 1000, 1e-9))} events/s)`);
    return { projector: projector.name, events, ms, position };
  } finally {
    await lease.release();
  }
}
