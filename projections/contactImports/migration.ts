import type { Kysely } from 'kysely';
import type { ReadDatabase } from '../database';
import { createTables, integer, jsonb, text, timestamptz, uuid, type Tables } from '../ddl';

const tables: Tables = {
  'read.contact_imports': {
    comment: 'Spreadsheet imports of contacts and how far each got (the progress bar of /contacts)',
    columns: {
      id: uuid.primaryKey(),
      company_id: integer.notNull(),
      file_name: text.notNull(),
      total: integer.notNull().comment('Contact rows under the header in the file; 0 until the worker has read it'),
      processed: integer.notNull().default(0).comment('Rows with an outcome so far (created + updated + refused)'),
      created: integer.notNull().default(0),
      updated: integer.notNull().default(0),
      refused: integer.notNull().default(0),
      refusals: jsonb.notNull().default('[]').comment('The refused rows in row order, the first CONTACT_IMPORT_REFUSALS_KEPT (row, number, outcome, reason)'),
      started_at: timestamptz.notNull(),
      finished_at: timestamptz.comment('When the last row was done; null while running'),
      error: text.comment('The error code the worker refused the file with (no number column, too many rows, an archive bomb); null otherwise'),
    },
    indexes: {
      contact_imports_company: '(company_id, started_at desc)',
    },
  },
};

export async function migrateContactImports(db: Kysely<ReadDatabase>): Promise<void> {
  await createTables(db, tables);
}
