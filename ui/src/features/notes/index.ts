export { TicketNotes } from './TicketNotes';
export { notesApi, validateNote, type TicketNote } from './api';
