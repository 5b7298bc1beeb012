import {
  DomainError,
  ticketChannelOf,
  type Channel,
  type ConnectionChannel,
  type CreateTicketRequest,
  type Position,
  type TicketView,
  type UpdateTicketRequest,
} from '@conversa/contracts';
import type { z } from 'zod';
import { userActor, type CommandContext } from '../commands/run';
import type { IdAllocator } from '../ids';
import { changeTicket, openTicket, type OpenedTicket } from './lifecycle';
import type { TicketCommand, TicketStatusChange } from './ticket';

/** Who asks: the signed-in user, and whether they are of the role table's ticketsAdmin audience. */
export interface TicketCaller {
  companyId: number;
  userId: number;
  ticketsAdmin: boolean;
}

/** What the ticket requests are checked against (the read models), as the caller sees them. */
export interface TicketLookup {
  /** The ticket if the caller may see it, else null. */
  visibleTicket(ticketId: number): Promise<TicketView | null>;
  /** Who holds a ticket, for ERR_OTHER_OPEN_TICKET's answer. */
  holder(ticketId: number): Promise<{ userId: number | null; userName: string | null; queueName: string | null; uuid: string } | null>;
  contact(contactId: number): Promise<{ id: number; channel: Channel; isGroup: boolean } | null>;
  /** A user of the company (null when not), with their default connection. */
  user(userId: number): Promise<{ whatsappId: number | null } | null>;
  queueExists(queueId: number): Promise<boolean>;
  promptExists(promptId: number): Promise<boolean>;
  /** A connection of the company, or its default one. */
  connection(whatsappId: number): Promise<{ id: number; channel: ConnectionChannel } | null>;
  defaultConnection(): Promise<{ id: number; channel: ConnectionChannel } | null>;
  /** The company's requiredTag setting. */
  requiredTag(): Promise<boolean>;
}

/** ERR_OTHER_OPEN_TICKET names who holds the contact's open ticket (user, queue and uuid). */
async function explainOtherOpenTicket(lookup: TicketLookup, error: unknown): Promise<never> {
  if (error instanceof DomainError && error.code === 'ERR_OTHER_OPEN_TICKET' && typeof error.details?.ticketId === 'number') {
    const holder = await lookup.holder(error.details.ticketId);
    if (holder) throw new DomainError('ERR_OTHER_OPEN_TICKET', JSON.stringify(holder), { ...holder, ticketId: error.details.ticketId });
  }
  throw error;
}

/**
 * POST /tickets: an attendant opens a ticket for a contact. The connection is the one chosen, or for
 * "Conexão padrão" the user's default connection, else the company's (a ticket on no connection could
 * send nothing); the queue rule ('Selecione uma fila') is the decider's.
 */
export async function openTicketByHand(
  ctx: CommandContext & { ids: IdAllocator },
  input: { caller: TicketCaller; request: z.output<typeof CreateTicketRequest>; lookup: TicketLookup },
): Promise<OpenedTicket> {
  const { caller, request, lookup } = input;
  const contact = await lookup.contact(request.contactId);
  if (!contact) throw new DomainError('ERR_NO_CONTACT_FOUND');
  const userId = request.status === 'open' ? (request.userId ?? caller.userId) : null;
  if (userId !== null && userId !== caller.userId && !(await lookup.user(userId))) throw new DomainError('ERR_NO_USER_FOUND');
  if (request.queueId && !(await lookup.queueExists(request.queueId))) throw new DomainError('ERR_NO_QUEUE_FOUND');
  let connection: { id: number; channel: ConnectionChannel } | null;
  if (request.whatsappId) {
    connection = await lookup.connection(request.whatsappId);
    if (!connection) throw new DomainError('ERR_NO_WAPP_FOUND');
  } else {
    const own = (await lookup.user(caller.userId))?.whatsappId;
    connection = (own ? await lookup.connection(own) : null) ?? (await lookup.defaultConnection());
  }
  return openTicket(ctx, {
    companyId: caller.companyId,
    actor: userActor(caller.userId),
    contactId: contact.id,
    whatsappId: connection?.id ?? null,
    channel: connection ? ticketChannelOf(connection.channel) : contact.channel,
    isGroup: contact.isGroup,
    userId,
    queueId: request.queueId ?? null,
    status: request.status,
    byHand: { ticketsAdmin: caller.ticketsAdmin },
    reuseOpen: false,
  }).catch((error) => explainOtherOpenTicket(lookup, error));
}

/**
 * PUT /tickets/{id}: the integration switch and the move the form asks, checked against the read
 * models and decided as one command, appended at once: a refused move leaves nothing applied.
 * The attendant's greeting and farewell follow from its events (a reactor).
 */
