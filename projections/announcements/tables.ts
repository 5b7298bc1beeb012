import type { Generated } from 'kysely';
import type { Timestamp } from '../columns';

// Rows of the tables projections/announcements/migration.ts creates, column for column.

export interface AnnouncementsTable {
  id: number;
  title: string;
  text: string;
  priority: number;
  status: boolean;
  media_path: string | null;
  media_name: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted: Generated<boolean>;
}

export interface AnnouncementReadsTable {
  announcement_id: number;
  user_id: number;
}

/** The tables of the announcements read model, as its queries name them. */
export interface AnnouncementsTables {
  'read.announcements': AnnouncementsTable;
  'read.announcement_reads': AnnouncementReadsTable;
}
