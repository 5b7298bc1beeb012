import { CreateTicketNoteRequest, DomainError, ListTicketNotesQuery, RecordIdParam, type TicketView, TicketNoteView, DeletedAnswer } from '@conversa/contracts';
import { addTicketNote, deleteTicketNote } from '@conversa/core';
import { findTicketNote, listTicketNotes } from '@conversa/projections/notes/queries';
import { canSeeTicket, findTicket, viewerOf } from '@conversa/projections/tickets/queries';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { userActor, type ApiContext } from '../context';

const IdParam = z.object({ id: RecordIdParam });

/** Notes follow their ticket: only who may see the ticket reads or writes its notes. */
async function visibleTicket(ctx: ApiContext, request: FastifyRequest, ticketId: number): Promise<TicketView> {
  const found = await findTicket(ctx.db, request.principal.companyId, ticketId);
  if (!found) throw new DomainError('ERR_NO_TICKET_FOUND');
  if (!canSeeTicket(viewerOf(request.principal), found)) throw new DomainError('ERR_NO_PERMISSION');
  return found;
}

/** Ticket notes: POST /ticket-notes, DELETE /ticket-notes/:id, GET /ticket-notes/list. */
export async function noteRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  app.post(
    '/ticket-notes',
    { config: { contract: { body: CreateTicketNoteRequest, response: TicketNoteView, errors: ['ERR_NO_TICKET_FOUND', 'ERR_NO_PERMISSION'] } } },
    async (request) => {
      const body = request.body;
      const { principal } = request;
      const ticket = await visibleTicket(ctx, request, body.ticketId);
      const noteId = await addTicketNote(ctx, {
        companyId: principal.companyId,
        actor: userActor(principal.userId),
        userId: principal.userId,
        ticket,
        contactId: body.contactId,
        note: body.note,
      });
      return findTicketNote(ctx.db, principal.companyId, noteId);
    },
  );

  app.get(
    '/ticket-notes/list',
    { config: { contract: { query: ListTicketNotesQuery, response: z.array(TicketNoteView), errors: ['ERR_NO_TICKET_FOUND', 'ERR_NO_PERMISSION'] } } },
    async (request) => {
      const query = request.query;
      const ticket = await visibleTicket(ctx, request, query.ticketId);
      if (query.contactId !== undefined && query.contactId !== ticket.contactId) return [];
      return listTicketNotes(ctx.db, request.principal.companyId, { ticketId: ticket.id });
    },
  );

  app.delete(
    '/ticket-notes/:id',
    { config: { contract: { params: IdParam, response: DeletedAnswer, errors: ['ERR_NO_TICKETNOTE_FOUND', 'ERR_NO_PERMISSION'] } } },
    async (request) => {
      const { id } = request.params;
      const { principal } = request;
      const note = await findTicketNote(ctx.db, principal.companyId, id);
      if (!note) throw new DomainError('ERR_NO_TICKETNOTE_FOUND');
      return deleteTicketNote(ctx, {
        companyId: principal.companyId,
        actor: userActor(principal.userId),
        id,
        by: { userId: principal.userId, admin: principal.profile === 'admin' || principal.super },
      });
    },
  );
}
