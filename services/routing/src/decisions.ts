import { DomainError, ticketBotStream, type RecordedEvent, type RecordedProductEvent } from '@conversa/contracts';
import { connectorOf, runCommand, ticketBot, type BotCommand, type CloseReason } from '@conversa/core';
import { BOT_LINGER_MS, defineReactor, type Projector } from '@conversa/platform';
import { batchRuntime, BOT_ACTOR, inParallel, loadContact, loadContactBot, loadExistingTicket, routingTicketOf, type RoutingRuntime } from './context';

/** The events the bot answers: a contact's message, and what attendants do to a ticket. */
export const ROUTING_TRIGGERS = [
  'MessageReceived',
  'TicketClosed',
  'TicketTransferred',
  'TicketAccepted',
  'TicketReopened',
  'TicketIntegrationToggled',
] as const;
export type RoutingTrigger = (typeof ROUTING_TRIGGERS)[number];
type Trigger = RecordedProductEvent<RoutingTrigger>;

const byAttendant = (event: RecordedEvent) => event.metadata.actor.kind === 'user';

/**
 * The routing reactor: for each trigger it loads the ticket's state (streams for the ticket, its
 * contact and the bot's journal; read models for the company's set-up), runs the pure routing rules
 * and records what they decide in the ticket's bot journal. The command id is the trigger's event
 * id, so a batch delivered again after a crash records nothing twice; the effects reactor then
 * carries the recorded decisions out.
 */
export function createRoutingReactor(runtime: RoutingRuntime, options: { concurrency?: number } = {}): Projector {
  async function commandFor(batch: RoutingRuntime, event: Trigger): Promise<BotCommand | null> {
    const { ctx, directory } = batch;
    const companyId = event.metadata.companyId;
    const { ticketId } = event.data;
    const ticket = await loadExistingTicket(batch, ticketId);
    if (!ticket) return null;
    const clock = { now: ctx.now(), timeZone: batch.timeZone(companyId) };

    if (event.type === 'TicketAccepted' || event.type === 'TicketReopened') {
      return byAttendant(event) ? { type: 'RouteAttendantTookOver', ticketId } : null;
    }

    if (event.type === 'TicketIntegrationToggled') {
      // The bot's own toggles follow its connector; only an attendant's switch arms or stops one.
      if (!byAttendant(event)) return null;
      const { data } = event;
      if (!data.useIntegration) return { type: 'RouteIntegrationToggle', ticketId, on: false, connector: null };
      const [connection, queue] = await Promise.all([
        directory.connection(ticket.whatsappId, companyId),
        ticket.queueId !== null ? directory.queue(companyId, ticket.queueId) : Promise.resolve(null),
      ]);
      const connector = typeof data.promptId === 'number' ? { kind: 'prompt' as const, id: data.promptId } : (connectorOf(queue) ?? connectorOf(connection));
      return { type: 'RouteIntegrationToggle', ticketId, on: true, connector };
    }

    // Groups are the attendants' alone: nothing to load for them.
    if (ticket.isGroup) return null;
    const found = await loadContact(batch, ticket.contactId);
    if (!found) return null;
    const [settings, connection] = await Promise.all([directory.settings(companyId), directory.connection(ticket.whatsappId, companyId)]);
    const routingTicket = routingTicketOf(ticket);

    switch (event.type) {
      case 'MessageReceived': {
        const { data } = event;
        const queues = await directory.menuQueues(connection);
        const [contactBot, companySchedules, waitingInQueue, otherQueues, lineQueueIds] = await Promise.all([
          loadContactBot(batch, ticket.contactId),
          settings.scheduleType === 'company' ? directory.companySchedules(companyId) : Promise.resolve([]),
          directory.waitingInQueues(companyId, [...new Set([...queues.map((queue) => queue.id), ...optionQueueIds(queues)])], ticketId),
          loadOptionTargets(batch, companyId, queues),
          settings.sendQueuePosition === 'enabled' ? directory.lineQueueIds(companyId) : Promise.resolve([]),
        ]);
        const fileLists = await loadFileLists(batch, companyId, [...queues, ...otherQueues]);
        return {
          type: 'RouteInbound',
          input: {
            clock,
            ticket: routingTicket,
            contact: found,
            contactBot,
            message: {
              messageId: data.messageId,
              body: data.body,
              mediaType: data.mediaType,
              receivedAt: data.receivedAt,
              recordedAt: event.metadata.occurredAt,
            },
            settings,
            connection,
            queues,
            otherQueues,
            companySchedules,
            waitingInQueue,
            lineQueueIds,
            fileLists,
          },
        };
      }
      case 'TicketClosed': {
        const { data } = event;
        // Reopened (or moved on) before the bot got to it: the close is history.
        if (ticket.status !== 'closed') return null;
        const closerId = data.userId ?? ticket.userId;
        const closer = closerId !== null ? await directory.user(companyId, closerId) : null;
        const queue = ticket.queueId !== null ? await directory.queue(companyId, ticket.queueId) : null;
        return {
          type: 'RouteClosing',
          input: {
            clock,
            ticket: { ...routingTicket, userId: closerId },
            contact: found,
            settings,
            connection,
            reason: data.reason as CloseReason,
            farewell: data.farewell,
            // The tickets API posts the attendant's own farewellMessage with a close that asks for a farewell.
            attendantFarewellSent: data.farewell && byAttendant(event) && (closer?.farewellMessage.trim() ?? '') !== '',
            userName: closer?.name ?? null,
            queueName: queue?.name ?? null,
          },
        };
      }
      case 'TicketTransferred': {
        const { data } = event;
        const [queue, user] = await Promise.all([
          directory.queue(companyId, data.to.queueId),
          data.to.userId !== null ? directory.user(companyId, data.to.userId) : null,
        ]);
        return {
          type: 'RouteTransfer',
          input: {
            clock,
            ticket: routingTicket,
            contact: found,
            settings,
            connection,
            byAttendant: byAttendant(event),
            toQueueName: queue?.name ?? null,
            toUserName: user?.name ?? null,
          },
        };
      }
    }
    return null;
  }

  async function route(batch: RoutingRuntime, event: Trigger): Promise<void> {
    const command = await commandFor(batch, event);
    if (!command) return;
    const { ticketId } = event.data;
    try {
      await runCommand(batch.ctx, {
        decider: ticketBot,
        streamId: ticketBotStream(ticketId),
        command,
        companyId: event.metadata.companyId,
        actor: BOT_ACTOR,
        commandId: `${event.type}:${event.id}`,
        correlationId: event.metadata.correlationId,
        causationId: event.id,
      });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      runtime.logger?.warn(
        { err: error, ticketId, trigger: event.type, correlationId: event.metadata.correlationId },
        'routing: the bot could not record its decision',
      );
    }
  }

  return defineReactor({
    name: 'routing',
    lingerMs: BOT_LINGER_MS,
    eventTypes: ROUTING_TRIGGERS,
    async react(events) {
      // One lane per ticket keeps a conversation's triggers in order; tickets run side by side.
      const lanes = new Map<number, Trigger[]>();
      for (const event of events) {
        const { ticketId } = event.data;
        if (typeof ticketId !== 'number') continue;
        lanes.set(ticketId, [...(lanes.get(ticketId) ?? []), event]);
      }
      if (lanes.size === 0) return;
      const batch = await batchRuntime(runtime, events);
      await inParallel([...lanes.values()], options.concurrency ?? 4, async (lane) => {
        for (const event of lane) await route(batch, event);
      });
    },
  });
}

