import { contactBotStream, DomainError, ticketSlotStream, type BotEvent, type RecordedEvent, type RecordedProductEvent } from '@conversa/contracts';
import {
  BOT_MARK,
  changeTicket,
  contactBot,
  loadTicket,
  queueOutboundMessage,
  runCommand,
  ticketSlot,
  type ExistingTicket,
  type HolderState,
  type TicketCommand,
  foldStream,
} from '@conversa/core';
import { defineReactor, type Projector } from '@conversa/platform';
import { v5 as uuidv5 } from 'uuid';
import { BOT_ACTOR, inParallel, loadExistingTicket, type RoutingRuntime } from './context';

type Data<T extends BotEvent['type']> = Extract<BotEvent, { type: T }>['data'];

/** Namespace of the bot's message ids: one journal event, one message, however often it is applied. */
const BOT_MESSAGE_NAMESPACE = 'c7d3a0e2-6f41-4b8e-9a55-1e2f3d4c5b6a';
export const botMessageId = (eventId: string) => uuidv5(eventId, BOT_MESSAGE_NAMESPACE);

export const ROUTING_EFFECTS = ['BotReplied', 'BotTicketChangeDecided', 'BotContactNoted', 'BotFilesSent', 'BotSpoke'] as const;
type Effect = RecordedProductEvent<(typeof ROUTING_EFFECTS)[number]>;

const holds = (status: ExistingTicket['status']) => status === 'pending' || status === 'open' || status === 'group' || status === 'lgpd' || status === 'nps';

/**
 * Carries out what the bot's journal recorded: replies are queued as the bot's messages (the
 * sender reactor sends them), ticket changes run as the ticket's commands, contact notes go to the
 * contact's journal. Every effect is keyed by its journal event (message id, command id), so a
 * batch applied again after a crash changes nothing twice. A ticket an attendant took meanwhile
 * refuses the bot's change with no events: the person wins.
 */
