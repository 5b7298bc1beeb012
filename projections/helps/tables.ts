import type { Timestamp } from '../columns';

// Rows of the tables projections/helps/migration.ts creates, column for column.

export interface HelpsTable {
  id: number;
  title: string;
  description: string;
  video: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The tables of the helps read model, as its queries name them. */
export interface HelpsTables {
  'read.helps': HelpsTable;
}
