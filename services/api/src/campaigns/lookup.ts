import type { CampaignLookup } from '@conversa/core';
import type { MediaStore } from '@conversa/media';
import { liveConnectionIds } from '@conversa/projections/connections/queries';
import { contactListSize } from '@conversa/projections/contactLists/queries';
import { findFileList } from '@conversa/projections/files/queries';
import type { ReadDatabase } from '@conversa/projections/database';
import type { Kysely } from 'kysely';

/** A campaign's readiness read from the read models and the media store (the routes and the engine share it). */
export function campaignLookup(db: Kysely<ReadDatabase>, media: Pick<MediaStore, 'describe'>): CampaignLookup {
  return {
    listSize: (companyId, contactListId) => contactListSize(db, companyId, contactListId),
    liveConnectionIds: (companyId, ids) => liveConnectionIds(db, companyId, ids),
    mediaExists: async (companyId, file) => Boolean(await media.describe(companyId, file.url)),
    fileListExists: async (companyId, fileListId) => Boolean(await findFileList(db, companyId, fileListId)),
  };
}
