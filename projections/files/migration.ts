import type { Kysely } from 'kysely';
import type { ReadDatabase } from '../database';
import { companyKey, createTables, deletedFlag, integer, jsonb, stamps, text, type Tables } from '../ddl';

const tables: Tables = {
  'read.file_lists': {
    comment: 'Named sets of files sent together (queues, campaigns)',
    columns: {
      ...companyKey,
      name: text.notNull(),
      message: text.notNull(),
      user_id: integer.comment('Who created it'),
      options: jsonb.notNull().default('[]').comment('The files: [{ optionId, name, media: { url, name, mime, size } }] in the order added'),
      ...stamps,
      ...deletedFlag(),
    },
    indexes: {
      file_lists_company: '(company_id, lower(name)) where not deleted',
    },
  },
};

export async function migrateFileLists(db: Kysely<ReadDatabase>): Promise<void> {
  await createTables(db, tables);
}
