import {
  CloseAllTicketsRequest,
  comparePositions,
  CreateTicketRequest,
  DomainError,
  ListTicketsQuery,
  ticketStream,
  UpdateTicketRequest,
  type Position,
  RecordIdParam,
  safeText,
  type TicketHistory,
  TicketPage,
  DeletedAnswer,
  TicketLogEntry,
  TicketHistorySchema,
  TicketView,
  TicketCallAnswer,
  ClosedCount,
} from '@conversa/contracts';
import { verifyChain } from '@conversa/contracts/events/hash-chain';
import { changeTicket, openTicketByHand, openTicketConversation, updateTicket } from '@conversa/core';
import { canSeeTicket, findTicket, findTicketByUuid, listTickets, ticketIdsFor, viewerOf } from '@conversa/projections/tickets/queries';
import { connectionCallToken } from '@conversa/projections/connections/queries';
import { idsInHistory, ticketHistoryNames, ticketLog } from '@conversa/projections/tickets/history';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { userActor, type ApiContext } from '../context';
import { ticketCaller, ticketLookup } from './lookup';

const IdParam = z.object({ id: RecordIdParam });
const UuidParam = z.object({ uuid: safeText().max(64) });

/** A ticket of the caller's company that the caller may see; anything else is not found. */
async function visibleTicket(ctx: ApiContext, request: FastifyRequest, ticketId: number): Promise<TicketView> {
  const ticket = await findTicket(ctx.db, request.principal.companyId, ticketId);
  if (!ticket || !canSeeTicket(viewerOf(request.principal), ticket)) throw new DomainError('ERR_NO_TICKET_FOUND');
  return ticket;
}

