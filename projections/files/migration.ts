import type { Kysely } from 'kysely';
import type { ReadDatabase } from '../database';
import { companyKey, createTables, deletedFlag, stamps, type Table } from '../ddl';

const fileLists: Table = {
  name: 'read.file_lists',
  comment: 'Named sets of files sent together (queues, campaigns)',
  columns: {
    ...companyKey,
    name: 'text not null',
    message: 'text not null',
    user_id: ['integer', 'Who created it'],
    options: ["jsonb not null default '[]'", 'The files: [{ optionId, name, media: { url, name, mime, size } }] in the order added'],
    ...stamps,
    ...deletedFlag(),
  },
  indexes: {
    file_lists_company: '(company_id, lower(name)) where not deleted',
  },
};

export async function migrateFileLists(db: Kysely<ReadDatabase>): Promise<void> {
  await createTables(db, fileLists);
}
