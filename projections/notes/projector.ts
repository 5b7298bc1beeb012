import { defineProjector } from '@conversa/platform';
import type { Transaction } from 'kysely';
import type { ReadDatabase } from '../database';
import { migrateTicketNotes } from './migration';

/**
 * read.ticket_notes. It publishes no socket frames: the original has no note event, and a
 * company-wide frame would show a note's text to users who may not see its ticket. The ticket
 * screen reloads its notes after adding or deleting one.
 */
export const ticketNotesProjector = defineProjector({
  name: 'ticket_notes',
  version: 1,
  eventTypes: ['TicketNoteAdded', 'TicketNoteDeleted'],
  tables: ['read.ticket_notes'],
  migrate: migrateTicketNotes,
  async handle(trx: Transaction<ReadDatabase>, events) {
    for (const event of events) {
      const { type, data } = event;
      const at = new Date(event.metadata.occurredAt);
      switch (type) {
        case 'TicketNoteAdded':
          await trx
            .insertInto('read.ticket_notes')
            .values({
              id: data.noteId,
              company_id: event.metadata.companyId,
              ticket_id: data.ticketId,
              contact_id: data.contactId,
              user_id: data.userId,
              note: data.note,
              created_at: at,
              updated_at: at,
            })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          break;
        case 'TicketNoteDeleted':
          await trx.deleteFrom('read.ticket_notes').where('id', '=', data.noteId).execute();
          break;
      }
    }
    return [];
  },
});
