import { DomainError, ticketSlotStream, ticketStream, type Actor, type Channel, type Position } from '@conversa/contracts';
import { randomUUID } from 'node:crypto';
import { foldStream } from '../commands/decider';
import type { CommandResult } from '../commands/handle';
import { runCommand, type CommandContext } from '../commands/run';
import type { IdAllocator } from '../ids';
import { ticket, type ExistingTicket, type Ticket, type TicketCommand } from './ticket';
import { ABANDONED_CLAIM_MS, ticketSlot, type HolderState } from './ticket-slot';

export interface OpenTicketInput {
  companyId: number;
  actor: Actor;
  contactId: number;
  whatsappId: number | null;
  channel: Channel;
  isGroup: boolean;
  userId?: number | null;
  queueId?: number | null;
  status?: 'pending' | 'open';
  /** Opened by hand by an attendant: whether they are of the ticketsAdmin audience (who alone may leave the queue empty). */
  byHand?: { ticketsAdmin: boolean };
  /**
   * Inbound messages and scheduled messages reuse the contact's open or pending ticket on that connection;
   * an attendant creating a ticket by hand is told about it instead (ERR_OTHER_OPEN_TICKET).
   */
  reuseOpen: boolean;
}

export interface OpenedTicket {
  ticketId: number;
  uuid: string;
  created: boolean;
  /** The ticket's queue now (the found ticket's, or the one it was created in): what its messages record. */
  queueId: number | null;
  position: Position | null;
}

/** Holds the contact: being attended, waiting, or waiting for the contact's answer to the bot (lgpd, nps). */
const isActive = (state: Ticket) =>
  state.status === 'pending' || state.status === 'open' || state.status === 'group' || state.status === 'lgpd' || state.status === 'nps';
const inFlightPause = () => new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20));

async function loadTicket(ctx: CommandContext, ticketId: number): Promise<Ticket> {
  return foldStream(ticket, await ctx.store.readStream(ticketStream(ticketId)));
}

/** Who holds the slot now, and in what state their ticket is. */
async function inspectSlot(ctx: CommandContext, streamId: string) {
  const slot = foldStream(ticketSlot, await ctx.store.readStream(streamId));
  if (!slot.holder) return { holder: undefined };
  const holderTicket = await loadTicket(ctx, slot.holder.ticketId);
  const state: HolderState = holderTicket.status === 'none' ? 'missing' : isActive(holderTicket) ? 'active' : 'inactive';
  const fresh = ctx.now().getTime() - Date.parse(slot.holder.claimedAt) <= ABANDONED_CLAIM_MS;
  return { holder: { ticketId: slot.holder.ticketId, state, inFlight: state === 'missing' && fresh, ticket: holderTicket } };
}

/**
 * Creates a ticket for a contact on a connection, or (with `reuseOpen`) finds the one already
 * there. The slot stream's expected revision lets one creator win however many race; the ticket
 * stream is written after the claim, so a claim whose ticket is still missing is a creation in flight.
 */
