import type { FileOption } from '@conversa/contracts';
import type { Generated } from 'kysely';
import type { JsonWithDefault, Timestamp } from '../columns';

// Rows of the table projections/files/migration.ts creates, column for column.
export interface FileListsTable {
  id: number;
  company_id: number;
  name: string;
  message: string;
  user_id: number | null;
  options: JsonWithDefault<FileOption[]>;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted: Generated<boolean>;
}

export interface FileListsTables {
  'read.file_lists': FileListsTable;
}
