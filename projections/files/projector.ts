import { defineProjector } from '@conversa/platform';
import { sql, type Transaction } from 'kysely';
import type { ReadDatabase } from '../database';
import { entityFrames, type TouchedRecords } from '../frames';
import { migrateFileLists } from './migration';
import { findFileList } from './queries';

export const fileListsProjector = defineProjector({
  name: 'fileLists',
  version: 1,
  eventTypes: ['FileListCreated', 'FileListChanged', 'FileListDeleted', 'FileListOptionAdded', 'FileListOptionRemoved'],
  tables: ['read.file_lists'],
  migrate: migrateFileLists,
  async handle(trx: Transaction<ReadDatabase>, events) {
    const touched: TouchedRecords = new Map();
    for (const event of events) {
      const at = new Date(event.metadata.occurredAt);
      const companyId = event.metadata.companyId;
      const id = event.data.fileListId;
      const update = trx.updateTable('read.file_lists').where('id', '=', id);
      switch (event.type) {
        case 'FileListCreated':
          await trx.insertInto('read.file_lists').values({ id, company_id: companyId, name: event.data.name, message: event.data.message, user_id: event.data.userId, created_at: at, updated_at: at }).onConflict((oc) => oc.column('id').doNothing()).execute();
          break;
        case 'FileListChanged':
          await update.set({ ...event.data.changes, updated_at: at }).execute();
          break;
        case 'FileListDeleted':
          await update.set({ deleted: true, updated_at: at }).execute();
          break;
        case 'FileListOptionAdded':
          await update.set({ options: sql`options || ${JSON.stringify([event.data.option])}::jsonb` as never, updated_at: at }).execute();
          break;
        case 'FileListOptionRemoved':
          await update.set({ options: sql`(select coalesce(jsonb_agg(o), '[]'::jsonb) from jsonb_array_elements(options) o where o->>'optionId' <> ${event.data.optionId})` as never, updated_at: at }).execute();
          break;
      }
      const before = touched.get(id)?.action;
      touched.set(id, { companyId, action: event.type === 'FileListDeleted' ? 'delete' : event.type === 'FileListCreated' ? 'create' : (before ?? 'update') });
    }
    return entityFrames(touched, { entity: 'files', idKey: 'fileId', viewKey: 'files' }, (companyId, id) => findFileList(trx, companyId, id));
  },
});