export async function openTicket(ctx: CommandContext & { ids: IdAllocator }, input: OpenTicketInput): Promise<OpenedTicket> {
  const slotStream = ticketSlotStream(input.companyId, input.contactId, input.whatsappId);
  const creation = (ticketId: number, uuid: string): TicketCommand => ({
    type: 'CreateTicket',
    ticketId,
    uuid,
    contactId: input.contactId,
    whatsappId: input.whatsappId,
    queueId: input.queueId ?? null,
    userId: input.userId ?? null,
    status: input.status ?? 'pending',
    isGroup: input.isGroup,
    channel: input.channel,
    ...(input.byHand ? { byHand: input.byHand } : {}),
  });
  // The decider's refusals come before the slot is claimed: a refused creation must not hold the contact's slot.
  ticket.decide(ticket.initialState(), creation(0, randomUUID()), { now: ctx.now() });
  let ticketId: number | undefined;
  for (;;) {
    const { holder } = await inspectSlot(ctx, slotStream);
    if (holder && (holder.state === 'active' || holder.inFlight)) {
      if (!input.reuseOpen) throw new DomainError('ERR_OTHER_OPEN_TICKET', undefined, { ticketId: holder.ticketId });
      if (holder.state === 'active') {
        const found = holder.ticket as ExistingTicket;
        return { ticketId: found.ticketId, uuid: found.uuid, created: false, queueId: found.queueId, position: null };
      }
      await inFlightPause();
      continue;
    }
    ticketId ??= await ctx.ids.next('ticket');
    try {
      await runCommand(ctx, {
        decider: ticketSlot,
        streamId: slotStream,
        command: {
          type: 'ClaimTicketSlot',
          ticketId,
          contactId: input.contactId,
          whatsappId: input.whatsappId,
          holder: holder && { ticketId: holder.ticketId, state: holder.state },
        },
        companyId: input.companyId,
        actor: input.actor,
      });
    } catch (error) {
      // Another creator won the race: look again at who holds the slot.
      if (error instanceof DomainError && error.code === 'ERR_OTHER_OPEN_TICKET') continue;
      throw error;
    }
    const uuid = randomUUID();
    const queueId = input.queueId ?? null;
    const result = await runCommand(ctx, {
      decider: ticket,
      streamId: ticketStream(ticketId),
      command: creation(ticketId, uuid),
      companyId: input.companyId,
      actor: input.actor,
      // The id is fresh from its sequence: no stream has it yet.
      knownHistory: [],
    });
    return { ticketId, uuid, created: true, queueId, position: result.position };
  }
}

export interface ChangeTicketInput {
  companyId: number;
  actor: Actor;
  ticketId: number;
  command: TicketCommand;
  commandId?: string;
}

/**
 * Runs a command on a ticket and keeps its contact's slot in step: a reopened ticket claims the
 * slot first (another open ticket of the contact wins, ERR_OTHER_OPEN_TICKET), a closed or deleted
 * one releases it after. A crash between the two leaves a slot held by a closed ticket, which the
 * next claimer sees as free.
 */
export async function changeTicket(ctx: CommandContext, input: ChangeTicketInput): Promise<CommandResult<Ticket>> {
  const { companyId, actor } = input;
  const current = await loadTicket(ctx, input.ticketId);
  if (current.status === 'none' || current.status === 'deleted') throw new DomainError('ERR_NO_TICKET_FOUND');
  const slotStream = ticketSlotStream(companyId, current.contactId, current.whatsappId);

  const reopening = input.command.type === 'ReopenTicket' || (input.command.type === 'UpdateTicket' && input.command.change?.type === 'ReopenTicket');
  if (reopening && current.status === 'closed') {
    const { holder } = await inspectSlot(ctx, slotStream);
    if (holder && holder.ticketId !== current.ticketId && (holder.state === 'active' || holder.inFlight)) {
      throw new DomainError('ERR_OTHER_OPEN_TICKET', undefined, { ticketId: holder.ticketId });
    }
    await runCommand(ctx, {
      decider: ticketSlot,
      streamId: slotStream,
      command: {
        type: 'ClaimTicketSlot',
        ticketId: current.ticketId,
        contactId: current.contactId,
        whatsappId: current.whatsappId,
        holder: holder && { ticketId: holder.ticketId, state: holder.state },
      },
      companyId,
      actor,
    });
  }

  const result = await runCommand(ctx, {
    decider: ticket,
    streamId: ticketStream(input.ticketId),
    command: input.command,
    companyId,
    actor,
    commandId: input.commandId,
  });
  if (result.events.some((event) => event.type === 'TicketClosed' || event.type === 'TicketDeleted')) {
    await runCommand(ctx, { decider: ticketSlot, streamId: slotStream, command: { type: 'ReleaseTicketSlot', ticketId: input.ticketId }, companyId, actor });
  }
  return result;
}

export { loadTicket };
