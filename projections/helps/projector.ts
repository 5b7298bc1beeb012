import { recordProjector } from '../records';
import { migrateHelps } from './migration';

// Help entries are platform-wide: frames go out per company, so there is no subject to publish on;
// screens read the list again after their own writes.
export const helpsProjector = recordProjector({
  name: 'helps',
  version: 1,
  table: 'read.helps',
  migrate: migrateHelps,
  id: 'helpId',
  created: 'HelpCreated',
  changed: 'HelpChanged',
  deleted: 'HelpDeleted',
  scope: 'platform',
  deletion: 'row',
  columns: { title: 'title', description: 'description', video: 'video' },
});
