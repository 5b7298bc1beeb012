import type { Kysely } from 'kysely';
import type { ReadDatabase } from '../database';
import { createTables, type Table } from '../ddl';

const contactImports: Table = {
  name: 'read.contact_imports',
  comment: 'Spreadsheet imports of contacts and how far each got (the progress bar of /contacts)',
  columns: {
    id: 'uuid primary key',
    company_id: 'integer not null',
    file_name: 'text not null',
    total: ['integer not null', 'Contact rows under the header in the file; 0 until the worker has read it'],
    processed: ['integer not null default 0', 'Rows with an outcome so far (created + updated + refused)'],
    created: 'integer not null default 0',
    updated: 'integer not null default 0',
    refused: 'integer not null default 0',
    refusals: ["jsonb not null default '[]'", 'The refused rows in row order, the first CONTACT_IMPORT_REFUSALS_KEPT (row, number, outcome, reason)'],
    started_at: 'timestamptz not null',
    finished_at: ['timestamptz', 'When the last row was done; null while running'],
    error: ['text', 'The error code the worker refused the file with (no number column, too many rows, an archive bomb); null otherwise'],
  },
  indexes: {
    contact_imports_company: '(company_id, started_at desc)',
  },
};

export async function migrateContactImports(db: Kysely<ReadDatabase>): Promise<void> {
  await createTables(db, contactImports);
}
