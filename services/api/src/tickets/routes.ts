import { CloseAllTicketsRequest, comparePositions, CreateTicketRequest, DomainError, ListTicketsQuery, mayWrite, ticketChannelOf, ticketStream, UpdateTicketRequest, type Position, type RecordedEvent, RecordIdParam, safeText, type TicketHistory, TicketPage, DeletedAnswer, TicketLogEntry, TicketHistorySchema, TicketView, TicketCallAnswer, ClosedCount } from '@conversa/contracts';
import { verifyChain } from '@conversa/contracts/events/hash-chain';
import { changeTicket, openTicket, type TicketCommand } from '@conversa/core';
import { companySettingsOf } from '@conversa/projections/companies/queries';
import { findContact } from '@conversa/projections/contacts/queries';
import {
  canSeeTicket,
  findTicket,
  findTicketByUuid,
  listTickets,
  ticketIdsFor,
  ticketLog,
  viewerOf,
} from '@conversa/projections/tickets/queries';
import { connectionCallToken, defaultConnection, findConnection } from '@conversa/projections/connections/queries';
import { idsInHistory, ticketHistoryNames } from '@conversa/projections/tickets/history';
import { existingQueueIds } from '@conversa/projections/queues/queries';
import { findUser } from '@conversa/projections/users/queries';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { userActor, type ApiContext } from '../context';
import { parse } from '../http/errors';
import { ticketCommandsFor } from './transitions';
import { checkBotLinks } from '../queueIntegrations/links';

const IdParam = z.object({ id: RecordIdParam });

/** A ticket of the caller's company that the caller may see; anything else is not found. */
async function visibleTicket(ctx: ApiContext, request: FastifyRequest, ticketId: number): Promise<TicketView> {
  const ticket = await findTicket(ctx.db, request.principal.companyId, ticketId);
  if (!ticket || !canSeeTicket(viewerOf(request.principal), ticket)) throw new DomainError('ERR_NO_TICKET_FOUND');
  return ticket;
}

/** ERR_OTHER_OPEN_TICKET names who holds the contact's open ticket (user, queue and uuid). */
async function explainOtherOpenTicket(ctx: ApiContext, companyId: number, error: unknown): Promise<never> {
  if (error instanceof DomainError && error.code === 'ERR_OTHER_OPEN_TICKET' && typeof error.details?.ticketId === 'number') {
    const other = await findTicket(ctx.db, companyId, error.details.ticketId);
    if (other) {
      const holder = { userId: other.userId, userName: other.user?.name ?? null, queueName: other.queue?.name ?? null, uuid: other.uuid };
      throw new DomainError('ERR_OTHER_OPEN_TICKET', JSON.stringify(holder), { ...holder, ticketId: other.id });
    }
  }
  throw error;
}

