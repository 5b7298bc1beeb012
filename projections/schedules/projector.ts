import { recordProjector } from '../records';
import { migrateSchedules } from './migration';
import { findSchedule } from './queries';

/** read.schedules; frames `company-<id>-schedule` with {action, schedule} or {action: 'delete', scheduleId}. */
export const schedulesProjector = recordProjector({
  name: 'schedules',
  version: 1,
  table: 'read.schedules',
  migrate: migrateSchedules,
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
    ScheduleSent: (data) => ({ status: 'ENVIADA', sent_at: new Date(data.sentAt), message_id: data.messageId, sent_ticket_id: data.ticketId, failure_reason: null }),
    ScheduleFailed: (data) => ({ status: 'ERRO', failure_reason: data.reason }),
  },
  frames: { entity: 'schedule', idKey: 'scheduleId', viewKey: 'schedule', find: findSchedule },
});
