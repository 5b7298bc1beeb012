import { defineProjector } from '@conversa/platform';
import type { Transaction } from 'kysely';
import { fieldColumns } from '../columns';
import type { ReadDatabase } from '../database';
import { entityFrames } from '../frames';
import { migrateSchedules } from './migration';
import { findSchedule } from './queries';
import type { SchedulesTable } from './tables';

const fieldsRow = fieldColumns<SchedulesTable>()({ contactId: 'contact_id', body: 'body', sendAt: 'send_at', userId: 'user_id' });

/** read.schedules; frames `company-<id>-schedule` with {action, schedule} or {action: 'delete', scheduleId}. */
export const schedulesProjector = defineProjector({
  name: 'schedules',
  version: 1,
  eventTypes: ['ScheduleCreated', 'ScheduleChanged', 'ScheduleDeleted', 'ScheduleSent', 'ScheduleFailed'],
  tables: ['read.schedules'],
  migrate: migrateSchedules,
  async handle(trx: Transaction<ReadDatabase>, events) {
    const touched = new Map<number, { companyId: number; action: 'create' | 'update' | 'delete' }>();
    for (const event of events) {
      const { type, data } = event;
      const at = new Date(event.metadata.occurredAt);
      const id: number = data.scheduleId;
      const companyId = event.metadata.companyId;
      switch (type) {
        case 'ScheduleCreated':
          await trx
            .insertInto('read.schedules')
            .values({ id, company_id: companyId, ticket_id: data.ticketId, ...fieldsRow(data), status: 'PENDENTE', created_at: at, updated_at: at })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          touched.set(id, { companyId, action: 'create' });
          continue;
        case 'ScheduleChanged':
          await trx
            .updateTable('read.schedules')
            .set({ ...fieldsRow(data.changes), status: 'PENDENTE', failure_reason: null, updated_at: at })
            .where('id', '=', id)
            .execute();
          break;
        case 'ScheduleSent':
          await trx
            .updateTable('read.schedules')
            .set({ status: 'ENVIADA', sent_at: new Date(data.sentAt), message_id: data.messageId, sent_ticket_id: data.ticketId, failure_reason: null, updated_at: at })
            .where('id', '=', id)
            .execute();
          break;
        case 'ScheduleFailed':
          await trx.updateTable('read.schedules').set({ status: 'ERRO', failure_reason: data.reason, updated_at: at }).where('id', '=', id).execute();
          break;
        case 'ScheduleDeleted':
          await trx.deleteFrom('read.schedules').where('id', '=', id).execute();
          touched.set(id, { companyId, action: 'delete' });
          continue;
      }
      touched.set(id, { companyId, action: touched.get(id)?.action === 'create' ? 'create' : 'update' });
    }
    return entityFrames(touched, { entity: 'schedule', idKey: 'scheduleId', viewKey: 'schedule' }, (companyId, id) => findSchedule(trx, companyId, id));
  },
});
