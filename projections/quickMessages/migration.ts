import type { Kysely } from 'kysely';
import type { ReadDatabase } from '../database';
import { boolean, companyKey, createTables, integer, stamps, text, type Tables } from '../ddl';

const tables: Tables = {
  'read.quick_messages': {
    comment: 'Quick replies: reusable messages attendants insert with a slash shortcode',
    columns: {
      ...companyKey,
      user_id: integer.notNull().comment('Author (read.users.id)'),
      shortcode: text.notNull().comment('What the attendant types after the slash'),
      message: text.notNull(),
      geral: boolean.notNull().comment('General: offered to every user of the company, not only to its author'),
      status: boolean.notNull().comment('Active: offered in the composer'),
      is_category: boolean.notNull().comment('A category entry that groups other quick messages'),
      category_id: integer.comment('The category entry this quick message belongs to (read.quick_messages.id)'),
      media_path: text.comment('URL of the attached file, if any'),
      media_name: text.comment("The attached file's name as uploaded"),
      media_type: text.comment('MIME type of the attached file'),
      media_size: integer,
      ...stamps,
    },
    indexes: {
      quick_messages_company: '(company_id, lower(shortcode))',
      quick_messages_author: '(company_id, user_id)',
    },
  },
};

export async function migrateQuickMessages(db: Kysely<ReadDatabase>): Promise<void> {
  await createTables(db, tables);
}
