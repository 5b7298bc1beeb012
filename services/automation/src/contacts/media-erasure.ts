import type { Position } from '@conversa/contracts';
import type { ReadDatabase } from '@conversa/projections/database';
import { defineReactor, type LeasedWorker, type Projector } from '@conversa/platform';
import { erasedMediaDone, erasedMediaQueue } from '@conversa/projections/messages/maintenance';
import type { Kysely } from 'kysely';
import { leasedJob, type JobOptions } from '../scheduler';

/** `everyMs`: without a wake, how often the queue is looked at (default 30 s). */
export interface MediaErasureDeps extends JobOptions {
  db: Kysely<ReadDatabase>;
  /** Deletes a file from the media store; a file already gone is no error. */
  removeFile(companyId: number, url: string): Promise<void>;
  /** Resolves once the messages read model holds the log up to there (its erased_media rows are then written). */
  messagesAt?(position: Position): Promise<void>;
}

/** One worker in the cluster deletes erased contacts' files. */
export const MEDIA_ERASURE_LEASE = 'automation.media-erasure';
/** Files one pass deletes before it lets the next pass follow. */
const FILES_PER_PASS = 500;
/** Postgres' undefined_table. */
const UNDEFINED_TABLE = '42P01';

export interface MediaErasure {
  /** The leased worker (started where the reactors run). */
  worker: LeasedWorker;
  /** Wakes the worker on ContactErased, once the messages read model has queued the contact's files. */
  wakeUp: Projector;
}

/**
 * LGPD erasure of a contact's media: the messages read model queues the files of the erased contact's messages
 * (read.erased_media, messages still in flight included) and this leased worker deletes them from the media
 * store, then their rows. Idempotent and resumable: a file is deleted before its row, so a crash between the two
 * only deletes it again; a rebuild of the read model queues the same files, deleted again as nothing. A file
 * another (not erased) message still shows is kept: only its row goes.
 */
export function createMediaErasure(deps: MediaErasureDeps): MediaErasure {
  const { db } = deps;
  const worker = leasedJob(deps, {
    lease: MEDIA_ERASURE_LEASE,
    name: 'media-erasure',
    everyMs: 30_000,
    async pass({ signal, report }) {
      const queued = await erasedMediaQueue(db, FILES_PER_PASS).catch((error: unknown) => {
        // A first start: the messages read model has not made its tables yet, so nothing can be queued.
        if ((error as { code?: string }).code === UNDEFINED_TABLE) return [];
        throw error;
      });
      let deleted = 0;
      for (const file of queued) {
        if (signal.aborted) break;
        if (!file.shared) await deps.removeFile(file.companyId, file.mediaUrl);
        await erasedMediaDone(db, file.companyId, file.mediaUrl);
        deleted += file.shared ? 0 : 1;
        report({ deleted });
      }
      return { deleted, again: queued.length === FILES_PER_PASS };
    },
  });
  return {
    worker,
    wakeUp: defineReactor({
      name: 'media-erasure',
      eventTypes: ['ContactErased'],
      // Files queued before the first start are found by the worker's own polls.
      startFrom: 'now',
      async react(events) {
        const last = events[events.length - 1];
        if (last && deps.messagesAt) await deps.messagesAt(last.position).catch(() => undefined);
        worker.wake();
      },
    }),
  };
}
