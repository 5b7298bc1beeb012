import { DomainError, ticketBotStream, type RecordedProductEvent } from '@conversa/contracts';
import { runCommand, ticketBot } from '@conversa/core';
import { defineReactor, type Projector } from '@conversa/platform';
import { findQueueWork } from '@conversa/projections/assignment/queries';
import { BOT_ACTOR, inParallel, loadBot, loadExistingTicket, routingTicketOf, type RoutingRuntime } from './context';

/** The journal events after which the bot may have finished routing a ticket into a queue. */
export const RANDOM_USER_TRIGGERS = ['BotHandedOver', 'BotTicketChangeDecided'] as const;

type Trigger = RecordedProductEvent<(typeof RANDOM_USER_TRIGGERS)[number]>;

/**
 * userRandom: once the bot has routed a ticket into a queue, a random online user of
 * that queue is given it. This reactor reads the bot's journal: after a hand-over, or a queue the
 * bot chose (timeSendQueue after the bot had already given up), it draws a number and records the
 * pure rule's decision (routeRandomUser) in the same journal; the effects reactor then assigns the
 * user like any of the bot's changes. The command id is the journal event's id, so a batch
 * delivered again records nothing twice, and the rule assigns at most once per placement.
 * `random` is the source of the draw (tests pass a seeded one); the rule itself draws nothing.
 */
export function createRandomUserReactor(runtime: RoutingRuntime, options: { random?: () => number; concurrency?: number } = {}): Projector {
  const { ctx, directory } = runtime;
  const random = options.random ?? Math.random;

  const mayFinishRouting = (event: Trigger) => event.type === 'BotHandedOver' || event.data.change.kind === 'assignQueue';

  async function consider(event: Trigger): Promise<void> {
    const companyId = event.metadata.companyId;
    const { ticketId } = event.data;
    const settings = await directory.settings(companyId);
    if (settings.userRandom !== 'enabled') return;
    const [bot, ticket] = await Promise.all([loadBot(runtime, ticketId), loadExistingTicket(runtime, ticketId)]);
    if (!ticket || bot.queueId === null || bot.userAssigned || bot.menu !== null) return;
    // A queue with assignment on hands its line out by capacity (assignment.ts), not at random.
    if ((await findQueueWork(ctx.db, companyId, bot.queueId)).autoAssign) return;
    const queue = await directory.queue(companyId, bot.queueId);
    const onlineUserIds = queue && !queue.ativarRoteador ? await directory.onlineUsersOfQueue(companyId, queue.id) : [];
    try {
      await runCommand(ctx, {
        decider: ticketBot,
        streamId: ticketBotStream(ticketId),
        command: {
          type: 'RouteRandomUser',
          input: {
            clock: { now: ctx.now(), timeZone: runtime.timeZone(companyId) },
            ticket: routingTicketOf(ticket),
            settings,
            queue,
            onlineUserIds,
            draw: random(),
            routedAt: event.metadata.occurredAt,
          },
        },
        companyId,
        actor: BOT_ACTOR,
        commandId: `random-user:${event.id}`,
        correlationId: event.metadata.correlationId,
        causationId: event.id,
      });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      runtime.logger?.warn({ err: error, ticketId, correlationId: event.metadata.correlationId }, 'routing: the random attendant could not be recorded');
    }
  }

  return defineReactor({
    name: 'routing-random-user',
    eventTypes: RANDOM_USER_TRIGGERS,
    async react(events) {
      // One lane per ticket: a ticket's journal events in order; tickets side by side.
      const lanes = new Map<number, Trigger[]>();
      for (const event of events) {
        if (!mayFinishRouting(event)) continue;
        const { ticketId } = event.data;
        lanes.set(ticketId, [...(lanes.get(ticketId) ?? []), event]);
      }
      await inParallel([...lanes.values()], options.concurrency ?? 4, async (lane) => {
        for (const event of lane) await consider(event);
      });
    },
  });
}
