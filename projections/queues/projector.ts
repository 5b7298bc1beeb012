import { defineProjector } from '@conversa/platform';
import type { Transaction } from 'kysely';
import { fieldColumns } from '../columns';
import type { ReadDatabase } from '../database';
import { entityFrames, type TouchedRecords } from '../frames';
import { recordRows, rowUpdater, touch } from '../records';
import { migrateQueues } from './migration';
import { findQueue } from './queries';
import type { QueueOptionsTable } from './tables';

const queueRows = recordRows({
  table: 'read.queues',
  id: 'queueId',
  created: 'QueueCreated',
  changed: 'QueueChanged',
  deleted: 'QueueDeleted',
  scope: 'company',
  deletion: 'flag',
  columns: {
    name: 'name',
    color: 'color',
    orderQueue: 'order_queue',
    ativarRoteador: 'ativar_roteador',
    tempoRoteador: 'tempo_roteador',
    greetingMessage: 'greeting_message',
    outOfHoursMessage: 'out_of_hours_message',
    closeTicket: 'close_ticket',
    integrationId: 'integration_id',
    fileListId: 'file_list_id',
    promptId: 'prompt_id',
    schedules: 'schedules',
  },
  // jsonb: pg would send a JS array as a Postgres array.
  encode: { schedules: JSON.stringify },
});

const optionColumns = fieldColumns<QueueOptionsTable>()({
  name: 'name',
  greetingMessage: 'greeting_message',
  queueType: 'queue_type',
  optQueueId: 'opt_queue_id',
  optUserId: 'opt_user_id',
  optIntegrationId: 'opt_integration_id',
  optFileId: 'opt_file_id',
  closeTicket: 'close_ticket',
});

/**
 * read.queues and read.queue_options. A change to a queue or to any of its options publishes the queue
 * with its whole option tree (`{action, queue}`), a deleted queue `{action: 'delete', queueId}`.
 */
export const queuesProjector = defineProjector({
  name: 'queues',
  version: 1,
  eventTypes: [...queueRows.eventTypes, 'ChatbotOptionAdded', 'ChatbotOptionChanged', 'ChatbotOptionRemoved'],
  tables: ['read.queues', 'read.queue_options'],
  migrate: migrateQueues,
  async handle(trx: Transaction<ReadDatabase>, events) {
    // A change to an option is one to its queue's tree: the queue's frame tells it.
    const touched: TouchedRecords = new Map();
    const updateOption = rowUpdater(trx, 'read.queue_options');
    const treeChanged = (queueId: number, companyId: number) => touch(touched, queueId, companyId, 'update');
    for (const event of events) {
      const at = new Date(event.metadata.occurredAt);
      const companyId = event.metadata.companyId;
      const { type, data } = event;
      if (await queueRows.apply(trx, event, touched)) {
        // A deleted queue's options go with it.
        if (type === 'QueueDeleted')
          await trx.updateTable('read.queue_options').set({ deleted: true, updated_at: at }).where('queue_id', '=', data.queueId).execute();
        continue;
      }
      switch (type) {
        case 'ChatbotOptionAdded':
          await trx
            .insertInto('read.queue_options')
            .values({
              id: data.optionId,
              company_id: companyId,
              queue_id: data.queueId,
              parent_id: data.parentId,
              ...optionColumns(data),
              created_at: at,
              updated_at: at,
            })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          treeChanged(data.queueId, companyId);
          break;
        case 'ChatbotOptionChanged':
          await updateOption(data.optionId, optionColumns(data.changes), at);
          treeChanged(data.queueId, companyId);
          break;
        case 'ChatbotOptionRemoved':
          await updateOption(data.optionId, { deleted: true }, at);
          treeChanged(data.queueId, companyId);
          break;
      }
    }
    return entityFrames(touched, { entity: 'queue', idKey: 'queueId', viewKey: 'queue' }, (companyId, id) => findQueue(trx, companyId, id));
  },
});
