import type { Kysely } from 'kysely';
import type { ReadDatabase } from '../database';
import { companyKey, createTables, stamps, type Table } from '../ddl';

const quickMessages: Table = {
  name: 'read.quick_messages',
  comment: 'Quick replies: reusable messages attendants insert with a slash shortcode',
  columns: {
    ...companyKey,
    user_id: ['integer not null', 'Author (read.users.id)'],
    shortcode: ['text not null', 'What the attendant types after the slash'],
    message: 'text not null',
    geral: ['boolean not null', 'General: offered to every user of the company, not only to its author'],
    status: ['boolean not null', 'Active: offered in the composer'],
    is_category: ['boolean not null', 'A category entry that groups other quick messages'],
    category_id: ['integer', 'The category entry this quick message belongs to (read.quick_messages.id)'],
    media_path: ['text', 'URL of the attached file, if any'],
    media_name: ['text', "The attached file's name as uploaded"],
    media_type: ['text', 'MIME type of the attached file'],
    media_size: 'integer',
    ...stamps,
  },
  indexes: {
    quick_messages_company: '(company_id, lower(shortcode))',
    quick_messages_author: '(company_id, user_id)',
  },
};

export async function migrateQuickMessages(db: Kysely<ReadDatabase>): Promise<void> {
  await createTables(db, quickMessages);
}
