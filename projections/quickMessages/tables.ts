import type { Timestamp } from '../columns';

// Rows of the tables projections/quickMessages/migration.ts creates, column for column.

export interface QuickMessagesTable {
  id: number;
  company_id: number;
  user_id: number;
  shortcode: string;
  message: string;
  geral: boolean;
  status: boolean;
  is_category: boolean;
  category_id: number | null;
  media_path: string | null;
  media_name: string | null;
  media_type: string | null;
  media_size: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The tables of the quickMessages read model, as its queries name them. */
export interface QuickMessagesTables {
  'read.quick_messages': QuickMessagesTable;
}
