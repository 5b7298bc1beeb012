import type { Timestamp } from '../columns';

// Rows of the tables projections/notes/migration.ts creates, column for column.

export interface TicketNotesTable {
  id: number;
  company_id: number;
  ticket_id: number;
  contact_id: number;
  user_id: number;
  note: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The tables of the notes read model, as its queries name them. */
export interface NotesTables {
  'read.ticket_notes': TicketNotesTable;
}
