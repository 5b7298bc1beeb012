import { DomainError, isProductEvent, queueRotationStream, ticketBotStream, type Position } from '@conversa/contracts';
import { expiryMinutes, idleSince, queueRotation, runCommand, ticketBot, type BotCommand, type InactivityInput } from '@conversa/core';
import {
  connectionsWith,
  idleAttendedTickets,
  ratingsAskedBefore,
  ticketsWaitingSince,
  waitingGroups,
  type TicketClocks,
} from '@conversa/projections/routing/queries';
import { findQueueWork } from '@conversa/projections/assignment/queries';
import { BOT_ACTOR, loadContact, loadExistingTicket, routingTicketOf, type RoutingRuntime } from './context';
import type { DirectoryConnection } from './directory';
import { createAssignmentTimers } from './assignment-timers';

/** What one pass of the timers recorded (a repeated pass records nothing new). */
export interface TimerReport {
  warned: number[];
  expired: number[];
  ratingsLapsed: number[];
  movedToQueue: number[];
  rotated: number[];
  /** Attendants made away: their sockets went past the grace. */
  away: number[];
  /** Tickets whose SLA clock breached in this pass. */
  slaBreached: number[];
  /** Where the recorded decisions landed, for callers that wait on the read models. */
  positions: Position[];
}

const MINUTE = 60_000;
/** How many tickets one pass takes per connection or queue; the rest wait for the next pass. */
const DEFAULT_BATCH = 200;

/**
 * The routing timers (spec 2 expiresTicket and the inactivity warning, expiresTicketNPS,
 * timeSendQueue, queue rotation). Each pass finds the due tickets in read.ticket_routing, reads
 * each one's streams, and records the pure rules' decision in its bot journal under a command id
 * made of the timer and the moment it counts from: a pass run twice, or again after a restart,
 * records each decision once; a decision recorded just before a crash is carried out by the
 * effects reactor all the same. The timers keep no state of their own: it all lives in events.
 */
