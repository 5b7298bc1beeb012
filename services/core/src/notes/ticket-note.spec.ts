import type { TicketNoteEvent } from '@conversa/contracts';
import { describe, it } from 'vitest';
import { spec } from '../commands/spec';
import { ticketNote } from './ticket-note';

const added: TicketNoteEvent = { type: 'TicketNoteAdded', data: { noteId: 5, ticketId: 9, contactId: 4, userId: 2, note: 'Cliente pediu retorno' } };
const add = { type: 'AddTicketNote', noteId: 5, ticketId: 9, contactId: 4, userId: 2 } as const;

describe('ticket note decider', () => {
  it('adds a note, trimmed', () => {
    spec(ticketNote)
      .given([])
      .when({ ...add, note: '  Cliente pediu retorno \n' })
      .then([added]);
  });

  it('refuses a note under 2 characters, counting without the blanks around it', () => {
    spec(ticketNote)
      .given([])
      .when({ ...add, note: ' x ' })
      .thenThrows('ERR_VALIDATION');
  });

  it('refuses to add the same note twice', () => {
    spec(ticketNote)
      .given([added])
      .when({ ...add, note: 'again' })
      .thenThrows('ERR_VALIDATION');
  });

  it('lets the author delete it', () => {
    spec(ticketNote)
      .given([added])
      .when({ type: 'DeleteTicketNote', by: { userId: 2, admin: false } })
      .then([{ type: 'TicketNoteDeleted', data: { noteId: 5, ticketId: 9, deletedBy: 2 } }]);
  });

  it('lets an administrator delete anyone’s note', () => {
    spec(ticketNote)
      .given([added])
      .when({ type: 'DeleteTicketNote', by: { userId: 7, admin: true } })
      .then([{ type: 'TicketNoteDeleted', data: { noteId: 5, ticketId: 9, deletedBy: 7 } }]);
  });

  it('refuses another plain user', () => {
    spec(ticketNote)
      .given([added])
      .when({ type: 'DeleteTicketNote', by: { userId: 7, admin: false } })
      .thenThrows('ERR_NO_PERMISSION');
  });

  it('answers not found for a deleted or unknown note', () => {
    spec(ticketNote)
      .given([added, { type: 'TicketNoteDeleted', data: { noteId: 5, ticketId: 9, deletedBy: 2 } }])
      .when({ type: 'DeleteTicketNote', by: { userId: 2, admin: false } })
      .thenThrows('ERR_NO_TICKETNOTE_FOUND');
    spec(ticketNote)
      .given([])
      .when({ type: 'DeleteTicketNote', by: { userId: 2, admin: true } })
      .thenThrows('ERR_NO_TICKETNOTE_FOUND');
  });
});