export async function updateTicket(
  ctx: CommandContext,
  input: { caller: TicketCaller; ticketId: number; changes: UpdateTicketRequest; lookup: TicketLookup },
): Promise<{ position: Position | null }> {
  const { caller, ticketId, changes, lookup } = input;
  const current = await lookup.visibleTicket(ticketId);
  if (!current) throw new DomainError('ERR_NO_TICKET_FOUND');
  const command = ticketUpdateFor(current, changes, caller);
  if (changes.userId && changes.userId !== caller.userId && !(await lookup.user(changes.userId))) throw new DomainError('ERR_NO_USER_FOUND');
  // Sending the ticket's own queue back (a form echoing it) is no change to check.
  if (changes.queueId && changes.queueId !== current.queueId && !(await lookup.queueExists(changes.queueId))) throw new DomainError('ERR_NO_QUEUE_FOUND');
  // The prompt the ticket's integration switch arms must be the company's.
  if (typeof changes.promptId === 'number' && changes.promptId !== current.promptId && !(await lookup.promptExists(changes.promptId))) {
    throw new DomainError('ERR_NO_PROMPT_FOUND', undefined, { promptIds: [changes.promptId] });
  }
  if (!command.integration && !command.change) return { position: null };
  // Only closing as resolved asks the setting (requiredTag): other changes skip that read.
  if (command.change?.type === 'CloseTicket' && command.change.reason === 'resolved') {
    command.change = { ...command.change, requiredTag: { enabled: await lookup.requiredTag(), contactHasTags: current.tags.length > 0 } };
  }
  const result = await changeTicket(ctx, { companyId: caller.companyId, actor: userActor(caller.userId), ticketId, command }).catch((error) =>
    explainOtherOpenTicket(lookup, error),
  );
  return { position: result.position };
}

/** GET /tickets/u/{uuid}: opening a ticket is an access in its log and reads its waiting messages, in one append. */
export async function openTicketConversation(ctx: CommandContext, input: { caller: TicketCaller; ticket: TicketView }): Promise<{ position: Position | null }> {
  const { caller, ticket } = input;
  const readUpTo = ticket.unreadMessages > 0 ? ctx.now().toISOString() : null;
  const result = await changeTicket(ctx, {
    companyId: caller.companyId,
    actor: userActor(caller.userId),
    ticketId: ticket.id,
    command: { type: 'OpenTicketConversation', userId: caller.userId, readUpTo },
  });
  return { position: result.position };
}

/**
 * PUT /tickets/{id} names the state the browser wants; this reads which ticket transition that is,
 * so the ticket's history records facts (accepted, transferred…), not form echoes.
 */
export function ticketUpdateFor(current: TicketView, body: UpdateTicketRequest, me: { userId: number }): Extract<TicketCommand, { type: 'UpdateTicket' }> {
  const command: Extract<TicketCommand, { type: 'UpdateTicket' }> = { type: 'UpdateTicket' };
  if (body.useIntegration !== undefined || body.promptId !== undefined || body.amountUsedBotQueues !== undefined) {
    command.integration = {
      useIntegration: body.useIntegration ?? current.useIntegration,
      ...(body.promptId !== undefined ? { promptId: body.promptId } : {}),
      ...(body.amountUsedBotQueues !== undefined ? { amountUsedBotQueues: body.amountUsedBotQueues } : {}),
    };
  }
  const change = statusChangeFor(current, body, me);
  if (change) command.change = change;
  return command;
}

function statusChangeFor(current: TicketView, body: UpdateTicketRequest, me: { userId: number }): TicketStatusChange | null {
  const queueId = body.queueId === undefined ? current.queueId : body.queueId;
  switch (body.status) {
    case 'closed':
      if (current.status === 'pending') return { type: 'CloseTicket', userId: me.userId, farewell: false, reason: 'ignored' };
      return { type: 'CloseTicket', userId: me.userId, farewell: body.sendFarewellMessage ?? !body.isFinished, reason: 'resolved' };
    case 'open':
    case 'group': {
      const userId = body.userId ?? me.userId;
      if (current.status === 'closed') return { type: 'ReopenTicket', userId, queueId };
      if (current.status === 'pending' && userId === me.userId && (current.queueId === null || queueId === current.queueId))
        return { type: 'AcceptTicket', userId, queueId };
      // Taking for oneself a ticket someone else already holds is a late accept: the answer names the holder.
      if ((current.status === 'open' || current.status === 'group') && current.userId !== me.userId && userId === me.userId)
        return { type: 'AcceptTicket', userId, queueId };
      return { type: 'TransferTicket', userId, queueId };
    }
    case 'pending':
      if (!body.userId && queueId === current.queueId) return { type: 'ReturnTicketToQueue' };
      return { type: 'TransferTicket', userId: body.userId ?? null, queueId };
    case undefined:
      if (body.userId !== undefined || body.queueId !== undefined)
        return { type: 'TransferTicket', userId: body.userId === undefined ? current.userId : body.userId, queueId };
      return null;
  }
  // Statuses the form never sends (lgpd, nps): no move.
  return null;
}