function optionQueueIds(queues: readonly { options: readonly OptionLike[] }[]): number[] {
  const ids: number[] = [];
  const walk = (options: readonly OptionLike[]) => {
    for (const option of options) {
      if (option.queueType === 'queue' && option.optQueueId !== null) ids.push(option.optQueueId);
      walk(option.options);
    }
  };
  for (const queue of queues) walk(queue.options);
  return ids;
}
type OptionLike = { queueType: string; optQueueId: number | null; optFileId?: number | null; options: readonly OptionLike[] };

/** The file lists the queues and their `file` options name: read only when some queue names one. */
async function loadFileLists(runtime: RoutingRuntime, companyId: number, queues: readonly { fileListId?: number | null; options: readonly OptionLike[] }[]) {
  const ids = new Set<number>();
  const walk = (options: readonly OptionLike[]) => {
    for (const option of options) {
      if (option.queueType === 'file' && typeof option.optFileId === 'number') ids.add(option.optFileId);
      walk(option.options);
    }
  };
  for (const queue of queues) {
    if (typeof queue.fileListId === 'number') ids.add(queue.fileListId);
    walk(queue.options);
  }
  if (ids.size === 0) return {};
  const lists = await runtime.directory.fileLists(companyId, [...ids]);
  return Object.fromEntries(lists.map((list) => [list.id, list]));
}

/** Queues the chatbot trees send tickets to that the connection's menu does not offer. */
async function loadOptionTargets(runtime: RoutingRuntime, companyId: number, queues: Awaited<ReturnType<RoutingRuntime['directory']['menuQueues']>>) {
  const offered = new Set(queues.map((queue) => queue.id));
  const targets = [...new Set(optionQueueIds(queues))].filter((id) => !offered.has(id));
  const found = await Promise.all(targets.map((id) => runtime.directory.queue(companyId, id)));
  return found.filter((queue) => queue !== null);
}
