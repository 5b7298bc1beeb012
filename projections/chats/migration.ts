import type { Kysely } from 'kysely';
import type { ReadDatabase } from '../database';
import { createTables, deletedFlag, integer, text, timestamptz, uuid, type Tables } from '../ddl';

const tables: Tables = {
  'read.chats': {
    comment: 'Internal chats among users of one company',
    columns: {
      id: integer.primaryKey(),
      uuid: uuid.notNull(),
      company_id: integer.notNull(),
      title: text.notNull(),
      owner_id: integer.notNull().comment('User who created the chat: the only one who edits or deletes it'),
      last_message: text.notNull().default('').comment("Text of the newest message (a file's name when it has no text)"),
      created_at: timestamptz.notNull(),
      updated_at: timestamptz.notNull().comment('Last change or message: the list shows the most recent first'),
      ...deletedFlag('true: deleted by its owner; hidden from every read'),
    },
    indexes: {
      chats_uuid: '(uuid)',
    },
  },
  'read.chat_users': {
    comment: 'Members of each chat: who may read and post in it',
    columns: {
      chat_id: integer.notNull(),
      user_id: integer.notNull(),
      company_id: integer.notNull(),
      unreads: integer.notNull().default(0).comment('Messages of others posted since the member last opened the chat'),
    },
    constraints: ['primary key (chat_id, user_id)'],
    indexes: {
      chat_users_user: '(user_id, chat_id)',
    },
  },
  'read.chat_messages': {
    comment: 'Messages of the internal chats',
    columns: {
      id: uuid.primaryKey(),
      chat_id: integer.notNull(),
      company_id: integer.notNull(),
      sender_id: integer.notNull(),
      message: text.notNull(),
      media_path: text.comment('Media url of the attached file (the media store), null for text'),
      media_name: text.comment("The attached file's original name"),
      media_type: text.comment('image, audio, video or other; null for text'),
      created_at: timestamptz.notNull(),
    },
    indexes: {
      chat_messages_chat: '(chat_id, created_at desc, id desc)',
      chat_messages_media: '(company_id, media_path) where media_path is not null',
    },
  },
};

export async function migrateChats(db: Kysely<ReadDatabase>): Promise<void> {
  await createTables(db, tables);
}
