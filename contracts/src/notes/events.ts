import { z } from 'zod';
import { defineEvent, type EventUnion } from '../events/registry';
import { RecordId, safeText } from '../common/bounds';

const id = RecordId;

/** A ticket note needs at least 2 characters; the upper bound keeps one note a note. */
export const NOTE_MIN_LENGTH = 2;
export const NOTE_MAX_LENGTH = 5000;

/** An attendant wrote an internal note on a ticket (never sent to the contact). Stream `ticketnote-<noteId>`. */
export const TicketNoteAdded = defineEvent(
  'TicketNoteAdded',
  z.object({ noteId: id, ticketId: id, contactId: id, userId: id, note: safeText().trim().min(NOTE_MIN_LENGTH).max(NOTE_MAX_LENGTH) }),
  { personal: { contact: 'contactId', content: ['note'] } },
);
/** The note was removed by its author or an administrator (`deletedBy`). */
export const TicketNoteDeleted = defineEvent('TicketNoteDeleted', z.object({ noteId: id, ticketId: id, deletedBy: id }));

export const ticketNoteEvents = [TicketNoteAdded, TicketNoteDeleted];

export type TicketNoteEvent = EventUnion<typeof ticketNoteEvents>;

export const ticketNoteStream = (noteId: number) => `ticketnote-${noteId}`;
