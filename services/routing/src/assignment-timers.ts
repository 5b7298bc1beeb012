import { DomainError, streams, ticketSlaStream } from '@conversa/contracts';
import { runCommand, ticketSla, userStatus } from '@conversa/core';
import { onlineButDisconnected } from '@conversa/projections/assignment/queries';
import { overdueClocks } from '@conversa/projections/sla/queries';
import { BOT_ACTOR, type RoutingRuntime } from './context';

/** An attendant whose sockets all went is away once this long has passed (a reload or a short drop keeps her online). */
export const AWAY_GRACE_MS = 60_000;

/**
 * The timers of assignment and SLA, run in the routing timers' pass (one process, under their lease):
 * online attendants whose sockets went past the grace become away; running SLA clocks past their due
 * moment record their breach (the webhook ticket.sla_breached). Each decider records a fact once, so a
 * pass run twice, or again after a crash, records nothing new.
 */
export function createAssignmentTimers(runtime: RoutingRuntime, options: { graceMs?: number } = {}) {
  const { ctx } = runtime;
  const grace = options.graceMs ?? AWAY_GRACE_MS;

  return {
    async away(now: Date): Promise<number[]> {
      const marked: number[] = [];
      for (const user of await onlineButDisconnected(ctx.db, new Date(now.getTime() - grace))) {
        const result = await runCommand(ctx, {
          decider: userStatus,
          streamId: streams.userStatus(user.userId),
          command: { type: 'MarkUserDisconnected', userId: user.userId },
          companyId: user.companyId,
          actor: BOT_ACTOR,
          commandId: `away:${user.userId}:${user.offlineSince}`,
        });
        if (result.events.length > 0) marked.push(user.userId);
      }
      return marked;
    },

    async breaches(now: Date): Promise<number[]> {
      const breached: number[] = [];
      for (const clock of await overdueClocks(ctx.db, now)) {
        try {
          const result = await runCommand(ctx, {
            decider: ticketSla,
            streamId: ticketSlaStream(clock.ticketId),
            command: {
              type: 'RecordSlaBreach',
              ticketId: clock.ticketId,
              queueId: clock.queueId,
              userId: clock.userId,
              clock: clock.clock,
              dueAt: clock.dueAt,
            },
            companyId: clock.companyId,
            actor: BOT_ACTOR,
          });
          if (result.events.length > 0) breached.push(clock.ticketId);
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          runtime.logger?.warn({ err: error, ticketId: clock.ticketId }, 'sla: breach refused');
        }
      }
      return breached;
    },
  };
}