export function createRoutingEffectsReactor(runtime: RoutingRuntime, options: { concurrency?: number } = {}): Projector {
  const { ctx } = runtime;

  /** What each bot message on the event's ticket shares; null when the ticket is gone. */
  async function botMessage(event: RecordedEvent, ticketId: number) {
    const ticket = await loadExistingTicket(runtime, ticketId);
    if (!ticket) return null;
    return {
      companyId: event.metadata.companyId,
      actor: BOT_ACTOR,
      ticket: { id: ticket.ticketId, contactId: ticket.contactId, whatsappId: ticket.whatsappId, queueId: ticket.queueId },
      userId: null,
    };
  }

  async function reply(event: RecordedEvent, data: Data<'BotReplied'>) {
    const base = await botMessage(event, data.ticketId);
    if (base) await queueOutboundMessage(ctx, { ...base, body: `${BOT_MARK}${data.body}`, messageId: botMessageId(event.id) });
  }

  /** The list's message, then each file with its name as caption; each message id is stable per event and file. */
  async function files(event: RecordedEvent, data: Data<'BotFilesSent'>) {
    const base = await botMessage(event, data.ticketId);
    if (!base) return;
    if (data.message !== '') await queueOutboundMessage(ctx, { ...base, body: `${BOT_MARK}${data.message}`, messageId: botMessageId(`${event.id}:message`) });
    for (const file of data.files) {
      await queueOutboundMessage(ctx, { ...base, body: `${BOT_MARK}${file.name}`, media: file.media, messageId: botMessageId(`${event.id}:${file.optionId}`) });
    }
  }

  /** A connector's spoken answer, after its texts (the journal's order is the contact's). */
  async function speak(event: RecordedEvent, data: Data<'BotSpoke'>) {
    const base = await botMessage(event, data.ticketId);
    if (base) await queueOutboundMessage(ctx, { ...base, body: '', media: data.media, mediaType: 'audio', messageId: botMessageId(`${event.id}:audio`) });
  }

  async function change(event: RecordedEvent, data: Data<'BotTicketChangeDecided'>) {
    const companyId = event.metadata.companyId;
    const ticket = await loadExistingTicket(runtime, data.ticketId);
    if (!ticket) return;
    const run = (command: TicketCommand) => changeTicket(ctx, { companyId, actor: BOT_ACTOR, ticketId: ticket.ticketId, command, commandId: event.id });
    const change = data.change;
    switch (change.kind) {
      case 'assignQueue':
        await run({ type: 'AssignTicketQueue', queueId: change.queueId, reason: change.reason });
        return;
      case 'assignUser': {
        if (ticket.status !== 'pending' || ticket.userId !== null) return;
        const queueId = change.queueId ?? ticket.queueId;
        await run(queueId !== null ? { type: 'TransferTicket', userId: change.userId, queueId } : { type: 'AcceptTicket', userId: change.userId });
        return;
      }
      case 'requestLgpd':
        await run({ type: 'RequestLgpdConsent' });
        return;
      case 'answerLgpd':
        await run({ type: 'AnswerLgpdConsent', accepted: change.accepted });
        return;
      case 'close':
        if (ticket.status === 'closed') return;
        await run({ type: 'CloseTicket', userId: null, farewell: false, reason: 'automation' });
        return;
      case 'requestRating':
        // The close released the contact's slot: the ticket takes it back to wait for the rating,
        // unless the contact opened another ticket meanwhile (then no rating is asked here).
        if (ticket.status !== 'closed' || !(await reclaimSlot(companyId, ticket, event.id))) return;
        await run({ type: 'RequestTicketRating' });
        return;
      case 'setIntegration':
        if (ticket.status === 'closed') return;
        await run({
          type: 'SetTicketIntegration',
          useIntegration: change.useIntegration,
          ...(change.promptId !== undefined ? { promptId: change.promptId } : {}),
        });
        return;
      case 'rate':
      case 'expireRating': {
        const result = await run(change.kind === 'rate' ? { type: 'RateTicket', rating: change.rating } : { type: 'ExpireTicketRating' });
        if (result.state.status === 'closed') await releaseSlot(companyId, ticket, event.id);
        return;
      }
    }
  }

  async function reclaimSlot(companyId: number, ticket: ExistingTicket, eventId: string): Promise<boolean> {
    const streamId = ticketSlotStream(companyId, ticket.contactId, ticket.whatsappId);
    const slot = foldStream(ticketSlot, await ctx.store.readStream(streamId));
    let holder: { ticketId: number; state: HolderState } | undefined;
    if (slot.holder && slot.holder.ticketId !== ticket.ticketId) {
      const other = await loadTicket(ctx, slot.holder.ticketId);
      holder = { ticketId: slot.holder.ticketId, state: other.status === 'none' ? 'missing' : holds(other.status) ? 'active' : 'inactive' };
    }
    try {
      await runCommand(ctx, {
        decider: ticketSlot,
        streamId,
        command: { type: 'ClaimTicketSlot', ticketId: ticket.ticketId, contactId: ticket.contactId, whatsappId: ticket.whatsappId, holder },
        companyId,
        actor: BOT_ACTOR,
        commandId: `claim:${eventId}`,
      });
      return true;
    } catch (error) {
      if (error instanceof DomainError && error.code === 'ERR_OTHER_OPEN_TICKET') return false;
      throw error;
    }
  }

  async function releaseSlot(companyId: number, ticket: ExistingTicket, eventId: string) {
    await runCommand(ctx, {
      decider: ticketSlot,
      streamId: ticketSlotStream(companyId, ticket.contactId, ticket.whatsappId),
      command: { type: 'ReleaseTicketSlot', ticketId: ticket.ticketId },
      companyId,
      actor: BOT_ACTOR,
      commandId: `release:${eventId}`,
    });
  }

  async function note(event: RecordedEvent, data: Data<'BotContactNoted'>) {
    await runCommand(ctx, {
      decider: contactBot,
      streamId: contactBotStream(data.contactId),
      command:
        data.note === 'outOfHours'
          ? { type: 'NoteOutOfHours', contactId: data.contactId }
          : { type: 'RecordLgpdConsent', contactId: data.contactId, accepted: data.note === 'lgpdAccepted' },
      companyId: event.metadata.companyId,
      actor: BOT_ACTOR,
      commandId: event.id,
    });
  }

  async function apply(event: Effect): Promise<void> {
    try {
      switch (event.type) {
        case 'BotReplied':
          return await reply(event, event.data);
        case 'BotTicketChangeDecided':
          return await change(event, event.data);
        case 'BotContactNoted':
          return await note(event, event.data);
        case 'BotFilesSent':
          return await files(event, event.data);
        case 'BotSpoke':
          return await speak(event, event.data);
      }
    } catch (error) {
      // A rule said no (the ticket moved on, a queue was deleted): that effect is void. Faults retry the batch.
      if (!(error instanceof DomainError) || error.code === 'ERR_CONCURRENCY_RETRIES_EXHAUSTED') throw error;
      runtime.logger?.warn(
        { err: error, event: event.type, eventId: event.id, correlationId: event.metadata.correlationId },
        'routing: an effect of the bot was refused',
      );
    }
  }

  return defineReactor({
    name: 'routing-effects',
    eventTypes: ROUTING_EFFECTS,
    async react(events) {
      const lanes = new Map<number, Effect[]>();
      for (const event of events) {
        const { ticketId } = event.data;
        lanes.set(ticketId, [...(lanes.get(ticketId) ?? []), event]);
      }
      await inParallel([...lanes.values()], options.concurrency ?? 4, async (lane) => {
        for (const event of lane) await apply(event);
      });
    },
  });
}