export function createRoutingTimers(runtime: RoutingRuntime, options: { batchSize?: number; awayGraceMs?: number } = {}) {
  const { ctx, directory } = runtime;
  const batch = options.batchSize ?? DEFAULT_BATCH;
  const assignment = createAssignmentTimers(runtime, { graceMs: options.awayGraceMs });

  async function decide(
    companyId: number,
    ticketId: number,
    command: BotCommand,
    commandId: string,
  ): Promise<{ recorded: boolean; position: Position | null }> {
    try {
      const result = await runCommand(ctx, { decider: ticketBot, streamId: ticketBotStream(ticketId), command, companyId, actor: BOT_ACTOR, commandId });
      return { recorded: !result.repeated && result.events.length > 0, position: result.position };
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      runtime.logger?.warn({ err: error, ticketId, commandId }, 'routing timer: decision refused');
      return { recorded: false, position: null };
    }
  }

  async function inactivity(report: TimerReport, now: Date) {
    for (const { whatsappId, companyId } of await connectionsWith(ctx.db, 'open')) {
      const connection = whatsappId === null ? null : await directory.connection(whatsappId, companyId);
      const closeAfter = expiryMinutes(connection, runtime.defaultAutoCloseMinutes);
      const warnAfter = connection && connection.timeInactiveMessage > 0 && connection.inactiveMessage.trim() ? connection.timeInactiveMessage : 0;
      const soonest = Math.min(...[closeAfter, warnAfter].filter((minutes) => minutes > 0));
      if (!Number.isFinite(soonest)) continue;
      const fromContact = (connection?.whenExpiresTicket ?? '0') === '0';
      for (const clocks of await idleAttendedTickets(ctx.db, whatsappId, new Date(now.getTime() - soonest * MINUTE), fromContact, batch)) {
        const input = await inactivityInput(clocks, connection, now);
        if (!input) continue;
        const since = idleSince(input);
        const phase = closeAfter > 0 && now.getTime() - Date.parse(since) >= closeAfter * MINUTE ? 'expire' : 'warn';
        const outcome = await decide(clocks.companyId, clocks.ticketId, { type: 'RouteInactivity', input }, `inactivity-${phase}:${since}`);
        if (outcome.recorded) (phase === 'expire' ? report.expired : report.warned).push(clocks.ticketId);
        if (outcome.position) report.positions.push(outcome.position);
      }
    }
  }

  async function inactivityInput(clocks: TicketClocks, connection: DirectoryConnection | null, now: Date): Promise<InactivityInput | null> {
    const ticket = await loadExistingTicket(runtime, clocks.ticketId);
    const contact = ticket && (await loadContact(runtime, ticket.contactId));
    if (!ticket || !contact || clocks.openedAt === null) return null;
    return {
      clock: { now, timeZone: runtime.timeZone(clocks.companyId) },
      ticket: routingTicketOf(ticket),
      contact,
      connection,
      defaultAutoCloseMinutes: runtime.defaultAutoCloseMinutes,
      openedAt: clocks.openedAt,
      lastContactMessageAt: clocks.lastContactMessageAt,
      lastMessageAt: clocks.lastMessageAt,
    };
  }

  async function ratings(report: TimerReport, now: Date) {
    for (const { whatsappId, companyId } of await connectionsWith(ctx.db, 'nps')) {
      const connection = whatsappId === null ? null : await directory.connection(whatsappId, companyId);
      const after = connection && connection.expiresTicketNPS > 0 ? connection.expiresTicketNPS : runtime.defaultAutoCloseMinutes;
      if (after <= 0) continue;
      for (const clocks of await ratingsAskedBefore(ctx.db, whatsappId, new Date(now.getTime() - after * MINUTE), batch)) {
        const ticket = await loadExistingTicket(runtime, clocks.ticketId);
        if (!ticket || clocks.ratingRequestedAt === null) continue;
        const input = {
          clock: { now, timeZone: runtime.timeZone(clocks.companyId) },
          ticket: routingTicketOf(ticket),
          connection,
          defaultAutoCloseMinutes: runtime.defaultAutoCloseMinutes,
          requestedAt: clocks.ratingRequestedAt,
        };
        const outcome = await decide(clocks.companyId, clocks.ticketId, { type: 'RouteRatingExpiry', input }, `rating-expiry:${clocks.ratingRequestedAt}`);
        if (outcome.recorded) report.ratingsLapsed.push(clocks.ticketId);
        if (outcome.position) report.positions.push(outcome.position);
      }
    }
  }

  async function waiting(report: TimerReport, now: Date) {
    for (const group of await waitingGroups(ctx.db)) {
      if (group.queueId === null) await sendToQueue(report, now, group.companyId, group.whatsappId);
    }
    const queues = new Map<string, { companyId: number; queueId: number }>();
    for (const group of await waitingGroups(ctx.db)) {
      if (group.queueId !== null) queues.set(`${group.companyId}:${group.queueId}`, { companyId: group.companyId, queueId: group.queueId });
    }
    for (const { companyId, queueId } of queues.values()) await rotate(report, now, companyId, queueId);
  }

  async function sendToQueue(report: TimerReport, now: Date, companyId: number, whatsappId: number | null) {
    const connection = whatsappId === null ? null : await directory.connection(whatsappId, companyId);
    if (!connection || connection.timeSendQueue <= 0 || connection.sendIdQueue === null) return;
    const cutoff = new Date(now.getTime() - connection.timeSendQueue * MINUTE);
    for (const clocks of await ticketsWaitingSince(ctx.db, { companyId, queueId: null, whatsappId }, cutoff, batch)) {
      const ticket = await loadExistingTicket(runtime, clocks.ticketId);
      if (!ticket || clocks.waitingSince === null) continue;
      const input = { clock: { now, timeZone: runtime.timeZone(companyId) }, ticket: routingTicketOf(ticket), connection, waitingSince: clocks.waitingSince };
      const outcome = await decide(companyId, clocks.ticketId, { type: 'RouteSendQueue', input }, `send-queue:${clocks.waitingSince}`);
      if (outcome.recorded) report.movedToQueue.push(clocks.ticketId);
      if (outcome.position) report.positions.push(outcome.position);
    }
  }

  async function rotate(report: TimerReport, now: Date, companyId: number, queueId: number) {
    const queue = await directory.queue(companyId, queueId);
    if (!queue || !queue.ativarRoteador || (await findQueueWork(ctx.db, companyId, queueId)).autoAssign) return;
    const due = await ticketsWaitingSince(ctx.db, { companyId, queueId }, new Date(now.getTime() - Math.max(queue.tempoRoteador, 0) * MINUTE), batch);
    if (due.length === 0) return;
    const online = await directory.onlineUsersOfQueue(companyId, queueId);
    if (online.length === 0) return;
    for (const clocks of due) {
      const ticket = await loadExistingTicket(runtime, clocks.ticketId);
      if (!ticket || clocks.waitingSince === null || ticket.status !== 'pending' || ticket.userId !== null || ticket.queueId !== queueId) continue;
      const key = `rotation:${clocks.ticketId}:${clocks.waitingSince}`;
      // Whose turn: decided once per ticket and wait (the command id), so a repeated pass hands the same turn.
      const turn = await runCommand(ctx, {
        decider: queueRotation,
        streamId: queueRotationStream(queueId),
        command: { type: 'TakeTurn', queueId, ticketId: clocks.ticketId, onlineUserIds: online },
        companyId,
        actor: BOT_ACTOR,
        commandId: key,
      });
      const taken = turn.events[0];
      const userId = taken && isProductEvent(taken, 'QueueRotationAdvanced') ? taken.data.userId : null;
      if (userId === null) continue;
      const input = {
        clock: { now, timeZone: runtime.timeZone(companyId) },
        ticket: routingTicketOf(ticket),
        queue,
        waitingSince: clocks.waitingSince,
        userId,
      };
      const outcome = await decide(companyId, clocks.ticketId, { type: 'RouteRotation', input }, key);
      if (outcome.recorded) report.rotated.push(clocks.ticketId);
      if (outcome.position) report.positions.push(outcome.position);
    }
  }

  return {
    /** One pass over every timer as of `now`. */
    async tick(now: Date = ctx.now()): Promise<TimerReport> {
      const report: TimerReport = { warned: [], expired: [], ratingsLapsed: [], movedToQueue: [], rotated: [], away: [], slaBreached: [], positions: [] };
      for (const [name, pass] of [
        ['inactivity', inactivity],
        ['ratings', ratings],
        ['waiting', waiting],
        ['away', async (into: TimerReport, at: Date) => void into.away.push(...(await assignment.away(at)))],
        ['sla', async (into: TimerReport, at: Date) => void into.slaBreached.push(...(await assignment.breaches(at)))],
      ] as const) {
        try {
          await pass(report, now);
        } catch (error) {
          // One timer's fault must not starve the others; the next pass tries again.
          runtime.logger?.error({ err: error, timer: name }, 'routing timer failed');
        }
      }
      return report;
    },
  };
}

export type RoutingTimers = ReturnType<typeof createRoutingTimers>;
