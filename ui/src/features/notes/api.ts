import { api } from '../../app/api';

/** A ticket note as the API answers it. */
export interface TicketNote {
  id: number;
  note: string;
  ticketId: number;
  contactId: number;
  userId: number;
  user: { id: number; name: string } | null;
  createdAt: string;
  updatedAt: string;
}

/** POST /ticket-notes, DELETE /ticket-notes/{id}, GET /ticket-notes/list (ticketId, contactId). */
export const notesApi = api.injectEndpoints({
  endpoints: (build) => ({
    ticketNotes: build.query<TicketNote[], { ticketId: number; contactId: number }>({
      query: ({ ticketId, contactId }) => `ticket-notes/list?ticketId=${ticketId}&contactId=${contactId}`,
      providesTags: (_result, _error, { ticketId }) => [{ type: 'TicketNotes', id: ticketId }],
    }),
    addTicketNote: build.mutation<TicketNote, { ticketId: number; contactId: number; note: string }>({
      query: (body) => ({ url: 'ticket-notes', method: 'POST', body }),
      invalidatesTags: (_result, _error, { ticketId }) => [{ type: 'TicketNotes', id: ticketId }],
    }),
    deleteTicketNote: build.mutation<unknown, { id: number; ticketId: number }>({
      query: ({ id }) => ({ url: `ticket-notes/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { ticketId }) => [{ type: 'TicketNotes', id: ticketId }],
    }),
  }),
});

export const { useTicketNotesQuery, useAddTicketNoteMutation, useDeleteTicketNoteMutation } = notesApi;

/** A note is required and has at least 2 characters. */
export const NOTE_MIN_LENGTH = 2;
export type NoteError = 'required' | 'tooShort';
export function validateNote(note: string): NoteError | null {
  const text = note.trim();
  if (text === '') return 'required';
  if (text.length < NOTE_MIN_LENGTH) return 'tooShort';
  return null;
}
