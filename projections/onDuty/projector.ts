import { recordProjector } from '../records';
import { migrateOnDuty } from './migration';
import { findOnDuty } from './queries';

/** The on-duty entries; announcements are the announcer reactor's business and stay on the log. */
export const onDutyProjector = recordProjector({
  name: 'onDuty',
  version: 1,
  table: 'read.on_duty',
  migrate: migrateOnDuty,
  id: 'onDutyId',
  created: 'OnDutyCreated',
  changed: 'OnDutyChanged',
  deleted: 'OnDutyDeleted',
  scope: 'company',
  deletion: 'flag',
  columns: { userId: 'user_id', phone: 'phone', interval: 'interval', days: 'days' },
  encode: { days: (days) => JSON.stringify(days) },
  frames: { entity: 'onDuty', idKey: 'onDutyId', viewKey: 'onDuty', find: findOnDuty },
});
