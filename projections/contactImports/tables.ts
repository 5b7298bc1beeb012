import type { ContactImportRowResult } from '@conversa/contracts';
import type { Generated } from 'kysely';
import type { Json, Timestamp } from '../columns';

// Rows of the table projections/contactImports/migration.ts creates, column for column.

export interface ContactImportsTable {
  id: string;
  company_id: number;
  file_name: string;
  total: number;
  processed: Generated<number>;
  created: Generated<number>;
  updated: Generated<number>;
  refused: Generated<number>;
  refusals: Json<ContactImportRowResult[]>;
  started_at: Timestamp;
  finished_at: Timestamp | null;
  error: Generated<string | null>;
}

/** The tables of the contact imports read model, as its queries name them. */
export interface ContactImportsTables {
  'read.contact_imports': ContactImportsTable;
}
