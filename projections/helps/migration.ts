import type { Kysely } from 'kysely';
import type { ReadDatabase } from '../database';
import { createTables, integer, stamps, text, type Tables } from '../ddl';

const tables: Tables = {
  'read.helps': {
    comment: 'Help entries (help videos) the super user keeps for every company; platform-wide, no company_id. Deleted entries are removed.',
    columns: {
      id: integer.primaryKey(),
      title: text.notNull().comment('Title shown on the help video card'),
      description: text.notNull().comment('Text under the title; may be empty'),
      video: text.notNull().comment('As typed by the super user: a YouTube code or link, a Vimeo link or an https video file link'),
      ...stamps,
    },
  },
};

export async function migrateHelps(db: Kysely<ReadDatabase>): Promise<void> {
  await createTables(db, tables);
}
