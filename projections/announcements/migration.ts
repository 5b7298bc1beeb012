import { sql, type Kysely } from 'kysely';
import type { ReadDatabase } from '../database';

export async function migrateAnnouncements(db: Kysely<ReadDatabase>): Promise<void> {
  await sql`
    create table if not exists read.announcements (
      id integer primary key,
      title text not null,
      text text not null,
      priority smallint not null,
      status boolean not null,
      media_path text,
      media_name text,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      deleted boolean not null default false
    );
    create index if not exists announcements_media on read.announcements (media_path) where media_path is not null and not deleted;
    comment on table read.announcements is 'The super user''s announcements to every user of every company';
    comment on column read.announcements.priority is '1 high (red), 2 medium (orange), 3 low (grey)';
    comment on column read.announcements.status is 'true: active, shown in every user''s popover';
    comment on column read.announcements.media_path is 'Media url of the attached image (png or jpeg), stored under the super user''s company';
    comment on column read.announcements.deleted is 'true: deleted; hidden from every read';

    create table if not exists read.announcement_reads (
      announcement_id integer not null,
      user_id integer not null,
      primary key (announcement_id, user_id)
    );
    comment on table read.announcement_reads is 'Which user has seen which announcement (the popover''s unread count)';
  `.execute(db);
}
