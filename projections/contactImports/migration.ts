import { sql, type Kysely } from 'kysely';
import type { ReadDatabase } from '../database';

export async function migrateContactImports(db: Kysely<ReadDatabase>): Promise<void> {
  await sql`
    create table if not exists read.contact_imports (
      id uuid primary key,
      company_id integer not null,
      file_name text not null,
      total integer not null,
      processed integer not null default 0,
      created integer not null default 0,
      updated integer not null default 0,
      refused integer not null default 0,
      refusals jsonb not null default '[]',
      started_at timestamptz not null,
      finished_at timestamptz,
      error text
    );
    create index if not exists contact_imports_company on read.contact_imports (company_id, started_at desc);
    comment on table read.contact_imports is 'Spreadsheet imports of contacts and how far each got (the progress bar of /contacts)';
    comment on column read.contact_imports.total is 'Contact rows under the header in the file; 0 until the worker has read it';
    comment on column read.contact_imports.processed is 'Rows with an outcome so far (created + updated + refused)';
    comment on column read.contact_imports.refusals is 'The refused rows in row order, the first CONTACT_IMPORT_REFUSALS_KEPT (row, number, outcome, reason)';
    comment on column read.contact_imports.finished_at is 'When the last row was done; null while running';
    comment on column read.contact_imports.error is 'The error code the worker refused the file with (no number column, too many rows, an archive bomb); null otherwise';
  `.execute(db);
}
