import { defineProjector } from '@conversa/platform';
import type { Transaction } from 'kysely';
import { fieldColumns } from '../columns';
import type { ReadDatabase } from '../database';
import { entityFrames } from '../frames';
import { migrateQuickMessages } from './migration';
import { findQuickMessage } from './queries';
import type { QuickMessagesTable } from './tables';

const fieldsRow = fieldColumns<QuickMessagesTable>()({
  shortcode: 'shortcode',
  message: 'message',
  geral: 'geral',
  status: 'status',
  isCategory: 'is_category',
  categoryId: 'category_id',
});

/** read.quick_messages; frames `company-<id>-quickmessage` with {action, record} or {action: 'delete', id}. */
export const quickMessagesProjector = defineProjector({
  name: 'quick_messages',
  version: 1,
  eventTypes: ['QuickMessageCreated', 'QuickMessageChanged', 'QuickMessageDeleted', 'QuickMessageMediaAttached', 'QuickMessageMediaRemoved'],
  tables: ['read.quick_messages'],
  migrate: migrateQuickMessages,
  async handle(trx: Transaction<ReadDatabase>, events) {
    const touched = new Map<number, { companyId: number; action: 'create' | 'update' | 'delete' }>();
    for (const event of events) {
      const { type, data } = event;
      const at = new Date(event.metadata.occurredAt);
      const id: number = data.quickMessageId;
      const companyId = event.metadata.companyId;
      switch (type) {
        case 'QuickMessageCreated':
          await trx
            .insertInto('read.quick_messages')
            .values({ id, company_id: companyId, user_id: data.userId, ...fieldsRow(data), created_at: at, updated_at: at })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          touched.set(id, { companyId, action: 'create' });
          continue;
        case 'QuickMessageChanged':
          await trx.updateTable('read.quick_messages').set({ ...fieldsRow(data.changes), updated_at: at }).where('id', '=', id).execute();
          break;
        case 'QuickMessageMediaAttached':
          await trx
            .updateTable('read.quick_messages')
            .set({ media_path: data.media.url, media_name: data.originalName, media_type: data.media.mime, media_size: data.media.size, updated_at: at })
            .where('id', '=', id)
            .execute();
          break;
        case 'QuickMessageMediaRemoved':
          await trx.updateTable('read.quick_messages').set({ media_path: null, media_name: null, media_type: null, media_size: null, updated_at: at }).where('id', '=', id).execute();
          break;
        case 'QuickMessageDeleted':
          await trx.deleteFrom('read.quick_messages').where('id', '=', id).execute();
          touched.set(id, { companyId, action: 'delete' });
          continue;
      }
      touched.set(id, { companyId, action: touched.get(id)?.action === 'create' ? 'create' : 'update' });
    }
    return entityFrames(touched, { entity: 'quickmessage', idKey: 'id', viewKey: 'record' }, (companyId, id) => findQuickMessage(trx, companyId, id));
  },
});
