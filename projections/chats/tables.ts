import type { Generated } from 'kysely';
import type { Timestamp } from '../columns';

// Rows of the tables projections/chats/migration.ts creates, column for column.

export interface ChatsTable {
  id: number;
  uuid: string;
  company_id: number;
  title: string;
  owner_id: number;
  last_message: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted: Generated<boolean>;
}

export interface ChatUsersTable {
  chat_id: number;
  user_id: number;
  company_id: number;
  unreads: Generated<number>;
}

export interface ChatMessagesTable {
  id: string;
  chat_id: number;
  company_id: number;
  sender_id: number;
  message: string;
  media_path: string | null;
  media_name: string | null;
  media_type: string | null;
  created_at: Timestamp;
}

/** The tables of the chats read model, as its queries name them. */
export interface ChatsTables {
  'read.chats': ChatsTable;
  'read.chat_users': ChatUsersTable;
  'read.chat_messages': ChatMessagesTable;
}
