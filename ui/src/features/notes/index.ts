export { TicketNotes } from './TicketNotes';
export { ConfirmDialog } from './ConfirmDialog';
export { notesApi, validateNote, type TicketNote } from './api';
