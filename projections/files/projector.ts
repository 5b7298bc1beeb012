import { sql } from 'kysely';
import { recordProjector } from '../records';
import { migrateFileLists } from './migration';
import { findFileList } from './queries';

export const fileListsProjector = recordProjector({
  name: 'fileLists',
  version: 1,
  table: 'read.file_lists',
  migrate: migrateFileLists,
  id: 'fileListId',
  created: 'FileListCreated',
  changed: 'FileListChanged',
  deleted: 'FileListDeleted',
  scope: 'company',
  deletion: 'flag',
  columns: { name: 'name', message: 'message', userId: 'user_id' },
  updates: {
    FileListOptionAdded: (data) => ({ options: sql`options || ${JSON.stringify([data.option])}::jsonb` }),
    FileListOptionRemoved: (data) => ({
      options: sql`(select coalesce(jsonb_agg(o), '[]'::jsonb) from jsonb_array_elements(options) o where o->>'optionId' <> ${data.optionId})`,
    }),
  },
  frames: { entity: 'files', idKey: 'fileId', viewKey: 'files', find: findFileList },
});
