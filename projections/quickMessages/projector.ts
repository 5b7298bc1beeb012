import { recordProjector } from '../records';
import { migrateQuickMessages } from './migration';
import { findQuickMessage } from './queries';

/** read.quick_messages; frames `company-<id>-quickmessage` with {action, record} or {action: 'delete', id}. */
export const quickMessagesProjector = recordProjector({
  name: 'quick_messages',
  version: 1,
  table: 'read.quick_messages',
  migrate: migrateQuickMessages,
  id: 'quickMessageId',
  created: 'QuickMessageCreated',
  changed: 'QuickMessageChanged',
  deleted: 'QuickMessageDeleted',
  scope: 'company',
  deletion: 'row',
  columns: {
    userId: 'user_id',
    shortcode: 'shortcode',
    message: 'message',
    geral: 'geral',
    status: 'status',
    isCategory: 'is_category',
    categoryId: 'category_id',
  },
  updates: {
    QuickMessageMediaAttached: (data) => ({
      media_path: data.media.url,
      media_name: data.originalName,
      media_type: data.media.mime,
      media_size: data.media.size,
    }),
    QuickMessageMediaRemoved: () => ({ media_path: null, media_name: null, media_type: null, media_size: null }),
  },
  frames: { entity: 'quickmessage', idKey: 'id', viewKey: 'record', find: findQuickMessage },
});
