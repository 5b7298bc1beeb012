import { sql, type Kysely } from 'kysely';
import type { ReadDatabase } from '../database';

export async function migrateQuickMessages(db: Kysely<ReadDatabase>): Promise<void> {
  await sql`
    create table if not exists read.quick_messages (
      id integer primary key,
      company_id integer not null,
      user_id integer not null,
      shortcode text not null,
      message text not null,
      geral boolean not null,
      status boolean not null,
      is_category boolean not null,
      category_id integer,
      media_path text,
      media_name text,
      media_type text,
      media_size integer,
      created_at timestamptz not null,
      updated_at timestamptz not null
    );
    create index if not exists quick_messages_company on read.quick_messages (company_id, lower(shortcode));
    create index if not exists quick_messages_author on read.quick_messages (company_id, user_id);
    comment on table read.quick_messages is 'Quick replies: reusable messages attendants insert with a slash shortcode';
    comment on column read.quick_messages.user_id is 'Author (read.users.id)';
    comment on column read.quick_messages.shortcode is 'What the attendant types after the slash';
    comment on column read.quick_messages.geral is 'General: offered to every user of the company, not only to its author';
    comment on column read.quick_messages.status is 'Active: offered in the composer';
    comment on column read.quick_messages.is_category is 'A category entry that groups other quick messages';
    comment on column read.quick_messages.category_id is 'The category entry this quick message belongs to (read.quick_messages.id)';
    comment on column read.quick_messages.media_path is 'URL of the attached file, if any';
    comment on column read.quick_messages.media_name is 'The attached file''s name as uploaded';
    comment on column read.quick_messages.media_type is 'MIME type of the attached file';
  `.execute(db);
}
