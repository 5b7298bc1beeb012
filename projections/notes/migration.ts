import type { Kysely } from 'kysely';
import type { ReadDatabase } from '../database';
import { companyKey, createTables, integer, stamps, text, type Tables } from '../ddl';

const tables: Tables = {
  'read.ticket_notes': {
    comment: 'Internal notes attendants write on tickets (never sent to the contact); deleted notes are removed, their history stays in the event store',
    columns: {
      ...companyKey,
      ticket_id: integer.notNull().comment('The ticket the note is about (read.tickets.id)'),
      contact_id: integer.notNull().comment("The ticket's contact when the note was written"),
      user_id: integer.notNull().comment('Author (read.users.id)'),
      note: text.notNull().comment("The note's text"),
      ...stamps,
    },
    indexes: {
      ticket_notes_ticket: '(company_id, ticket_id, created_at desc)',
    },
  },
};

export async function migrateTicketNotes(db: Kysely<ReadDatabase>): Promise<void> {
  await createTables(db, tables);
}
