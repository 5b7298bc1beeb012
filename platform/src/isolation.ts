import type { Position, RecordedEvent } from '@conversa/contracts';
import { withCorrelation } from '@conversa/eventstore';
import type { Kysely } from 'kysely';
import { applyBatch, type StoredCheckpoint } from './checkpoints';
import { classifyFailure, parkEvent } from './parking';
import type { AnyDatabase, AfterCommit, Projector, RawProjectionChange } from './projector';
import type { Logger } from './rebuild';

export interface IsolationOptions {
  db: Kysely<AnyDatabase>;
  projector: Projector;
  pipelined?: boolean;
  logger: Logger;
  /** Tries of one event failing for an unknown reason before it is parked. Default 3. */
  attempts?: number;
  /** Pause before the second try of such an event; doubles for each further one. Default 100 ms. */
  retryDelayMs?: number;
  /** Cuts the pauses short; the event then stays ahead of the checkpoint. */
  signal?: AbortSignal;
  /** A reactor's checkpoint written now and then (see StoredCheckpoint); fences start from it. */
  stored?: StoredCheckpoint;
  /** Number the batch's frames and write them to the outbox in its transaction (not while replaying history). */
  frames?: boolean;
}

/** `parked`: the checkpoint moved past an event recorded in projection.parked_events, nothing applied. */
export type Committed = (position: Position, changes: RawProjectionChange[] | AfterCommit, parked: boolean) => Promise<void> | void;

/**
 * Applies `events` from `from` as one batch. If the batch fails for a reason that is not the
 * database's or the lease's (those are thrown, for the caller to retry from its checkpoint), it is
 * split in halves, and so on down to the failing events: the others commit in smaller batches and
 * each failing one is parked (see classifyFailure), so one bad event costs a few transactions,
 * not the projector. `committed` runs after each commit, in order. Returns the last position.
 */
export async function applyIsolating(
  options: IsolationOptions,
  from: Position | 'start',
  events: readonly RecordedEvent[],
  committed: Committed,
): Promise<Position | 'start'> {
  let position = from;

  const attempt = async (batch: readonly RecordedEvent[]): Promise<{ error: unknown } | undefined> => {
    let result;
    try {
      result = await applyBatch(options.db, options.projector, position, batch, {
        pipelined: options.pipelined,
        stored: options.stored,
        frames: options.frames,
      });
    } catch (error) {
      const kind = classifyFailure(error);
      if (kind === 'ownership' || kind === 'transient') throw error;
      return { error };
    }
    position = result.position;
    await committed(result.position, result.changes, false);
    return undefined;
  };

  const isolate = async (batch: readonly RecordedEvent[], retried = false): Promise<void> => {
    let failed = await attempt(batch);
    if (!failed) return;
    if (batch.length > 1) {
      // A one-off failure keeps its batch whole (and so its frames: one per record it changed); only what
      // fails again is split down to its events. Data errors answer the same every time: split at once.
      if (!retried && classifyFailure(failed.error) === 'unknown') {
        await pause(options.retryDelayMs ?? 100, options.signal);
        failed = await attempt(batch);
        if (!failed) return;
      }
      const middle = Math.ceil(batch.length / 2);
      await isolate(batch.slice(0, middle), true);
      await isolate(batch.slice(middle), true);
      return;
    }
    await retryOrPark(batch[0]!, failed.error);
  };

  const retryOrPark = async (event: RecordedEvent, firstError: unknown): Promise<void> => {
    const { projector, logger } = options;
    const limit = options.attempts ?? 3;
    let error = firstError;
    let attempts = 1;
    // Data errors get the same answer every time: parked at once. Anything else gets a few tries.
    while (classifyFailure(error) === 'unknown' && attempts < limit) {
      await pause((options.retryDelayMs ?? 100) * 2 ** (attempts - 1), options.signal);
      attempts += 1;
      const failed = await attempt([event]);
      if (!failed) return;
      error = failed.error;
    }
    await parkEvent(options.db, projector, options.stored?.position ?? position, event, error, attempts);
    position = event.position;
    if (options.stored) Object.assign(options.stored, { position, writtenAt: Date.now() });
    // One line: the parked row keeps the error, and a burst of poison events must not flood the log with stacks.
    const code = (error as { code?: unknown } | null)?.code;
    const reason = `${error instanceof Error ? error.message : String(error)}${typeof code === 'string' ? ` [${code}]` : ''}`;
    withCorrelation(event.metadata.correlationId, () =>
      logger.error(`Projector ${projector.name}: parked ${event.type} ${event.id} (${event.streamId}) after ${attempts} attempt(s), going on: ${reason}`),
    );
    await committed(event.position, [], true);
  };

  await isolate(events);
  return position;
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new Error('Stopped while retrying an event'));
    const onAbort = () => {
      clearTimeout(timer);
      reject(new Error('Stopped while retrying an event'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
