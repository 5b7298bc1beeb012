import { sql, type Kysely } from 'kysely';
import type { ReadDatabase } from '../database';

export async function migrateFileLists(db: Kysely<ReadDatabase>): Promise<void> {
  await sql`
    create table if not exists read.file_lists (
      id integer primary key,
      company_id integer not null,
      name text not null,
      message text not null,
      user_id integer,
      options jsonb not null default '[]',
      created_at timestamptz not null,
      updated_at timestamptz not null,
      deleted boolean not null default false
    );
    create index if not exists file_lists_company on read.file_lists (company_id, lower(name)) where not deleted;
    comment on table read.file_lists is 'Named sets of files sent together (queues, campaigns)';
    comment on column read.file_lists.options is 'The files: [{ optionId, name, media: { url, name, mime, size } }] in the order added';
    comment on column read.file_lists.user_id is 'Who created it';
  `.execute(db);
}
