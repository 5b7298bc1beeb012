import { z } from 'zod';
import { NOTE_MAX_LENGTH, NOTE_MIN_LENGTH } from './events';
import { INT32_MAX, safeText } from '../common/bounds';
import { timestamps } from '../common/views';

const id = z.coerce.number({ error: 'Required' }).int().positive().max(INT32_MAX);

/** POST /ticket-notes (required, at least 2 characters). */
export const CreateTicketNoteRequest = z.object({
  note: safeText({ error: 'Required' }).trim().min(1, 'Required').min(NOTE_MIN_LENGTH, 'Too Short!').max(NOTE_MAX_LENGTH, 'Too Long!'),
  ticketId: id,
  contactId: id,
});
export type CreateTicketNoteRequest = z.infer<typeof CreateTicketNoteRequest>;

/** GET /ticket-notes/list: the notes of one ticket (contactId, when given, must be the ticket's contact). */
export const ListTicketNotesQuery = z.object({ ticketId: id, contactId: id.optional() });

/** A note as the API answers it. */
export const TicketNoteView = z.object({
  id: z.number(),
  note: z.string(),
  ticketId: z.number(),
  contactId: z.number(),
  userId: z.number(),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  ...timestamps,
});
export type TicketNoteView = z.infer<typeof TicketNoteView>;
