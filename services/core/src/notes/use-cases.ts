import { DomainError, ticketNoteStream, type Actor } from '@conversa/contracts';
import type { UseCaseContext } from '../commands/execute';
import { streamCommands } from '../shared/stream-commands';
import type { IdAllocator } from '../ids';
import { ticketNote, type NoteDeleter } from './ticket-note';

const onTicketNote = streamCommands(ticketNote, ticketNoteStream);

/** What the note use cases need of their process: commands awaited into the read models, and ids. */
export interface NoteUseCaseContext extends UseCaseContext {
  ids: IdAllocator;
}

/** A note on a ticket the caller may see; the contact named must be the ticket's. Answers the note's id. */
export async function addTicketNote(
  ctx: NoteUseCaseContext,
  input: { companyId: number; actor: Actor; userId: number; ticket: { id: number; contactId: number }; contactId: number; note: string },
): Promise<number> {
  const { ticket } = input;
  if (ticket.contactId !== input.contactId) throw new DomainError('ERR_VALIDATION', 'contactId: não é o contato deste ticket');
  const noteId = await ctx.ids.next('note');
  await onTicketNote(ctx, input, noteId, {
    type: 'AddTicketNote',
    noteId,
    ticketId: ticket.id,
    contactId: ticket.contactId,
    userId: input.userId,
    note: input.note,
  });
  return noteId;
}

/** Deletes a note (its author, or an admin); answers the confirmation the client shows. */
export async function deleteTicketNote(
  ctx: UseCaseContext,
  input: { companyId: number; actor: Actor; id: number; by: NoteDeleter },
): Promise<{ message: string }> {
  await onTicketNote(ctx, input, input.id, { type: 'DeleteTicketNote', by: input.by });
  return { message: 'Observação excluída com sucesso!' };
}
