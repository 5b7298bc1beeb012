import { sql, type Kysely } from 'kysely';
import type { ReadDatabase } from '../database';

export async function migrateTicketNotes(db: Kysely<ReadDatabase>): Promise<void> {
  await sql`
    create table if not exists read.ticket_notes (
      id integer primary key,
      company_id integer not null,
      ticket_id integer not null,
      contact_id integer not null,
      user_id integer not null,
      note text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    );
    create index if not exists ticket_notes_ticket on read.ticket_notes (company_id, ticket_id, created_at desc);
    comment on table read.ticket_notes is 'Internal notes attendants write on tickets (never sent to the contact); deleted notes are removed, their history stays in the event store';
    comment on column read.ticket_notes.ticket_id is 'The ticket the note is about (read.tickets.id)';
    comment on column read.ticket_notes.contact_id is 'The ticket''s contact when the note was written';
    comment on column read.ticket_notes.user_id is 'Author (read.users.id)';
    comment on column read.ticket_notes.note is 'The note''s text';
  `.execute(db);
}
