import type { Kysely } from 'kysely';
import type { ReadDatabase } from '../database';
import { createTables, stamps, type Table } from '../ddl';

const helps: Table = {
  name: 'read.helps',
  comment: 'Help entries (help videos) the super user keeps for every company; platform-wide, no company_id. Deleted entries are removed.',
  columns: {
    id: 'integer primary key',
    title: ['text not null', 'Title shown on the help video card'],
    description: ['text not null', 'Text under the title; may be empty'],
    video: ['text not null', 'As typed by the super user: a YouTube code or link, a Vimeo link or an https video file link'],
    ...stamps,
  },
};

export async function migrateHelps(db: Kysely<ReadDatabase>): Promise<void> {
  await createTables(db, helps);
}
