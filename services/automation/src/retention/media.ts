import type { Position, RecordedProductEvent } from '@conversa/contracts';
import { expiredMediaOf } from '@conversa/projections/messages/maintenance';
import type { ReadDatabase } from '@conversa/projections/database';
import { defineReactor, type Projector } from '@conversa/platform';
import type { Kysely } from 'kysely';

const PAGE = 500;

/** What the reactor needs of the media store. */
export interface ExpiredMediaStore {
  remove(companyId: number, url: string): Promise<void>;
}

/**
 * retention-media: after a MessageContentsExpired, the files the messages read model took from the
 * company's contacts' messages are deleted from the media store. It waits (bounded) until that read
 * model holds the run; deleting a file already gone is a no-op, so a replayed batch is harmless.
 */
export function createRetentionMediaReactor(options: {
  db: Kysely<ReadDatabase>;
  media: ExpiredMediaStore;
  messagesAt(position: Position): Promise<void>;
}): Projector {
  return defineReactor({
    name: 'retention-media',
    eventTypes: ['MessageContentsExpired'],
    async react(events) {
      for (const event of events as RecordedProductEvent<'MessageContentsExpired'>[]) {
        await options.messagesAt(event.position);
        const { companyId, before } = event.data;
        for (let after = ''; ;) {
          const urls = await expiredMediaOf(options.db, companyId, before, after, PAGE);
          for (const url of urls) await options.media.remove(companyId, url);
          if (urls.length < PAGE) break;
          after = urls.at(-1)!;
        }
      }
    },
  });
}
