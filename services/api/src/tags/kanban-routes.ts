import { canSeeTicket, contactStream, DomainError, KanbanTicketsQuery, TicketIdParams, TicketTagParams } from '@conversa/contracts';
import { contact } from '@conversa/core';
import { findContact } from '@conversa/projections/contacts/queries';
import { listTags } from '@conversa/projections/tags/queries';
import { kanbanTickets } from '@conversa/projections/tickets/kanban';
import { findTicketAccess, findTicket, viewerOf } from '@conversa/projections/tickets/queries';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { execute, userActor, type ApiContext } from '../context';
import { companyTag } from './routes';
import { parse } from '../http/errors';

/** The board is the plan's useKanban feature; any user of the company may use it. */
const kanbanAuth = { auth: { plan: 'useKanban' as const } };

/** The ticket a card is, when the caller may see it; another company's ticket, or one hidden from them, is not found. */
async function cardTicket(ctx: ApiContext, request: FastifyRequest, ticketId: number) {
  const access = await findTicketAccess(ctx.db, request.principal.companyId, ticketId);
  if (!access || !canSeeTicket(viewerOf(request.principal), access)) throw new DomainError('ERR_NO_TICKET_FOUND');
  const ticket = await findTicket(ctx.db, request.principal.companyId, ticketId);
  if (!ticket) throw new DomainError('ERR_NO_TICKET_FOUND');
  return ticket;
}

/** Records the contact's tags as `tagIds` (a ticket's tags are its contact's). */
async function setContactTags(ctx: ApiContext, request: FastifyRequest, contactId: number, tagIds: number[]) {
  const { principal } = request;
  await execute(ctx, { decider: contact, streamId: contactStream(contactId), command: { type: 'SetContactTags', tagIds }, companyId: principal.companyId, actor: userActor(principal.userId) });
}

/**
 * The kanban board: GET /ticket/kanban (the cards), PUT /ticket-tags/{ticketId}/{tagId} (a card enters a
 * lane) and DELETE /ticket-tags/{ticketId} (a card leaves its lane). A lane is a kanban tag, so a move
 * changes the contact's kanban tags only; its plain labels stay.
 */
export async function kanbanRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  app.get('/ticket/kanban', { config: kanbanAuth }, async (request) => {
    const { queueIds } = parse(KanbanTicketsQuery, request.query);
    const tickets = await kanbanTickets(ctx.db, request.principal.companyId, viewerOf(request.principal), queueIds);
    return { tickets };
  });

  app.put('/ticket-tags/:ticketId/:tagId', { config: kanbanAuth }, async (request) => {
    const { ticketId, tagId } = parse(TicketTagParams, request.params);
    const ticket = await cardTicket(ctx, request, ticketId);
    const tag = await companyTag(ctx, request, tagId);
    const lanes = new Set((await listTags(ctx.db, request.principal.companyId, { kanban: 1 })).tags.map((lane) => lane.id));
    // Entering a lane leaves the others: a card stands in one lane.
    const kept = ticket.tags.map((t) => t.id).filter((id) => id !== tag.id && !(tag.kanban === 1 && lanes.has(id)));
    await setContactTags(ctx, request, ticket.contactId, [...kept, tag.id]);
    return { tags: (await findContact(ctx.db, request.principal.companyId, ticket.contactId))?.tags ?? [] };
  });

  app.delete('/ticket-tags/:ticketId', { config: kanbanAuth }, async (request) => {
    const { ticketId } = parse(TicketIdParams, request.params);
    const ticket = await cardTicket(ctx, request, ticketId);
    const lanes = new Set((await listTags(ctx.db, request.principal.companyId, { kanban: 1 })).tags.map((lane) => lane.id));
    const kept = ticket.tags.map((t) => t.id).filter((id) => !lanes.has(id));
    if (kept.length !== ticket.tags.length) await setContactTags(ctx, request, ticket.contactId, kept);
    return { tags: (await findContact(ctx.db, request.principal.companyId, ticket.contactId))?.tags ?? [] };
  });
}
