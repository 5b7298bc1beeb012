import { DomainError, NOTE_MAX_LENGTH, NOTE_MIN_LENGTH, type TicketNoteEvent } from '@conversa/contracts';
import type { Decider } from '../commands/decider';

export type TicketNote = { status: 'none' } | { status: 'active' | 'deleted'; noteId: number; ticketId: number; contactId: number; userId: number };

/** Who asks to delete: the note's author, or an administrator (admin profile or super user), may. */
export interface NoteDeleter {
  userId: number;
  admin: boolean;
}

export type TicketNoteCommand =
  { type: 'AddTicketNote'; noteId: number; ticketId: number; contactId: number; userId: number; note: string } | { type: 'DeleteTicketNote'; by: NoteDeleter };

/**
 * One internal note on a ticket. The ticket's existence and company are
 * checked by the caller against the read model; the note's own rules live here.
 */
export const ticketNote: Decider<TicketNote, TicketNoteCommand, TicketNoteEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    switch (event.type) {
      case 'TicketNoteAdded': {
        const { noteId, ticketId, contactId, userId } = event.data;
        return { status: 'active', noteId, ticketId, contactId, userId };
      }
      case 'TicketNoteDeleted':
        return state.status === 'none' ? state : { ...state, status: 'deleted' };
    }
  },
  decide(state, command) {
    switch (command.type) {
      case 'AddTicketNote': {
        if (state.status !== 'none') throw new DomainError('ERR_VALIDATION', 'Note already exists');
        const note = command.note.trim();
        if (note.length < NOTE_MIN_LENGTH) throw new DomainError('ERR_VALIDATION', 'note: Too Short!');
        if (note.length > NOTE_MAX_LENGTH) throw new DomainError('ERR_VALIDATION', 'note: Too Long!');
        const { noteId, ticketId, contactId, userId } = command;
        return [{ type: 'TicketNoteAdded', data: { noteId, ticketId, contactId, userId, note } }];
      }
      case 'DeleteTicketNote':
        if (state.status !== 'active') throw new DomainError('ERR_NO_TICKETNOTE_FOUND');
        if (!command.by.admin && command.by.userId !== state.userId) throw new DomainError('ERR_NO_PERMISSION');
        return [{ type: 'TicketNoteDeleted', data: { noteId: state.noteId, ticketId: state.ticketId, deletedBy: command.by.userId } }];
    }
  },
};
