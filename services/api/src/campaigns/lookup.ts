import type { CampaignLookup } from '@conversa/core';
import type { MediaStore } from '@conversa/media';
import { contactListSize } from '@conversa/projections/contactLists/queries';
import { findFileList } from '@conversa/projections/files/queries';
import type { ReadDatabase } from '@conversa/projections/database';
import type { Kysely } from 'kysely';

/** A campaign's readiness read from the read models and the media store (the routes and the engine share it). */
export function campaignLookup(db: Kysely<ReadDatabase>, media: Pick<MediaStore, 'describe'>): CampaignLookup {
  return {
    listSize: (companyId, contactListId) => contactListSize(db, companyId, contactListId),
    async liveConnectionIds(companyId, ids) {
      if (ids.length === 0) return [];
      const rows = await db.selectFrom('read.connections').select('id').where('company_id', '=', companyId).where('deleted', '=', false).where('id', 'in', [...ids]).execute();
      return rows.map((row) => row.id);
    },
    mediaExists: async (companyId, file) => Boolean(await media.describe(companyId, file.url)),
    fileListExists: async (companyId, fileListId) => Boolean(await findFileList(db, companyId, fileListId)),
  };
}
