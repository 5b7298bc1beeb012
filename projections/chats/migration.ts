import { sql, type Kysely } from 'kysely';
import type { ReadDatabase } from '../database';

export async function migrateChats(db: Kysely<ReadDatabase>): Promise<void> {
  await sql`
    create table if not exists read.chats (
      id integer primary key,
      uuid uuid not null,
      company_id integer not null,
      title text not null,
      owner_id integer not null,
      last_message text not null default '',
      created_at timestamptz not null,
      updated_at timestamptz not null,
      deleted boolean not null default false
    );
    create index if not exists chats_uuid on read.chats (uuid);
    comment on table read.chats is 'Internal chats among users of one company';
    comment on column read.chats.owner_id is 'User who created the chat: the only one who edits or deletes it';
    comment on column read.chats.last_message is 'Text of the newest message (a file''s name when it has no text)';
    comment on column read.chats.updated_at is 'Last change or message: the list shows the most recent first';
    comment on column read.chats.deleted is 'true: deleted by its owner; hidden from every read';

    create table if not exists read.chat_users (
      chat_id integer not null,
      user_id integer not null,
      company_id integer not null,
      unreads integer not null default 0,
      primary key (chat_id, user_id)
    );
    create index if not exists chat_users_user on read.chat_users (user_id, chat_id);
    comment on table read.chat_users is 'Members of each chat: who may read and post in it';
    comment on column read.chat_users.unreads is 'Messages of others posted since the member last opened the chat';

    create table if not exists read.chat_messages (
      id uuid primary key,
      chat_id integer not null,
      company_id integer not null,
      sender_id integer not null,
      message text not null,
      media_path text,
      media_name text,
      media_type text,
      created_at timestamptz not null
    );
    create index if not exists chat_messages_chat on read.chat_messages (chat_id, created_at desc, id desc);
    create index if not exists chat_messages_media on read.chat_messages (company_id, media_path) where media_path is not null;
    comment on table read.chat_messages is 'Messages of the internal chats';
    comment on column read.chat_messages.media_path is 'Media url of the attached file (the media store), null for text';
    comment on column read.chat_messages.media_name is 'The attached file''s original name';
    comment on column read.chat_messages.media_type is 'image, audio, video or other; null for text';
  `.execute(db);
}
