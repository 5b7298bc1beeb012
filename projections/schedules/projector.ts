import { defineProjector } from '@conversa/platform';
import type { Transaction } from 'kysely';
import type { ReadDatabase } from '../database';
import { entityFrames, type TouchedRecords } from '../frames';
import { recordRows, touch } from '../records';
import { migrateSchedules } from './migration';
import { findSchedule } from './queries';

const scheduleRows = recordRows({
  table: 'read.schedules',
  id: 'scheduleId',
  created: 'ScheduleCreated',
  changed: 'ScheduleChanged',
  deleted: 'ScheduleDeleted',
  scope: 'company',
  deletion: 'row',
  columns: { ticketId: 'ticket_id', contactId: 'contact_id', body: 'body', sendAt: 'send_at', userId: 'user_id' },
  createdColumns: () => ({ status: 'PENDENTE' }),
  // An edit of a failed schedule puts it back in line.
  changedColumns: () => ({ status: 'PENDENTE', failure_reason: null }),
  updates: {
    ScheduleSent: (data) => ({
      status: 'ENVIADA',
      sent_at: new Date(data.sentAt),
      message_id: data.messageId,
      sent_ticket_id: data.ticketId,
      failure_reason: null,
    }),
    ScheduleFailed: (data) => ({ status: 'ERRO', failure_reason: data.reason }),
  },
});

/** read.schedules; frames `company-<id>-schedule` with {action, schedule} or {action: 'delete', scheduleId}. */
export const schedulesProjector = defineProjector({
  name: 'schedules',
  version: 1,
  eventTypes: [...scheduleRows.eventTypes, 'ContactErased'],
  tables: ['read.schedules'],
  migrate: migrateSchedules,
  async handle(trx: Transaction<ReadDatabase>, events) {
    const touched: TouchedRecords = new Map();
    for (const event of events) {
      if (await scheduleRows.apply(trx, event, touched)) continue;
      if (event.type === 'ContactErased') {
        // LGPD erasure: the contact's scheduled messages go, sent or not (their text is to and about that person).
        const gone = await trx
          .deleteFrom('read.schedules')
          .where('contact_id', '=', event.data.contactId)
          .where('company_id', '=', event.metadata.companyId)
          .returning('id')
          .execute();
        for (const row of gone) touch(touched, row.id, event.metadata.companyId, 'delete');
      }
    }
    return entityFrames(touched, { entity: 'schedule', idKey: 'scheduleId', viewKey: 'schedule' }, (companyId, id) => findSchedule(trx, companyId, id));
  },
});