export async function ticketRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  app.get('/tickets', { config: { contract: { query: ListTicketsQuery, response: TicketPage } } }, async (request) => {
    const query = request.query;
    const principal = request.principal;
    const statuses = query.statusFilter ?? [];
    return listTickets(ctx.db, principal.companyId, viewerOf(principal), {
      searchParam: query.searchParam,
      contactId: query.contactId,
      pageNumber: query.pageNumber,
      cursor: query.cursor,
      status: query.status,
      statuses,
      queueIds: query.queueIds,
      tags: query.tags,
      users: query.users ?? query.userFilter,
      whatsappIds: query.whatsappIds ?? query.whatsapps,
      date: query.date,
      updatedAt: query.updatedAt,
      withUnreadMessages: query.withUnreadMessages,
      showAll: query.showAll,
      searchNumbers: !principal.numbersHidden,
    });
  });

  app.get('/tickets/u/:uuid', { config: { contract: { params: UuidParam, response: TicketView, errors: ['ERR_NO_TICKET_FOUND'] } } }, async (request) => {
    const { uuid } = request.params;
    const principal = request.principal;
    const ticket = await findTicketByUuid(ctx.db, principal.companyId, uuid);
    if (!ticket || !canSeeTicket(viewerOf(principal), ticket)) throw new DomainError('ERR_NO_TICKET_FOUND');
    const { position } = await openTicketConversation(ctx, { caller: ticketCaller(principal), ticket });
    if (ticket.unreadMessages === 0) return ticket;
    // Its waiting messages were read: the answer shows them so.
    await ctx.waitForProjections(position);
    return (await findTicket(ctx.db, principal.companyId, ticket.id)) ?? ticket;
  });

  app.get('/tickets/:id', { config: { contract: { params: IdParam, response: TicketView, errors: ['ERR_NO_TICKET_FOUND'] } } }, async (request) =>
    visibleTicket(ctx, request, request.params.id),
  );

  /** The call button: the ticket connection's call token, opened here only (it rests sealed; views show whether it is set). */
  app.get(
    '/tickets/:id/call',
    {
      config: {
        contract: {
          summary: "The call token of the ticket's connection, for the call page",
          params: IdParam,
          response: TicketCallAnswer,
          errors: ['ERR_NO_TICKET_FOUND'],
        },
      },
    },
    async (request) => {
      const ticket = await visibleTicket(ctx, request, request.params.id);
      const sealed = ticket.whatsappId === null ? '' : await connectionCallToken(ctx.db, request.principal.companyId, ticket.whatsappId);
      return { token: ctx.secrets.open(sealed) } satisfies TicketCallAnswer;
    },
  );

  app.post(
    '/tickets',
    {
      config: {
        contract: {
          body: CreateTicketRequest,
          status: 201,
          response: TicketView,
          errors: [
            'ERR_NO_CONTACT_FOUND',
            'ERR_TRANSFER_QUEUE_REQUIRED',
            'ERR_NO_USER_FOUND',
            'ERR_OTHER_OPEN_TICKET',
            'ERR_NO_QUEUE_FOUND',
            'ERR_NO_WAPP_FOUND',
            'ERR_CREATING_TICKET',
            'ERR_NO_PERMISSION',
          ],
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const principal = request.principal;
      const opened = await openTicketByHand(ctx, { caller: ticketCaller(principal), request: body, lookup: ticketLookup(ctx.db, principal) });
      await ctx.waitForProjections(opened.position);
      return reply.status(201).send(await findTicket(ctx.db, principal.companyId, opened.ticketId));
    },
  );

  app.put(
    '/tickets/:id',
    {
      config: {
        contract: {
          params: IdParam,
          body: UpdateTicketRequest,
          response: TicketView,
          errors: [
            'ERR_NO_TICKET_FOUND',
            'ERR_OTHER_OPEN_TICKET',
            'ERR_TICKET_NOT_OPEN',
            'ERR_TICKET_NOT_PENDING',
            'ERR_TICKET_REQUIRES_TAG',
            'ERR_TRANSFER_QUEUE_REQUIRED',
            'ERR_NO_USER_FOUND',
            'ERR_NO_QUEUE_FOUND',
            'ERR_NO_WAPP_FOUND',
            'ERR_NO_PERMISSION',
            'ERR_NO_PROMPT_FOUND',
            'ERR_NO_INTEGRATION_FOUND',
          ],
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const body = request.body;
      const principal = request.principal;
      const { position } = await updateTicket(ctx, { caller: ticketCaller(principal), ticketId: id, changes: body, lookup: ticketLookup(ctx.db, principal) });
      await ctx.waitForProjections(position);
      return findTicket(ctx.db, principal.companyId, id);
    },
  );

  app.delete(
    '/tickets/:id',
    {
      config: { auth: { permission: 'ticket-options:deleteTicket' }, contract: { params: IdParam, response: DeletedAnswer, errors: ['ERR_NO_TICKET_FOUND'] } },
    },
    async (request) => {
      const { id } = request.params;
      const principal = request.principal;
      await visibleTicket(ctx, request, id);
      const result = await changeTicket(ctx, {
        companyId: principal.companyId,
        actor: userActor(principal.userId),
        ticketId: id,
        command: { type: 'DeleteTicket' },
      });
      await ctx.waitForProjections(result.position);
      return { message: 'ticket deleted' };
    },
  );

  app.post(
    '/tickets/closeAll',
    { config: { auth: { area: 'ticketsAdmin' }, contract: { body: CloseAllTicketsRequest, response: ClosedCount } } },
    async (request) => {
      const body = request.body;
      const principal = request.principal;
      const ids = await ticketIdsFor(ctx.db, principal.companyId, viewerOf(principal), body.status, body.queueIds ?? []);
      const actor = userActor(principal.userId);
      let closed = 0;
      let last: Position | null = null;
      // A few at a time: close-all may cover thousands of tickets without flooding the store.
      for (let index = 0; index < ids.length; index += 8) {
        const results = await Promise.all(
          ids.slice(index, index + 8).map((ticketId) =>
            changeTicket(ctx, {
              companyId: principal.companyId,
              actor,
              ticketId,
              command: { type: 'CloseTicket', userId: principal.userId, farewell: false, reason: 'closeAll' },
            }),
          ),
        );
        for (const result of results) {
          if (result.events.length > 0) closed++;
          // Concurrent closes land in any order: wait for the furthest.
          if (result.position && (!last || comparePositions(result.position, last) > 0)) last = result.position;
        }
      }
      await ctx.waitForProjections(last);
      return { closed } satisfies ClosedCount;
    },
  );

  app.get(
    '/tickets-log/:id',
    { config: { contract: { params: IdParam, response: z.array(TicketLogEntry), errors: ['ERR_NO_TICKET_FOUND'] } } },
    async (request) => {
      const { id } = request.params;
      await visibleTicket(ctx, request, id);
      return ticketLog(ctx.db, request.principal.companyId, id);
    },
  );

  app.get(
    '/tickets/:id/history',
    { config: { contract: { params: IdParam, response: TicketHistorySchema, errors: ['ERR_NO_TICKET_FOUND'] } } },
    async (request) => {
      const { id } = request.params;
      const principal = request.principal;
      await visibleTicket(ctx, request, id);
      const events = await ctx.store.readStream(ticketStream(id), { raw: true });
      const verification = verifyChain(events);
      const actorUserId = (event: (typeof events)[number]) => (event.metadata.actor.kind === 'user' ? Number(event.metadata.actor.id) : null);
      const names = await ticketHistoryNames(
        ctx.db,
        principal.companyId,
        idsInHistory(events.map((event) => ({ data: event.data, actorUserId: actorUserId(event) }))),
      );
      const history: TicketHistory = {
        ticketId: id,
        verified: verification.valid,
        checked: verification.checked,
        ...(verification.break ? { break: verification.break } : {}),
        events: events.map((event) => {
          const changes = Object.fromEntries(Object.entries(event.data ?? {}).filter(([key]) => key !== 'ticketId'));
          const actorId = actorUserId(event);
          return {
            revision: event.revision,
            type: event.type,
            occurredAt: event.metadata.occurredAt,
            actor: { kind: event.metadata.actor.kind, id: event.metadata.actor.id, name: actorId !== null ? (names.users[actorId] ?? null) : null },
            changes,
            hash: event.metadata.hash ?? null,
          };
        }),
        names,
      };
      return history;
    },
  );
}