export async function ticketRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  app.get('/tickets', { config: { contract: { query: ListTicketsQuery, response: TicketPage } } }, async (request) => {
    const query = parse(ListTicketsQuery, request.query);
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

  app.get('/tickets/u/:uuid', { config: { contract: { params: z.object({ uuid: safeText().max(64) }), response: TicketView, errors: ['ERR_NO_TICKET_FOUND'] } } }, async (request) => {
    const { uuid } = parse(z.object({ uuid: safeText().max(64) }), request.params);
    const principal = request.principal;
    const ticket = await findTicketByUuid(ctx.db, principal.companyId, uuid);
    if (!ticket || !canSeeTicket(viewerOf(principal), ticket)) throw new DomainError('ERR_NO_TICKET_FOUND');
    // Opening a ticket is an access in its log and reads its waiting messages.
    const actor = userActor(principal.userId);
    await changeTicket(ctx, { companyId: principal.companyId, actor, ticketId: ticket.id, command: { type: 'RecordTicketAccess', userId: principal.userId } });
    if (ticket.unreadMessages > 0) {
      const result = await changeTicket(ctx, {
        companyId: principal.companyId,
        actor,
        ticketId: ticket.id,
        command: { type: 'MarkTicketMessagesRead', userId: principal.userId, upTo: ctx.now().toISOString() },
      });
      await ctx.waitForProjections(result.position);
      return (await findTicket(ctx.db, principal.companyId, ticket.id)) ?? ticket;
    }
    return ticket;
  });

  app.get('/tickets/:id', { config: { contract: { params: IdParam, response: TicketView, errors: ['ERR_NO_TICKET_FOUND'] } } }, async (request) => visibleTicket(ctx, request, parse(IdParam, request.params).id));

  /** The call button: the ticket connection's call token, opened here only (it rests sealed; views show whether it is set). */
  app.get('/tickets/:id/call', { config: { contract: { summary: 'The call token of the ticket\'s connection, for the call page', params: IdParam, response: TicketCallAnswer, errors: ['ERR_NO_TICKET_FOUND'] } } }, async (request) => {
    const ticket = await visibleTicket(ctx, request, parse(IdParam, request.params).id);
    const sealed = ticket.whatsappId === null ? '' : await connectionCallToken(ctx.db, request.principal.companyId, ticket.whatsappId);
    return { token: ctx.secrets.open(sealed) } satisfies TicketCallAnswer;
  });

  app.post('/tickets', { config: { contract: { body: CreateTicketRequest, status: 201, response: TicketView, errors: ['ERR_NO_CONTACT_FOUND', 'ERR_TRANSFER_QUEUE_REQUIRED', 'ERR_NO_USER_FOUND', 'ERR_OTHER_OPEN_TICKET', 'ERR_NO_QUEUE_FOUND', 'ERR_NO_WAPP_FOUND', 'ERR_CREATING_TICKET', 'ERR_NO_PERMISSION'] } } }, async (request, reply) => {
    const body = parse(CreateTicketRequest, request.body);
    const principal = request.principal;
    const contact = await findContact(ctx.db, principal.companyId, body.contactId);
    if (!contact) throw new DomainError('ERR_NO_CONTACT_FOUND');
    // 'Selecione uma fila': only the role table's ticketsAdmin audience may open a ticket outside any queue.
    if (!body.queueId && !mayWrite(principal.user, 'ticketsAdmin')) throw new DomainError('ERR_TRANSFER_QUEUE_REQUIRED');
    const userId = body.status === 'open' ? (body.userId ?? principal.userId) : null;
    if (userId !== null && userId !== principal.userId && !(await findUser(ctx.db, userId, principal.companyId))) throw new DomainError('ERR_NO_USER_FOUND');
    await assertOwnQueueAndConnection(ctx, principal.companyId, body.queueId, body.whatsappId);
    const connection = await newTicketConnection(ctx, principal.companyId, body.whatsappId ?? null, principal.userId);
    const opened = await openTicket(ctx, {
      companyId: principal.companyId,
      actor: userActor(principal.userId),
      contactId: contact.id,
      whatsappId: connection?.id ?? null,
      channel: connection ? ticketChannelOf(connection.channel) : contact.channel,
      isGroup: contact.isGroup,
      userId,
      queueId: body.queueId ?? null,
      status: body.status,
      reuseOpen: false,
    }).catch((error) => explainOtherOpenTicket(ctx, principal.companyId, error));
    await ctx.waitForProjections(opened.position);
    return reply.status(201).send(await findTicket(ctx.db, principal.companyId, opened.ticketId));
  });

  app.put('/tickets/:id', { config: { contract: { params: IdParam, body: UpdateTicketRequest, response: TicketView, errors: ['ERR_NO_TICKET_FOUND', 'ERR_OTHER_OPEN_TICKET', 'ERR_TICKET_NOT_OPEN', 'ERR_TICKET_NOT_PENDING', 'ERR_TICKET_REQUIRES_TAG', 'ERR_TRANSFER_QUEUE_REQUIRED', 'ERR_NO_USER_FOUND', 'ERR_NO_QUEUE_FOUND', 'ERR_NO_WAPP_FOUND', 'ERR_NO_PERMISSION', 'ERR_NO_PROMPT_FOUND', 'ERR_NO_INTEGRATION_FOUND'] } } }, async (request) => {
    const { id } = parse(IdParam, request.params);
    const body = parse(UpdateTicketRequest, request.body);
    const principal = request.principal;
    const current = await visibleTicket(ctx, request, id);
    const commands = ticketCommandsFor(current, body, principal);
    if (body.userId && body.userId !== principal.userId && !(await findUser(ctx.db, body.userId, principal.companyId))) throw new DomainError('ERR_NO_USER_FOUND');
    // Sending the ticket's own queue back (a form echoing it) is no change to check.
    await assertOwnQueueAndConnection(ctx, principal.companyId, body.queueId === current.queueId ? undefined : body.queueId, undefined);
    // The prompt the ticket's integration switch arms must be the company's.
    if (typeof body.promptId === 'number' && body.promptId !== current.promptId) await checkBotLinks(ctx, principal.companyId, { promptIds: [body.promptId] });
    // Only closing as resolved asks the setting (requiredTag): other changes skip that read.
    const closing = commands.some((command) => command.type === 'CloseTicket' && command.reason === 'resolved');
    const requiredTag = closing && (await companySettingsOf(ctx.db, principal.companyId)).requiredTag === 'enabled';
    const actor = userActor(principal.userId);

    // The commands read the event log, not the read models: one wait, for the last, covers them all.
    // The attendant's greeting and farewell follow from their events (core's postAttendantMessage, run by a reactor).
    let last: Position | null = null;
    try {
      for (const command of commands) {
        const decided: TicketCommand =
          command.type === 'CloseTicket' && command.reason === 'resolved' ? { ...command, requiredTag: { enabled: requiredTag, contactHasTags: current.tags.length > 0 } } : command;
        const result = await changeTicket(ctx, { companyId: principal.companyId, actor, ticketId: id, command: decided }).catch((error) =>
          explainOtherOpenTicket(ctx, principal.companyId, error),
        );
        last = result.position ?? last;
      }
    } finally {
      // A later command refused still answers after the earlier ones show.
      await ctx.waitForProjections(last);
    }
    return findTicket(ctx.db, principal.companyId, id);
  });

  app.delete('/tickets/:id', { config: { auth: { permission: 'ticket-options:deleteTicket' }, contract: { params: IdParam, response: DeletedAnswer, errors: ['ERR_NO_TICKET_FOUND'] } } }, async (request) => {
    const { id } = parse(IdParam, request.params);
    const principal = request.principal;
    await visibleTicket(ctx, request, id);
    const result = await changeTicket(ctx, { companyId: principal.companyId, actor: userActor(principal.userId), ticketId: id, command: { type: 'DeleteTicket' } });
    await ctx.waitForProjections(result.position);
    return { message: 'ticket deleted' };
  });

  app.post('/tickets/closeAll', { config: { auth: { area: 'ticketsAdmin' }, contract: { body: CloseAllTicketsRequest, response: ClosedCount } } }, async (request) => {
    const body = parse(CloseAllTicketsRequest, request.body);
    const principal = request.principal;
    const ids = await ticketIdsFor(ctx.db, principal.companyId, viewerOf(principal), body.status, body.queueIds ?? []);
    const actor = userActor(principal.userId);
    let closed = 0;
    let last: Position | null = null;
    // A few at a time: close-all may cover thousands of tickets without flooding the store.
    for (let index = 0; index < ids.length; index += 8) {
      const results = await Promise.all(
        ids.slice(index, index + 8).map((ticketId) =>
          changeTicket(ctx, { companyId: principal.companyId, actor, ticketId, command: { type: 'CloseTicket', userId: principal.userId, farewell: false, reason: 'closeAll' } }),
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
  });

  app.get('/tickets-log/:id', { config: { contract: { params: IdParam, response: z.array(TicketLogEntry), errors: ['ERR_NO_TICKET_FOUND'] } } }, async (request) => {
    const { id } = parse(IdParam, request.params);
    await visibleTicket(ctx, request, id);
    return ticketLog(ctx.db, request.principal.companyId, id);
  });

  app.get('/tickets/:id/history', { config: { contract: { params: IdParam, response: TicketHistorySchema, errors: ['ERR_NO_TICKET_FOUND'] } } }, async (request) => {
    const { id } = parse(IdParam, request.params);
    const principal = request.principal;
    await visibleTicket(ctx, request, id);
    const events = await ctx.store.readStream(ticketStream(id), { raw: true });
    const verification = verifyChain(events);
    const actorUserId = (event: (typeof events)[number]) => (event.metadata.actor.kind === 'user' ? Number(event.metadata.actor.id) : null);
    const names = await ticketHistoryNames(ctx.db, principal.companyId, idsInHistory(events.map((event) => ({ data: event.data, actorUserId: actorUserId(event) }))));
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
  });
}

/**
 * The connection a new ticket runs on: the one chosen, or for "Conexão padrão" the user's default
 * connection, else the company's (a ticket on no connection could send nothing).
 */
async function newTicketConnection(ctx: ApiContext, companyId: number, whatsappId: number | null, userId: number) {
  if (whatsappId !== null) return findConnection(ctx.db, whatsappId, { companyId });
  const own = (await findUser(ctx.db, userId, companyId))?.whatsappId;
  return (own ? await findConnection(ctx.db, own, { companyId }) : null) ?? defaultConnection(ctx.db, companyId);
}

/** A ticket may only be put in a queue, or on a connection, of its own company. */
async function assertOwnQueueAndConnection(ctx: ApiContext, companyId: number, queueId: number | null | undefined, whatsappId: number | null | undefined) {
  if (queueId && (await existingQueueIds(ctx.db, companyId, [queueId])).length === 0) throw new DomainError('ERR_NO_QUEUE_FOUND');
  if (whatsappId && !(await findConnection(ctx.db, whatsappId, { companyId }))) throw new DomainError('ERR_NO_WAPP_FOUND');
}
