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
  tickets_count: Generated<number>;
}

export interface TagContactsTable {
  company_id: number;
  contact_id: number;
  tag_id: number;
}

export interface TagTicketsTable {
  ticket_id: number;
  company_id: number;
  contact_id: number;
}

/** The tables of the tags read model, as its queries name them. */
export interface TagsTables {
  'read.tags': TagsTable;
  'read.tag_contacts': TagContactsTable;
  'read.tag_tickets': TagTicketsTable;
}
