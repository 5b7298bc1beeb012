import type { Position } from '@conversa/contracts';
import { defineReactor, forgetCompanyFrames, type Projector } from '@conversa/platform';
import type { Kysely } from 'kysely';
import type { ReadDatabase } from '@conversa/projections/database';

/**
 * LGPD erasure reaches the frames kept for resuming sockets (projection.frame_outbox, FRAMES_WINDOW_MS): once every
 * read model has applied the ContactErased (so no frame naming the contact is still to come), the company's published
 * frames go. Sockets resuming from before read their screens again. Idempotent: a batch replayed after a crash only
 * deletes what came since.
 */
export function createFramesErasure(options: { db: Kysely<ReadDatabase>; readModelsAt(position: Position): Promise<void> }): Projector {
  return defineReactor({
    name: 'frames-erasure',
    eventTypes: ['ContactErased'],
    async react(events) {
      const last = events.at(-1);
      if (!last) return;
      // A read model stuck past the bound only delays the scrub to the window's own pruning.
      await options.readModelsAt(last.position).catch(() => undefined);
      for (const companyId of new Set(events.map((event) => event.metadata.companyId))) await forgetCompanyFrames(options.db, companyId);
    },
  });
}
