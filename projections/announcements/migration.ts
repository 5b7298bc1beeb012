import type { Kysely } from 'kysely';
import type { ReadDatabase } from '../database';
import { boolean, createTables, deletedFlag, integer, smallint, stamps, text, type Tables } from '../ddl';

const tables: Tables = {
  'read.announcements': {
    comment: "The super user's announcements to every user of every company",
    columns: {
      id: integer.primaryKey(),
      title: text.notNull(),
      text: text.notNull(),
      priority: smallint.notNull().comment('1 high (red), 2 medium (orange), 3 low (grey)'),
      status: boolean.notNull().comment("true: active, shown in every user's popover"),
      media_path: text.comment("Media url of the attached image (png or jpeg), stored under the super user's company"),
      media_name: text,
      ...stamps,
      ...deletedFlag('true: deleted; hidden from every read'),
    },
    indexes: {
      announcements_media: '(media_path) where media_path is not null and not deleted',
    },
  },
  'read.announcement_reads': {
    comment: "Which user has seen which announcement (the popover's unread count)",
    columns: {
      announcement_id: integer.notNull(),
      user_id: integer.notNull(),
    },
    constraints: ['primary key (announcement_id, user_id)'],
  },
};

export async function migrateAnnouncements(db: Kysely<ReadDatabase>): Promise<void> {
  await createTables(db, tables);
}
