import { defineProjector } from '@conversa/platform';
import type { Transaction } from 'kysely';
import type { ReadDatabase } from '../database';
import { entityFrames, type TouchedRecords } from '../frames';
import { migrateOnDuty } from './migration';
import { findOnDuty } from './queries';

/** The on-duty entries; announcements are the announcer reactor's business and stay on the log. */
export const onDutyProjector = defineProjector({
  name: 'onDuty',
  version: 1,
  eventTypes: ['OnDutyCreated', 'OnDutyChanged', 'OnDutyDeleted'],
  tables: ['read.on_duty'],
  migrate: migrateOnDuty,
  async handle(trx: Transaction<ReadDatabase>, events) {
    const touched: TouchedRecords = new Map();
    for (const event of events) {
      const at = new Date(event.metadata.occurredAt);
      const companyId = event.metadata.companyId;
      const { type, data } = event;
      switch (type) {
        case 'OnDutyCreated':
          await trx
            .insertInto('read.on_duty')
            .values({ id: data.onDutyId, company_id: companyId, user_id: data.userId, phone: data.phone, interval: data.interval, days: JSON.stringify(data.days), created_at: at, updated_at: at })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          touched.set(data.onDutyId, { companyId, action: 'create' });
          break;
        case 'OnDutyChanged': {
          const { days, userId, ...rest } = data.changes;
          await trx
            .updateTable('read.on_duty')
            .set({ ...rest, ...(userId !== undefined ? { user_id: userId } : {}), ...(days !== undefined ? { days: JSON.stringify(days) } : {}), updated_at: at })
            .where('id', '=', data.onDutyId)
            .execute();
          touched.set(data.onDutyId, { companyId, action: touched.get(data.onDutyId)?.action ?? 'update' });
          break;
        }
        case 'OnDutyDeleted':
          await trx.updateTable('read.on_duty').set({ deleted: true, updated_at: at }).where('id', '=', data.onDutyId).execute();
          touched.set(data.onDutyId, { companyId, action: 'delete' });
          break;
      }
    }
    return entityFrames(touched, { entity: 'onDuty', idKey: 'onDutyId', viewKey: 'onDuty' }, (companyId, id) => findOnDuty(trx, companyId, id));
  },
});
