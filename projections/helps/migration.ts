import { sql, type Kysely } from 'kysely';
import type { ReadDatabase } from '../database';

export async function migrateHelps(db: Kysely<ReadDatabase>): Promise<void> {
  await sql`
    create table if not exists read.helps (
      id integer primary key,
      title text not null,
      description text not null,
      video text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    );
    comment on table read.helps is 'Help entries (help videos) the super user keeps for every company; platform-wide, no company_id. Deleted entries are removed.';
    comment on column read.helps.title is 'Title shown on the help video card';
    comment on column read.helps.description is 'Text under the title; may be empty';
    comment on column read.helps.video is 'As typed by the super user: a YouTube code or link, a Vimeo link or an https video file link';
  `.execute(db);
}
