import { canSeeTicket, DomainError, KanbanTicketsQuery, TicketIdParams, TicketTagParams, ContactTags, KanbanTicket } from '@conversa/contracts';
import { z } from 'zod';
import { moveCardToLane, takeCardOutOfLanes, type KanbanCard } from '@conversa/core';
import { findContact } from '@conversa/projections/contacts/queries';
import { listTags } from '@conversa/projections/tags/queries';
import { kanbanTickets } from '@conversa/projections/tickets/kanban';
import { findTicketAccess, findTicket, viewerOf } from '@conversa/projections/tickets/queries';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { userActor, type ApiContext } from '../context';
import { companyTag } from './routes';

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

/** The kanban lanes: every kanban tag of the company. */
async function kanbanLaneIds(ctx: ApiContext, companyId: number): Promise<number[]> {
  return (await listTags(ctx.db, companyId, { kanban: 1 })).tags.map((lane) => lane.id);
}

const cardOf = (ticket: { contactId: number; tags: { id: number }[] }): KanbanCard => ({ contactId: ticket.contactId, tagIds: ticket.tags.map((t) => t.id) });

/**
 * The kanban board: GET /ticket/kanban (the cards), PUT /ticket-tags/{ticketId}/{tagId} (a card enters a
 * lane) and DELETE /ticket-tags/{ticketId} (a card leaves its lane). A lane is a kanban tag, so a move
 * changes the contact's kanban tags only; its plain labels stay.
 */
export async function kanbanRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  app.get(
    '/ticket/kanban',
    { config: { ...kanbanAuth, contract: { query: KanbanTicketsQuery, response: z.object({ tickets: z.array(KanbanTicket) }) } } },
    async (request) => {
      const { queueIds } = request.query;
      const tickets = await kanbanTickets(ctx.db, request.principal.companyId, viewerOf(request.principal), queueIds);
      return { tickets };
    },
  );

  app.put(
    '/ticket-tags/:ticketId/:tagId',
    { config: { ...kanbanAuth, contract: { params: TicketTagParams, response: ContactTags, errors: ['ERR_NO_TICKET_FOUND', 'ERR_NO_TAG_FOUND'] } } },
    async (request) => {
      const { ticketId, tagId } = request.params;
      const ticket = await cardTicket(ctx, request, ticketId);
      const tag = await companyTag(ctx, request, tagId);
      const laneIds = await kanbanLaneIds(ctx, request.principal.companyId);
      await moveCardToLane(ctx, { companyId: request.principal.companyId, actor: userActor(request.principal.userId), card: cardOf(ticket), tag, laneIds });
      return { tags: (await findContact(ctx.db, request.principal.companyId, ticket.contactId))?.tags ?? [] };
    },
  );

  app.delete(
    '/ticket-tags/:ticketId',
    { config: { ...kanbanAuth, contract: { params: TicketIdParams, response: ContactTags, errors: ['ERR_NO_TICKET_FOUND'] } } },
    async (request) => {
      const { ticketId } = request.params;
      const ticket = await cardTicket(ctx, request, ticketId);
      const laneIds = await kanbanLaneIds(ctx, request.principal.companyId);
      await takeCardOutOfLanes(ctx, { companyId: request.principal.companyId, actor: userActor(request.principal.userId), card: cardOf(ticket), laneIds });
      return { tags: (await findContact(ctx.db, request.principal.companyId, ticket.contactId))?.tags ?? [] };
    },
  );
}
