import type { Generated } from 'kysely';
import type { Timestamp } from '../columns';

// Rows of the tables projections/tags/migration.ts creates, column for column.

export interface TagsTable {
  id: number;
  company_id: number;
  name: string;
  color: string;
  kanban: number;
  user_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted: Generated<boolean>;
}

/** The tables of the tags read model, as its queries name them. */
export interface TagsTables {
  'read.tags': TagsTable;
}
