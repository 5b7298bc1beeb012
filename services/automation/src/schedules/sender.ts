import { DomainError, EventSchemaError, scheduleStream, type Position } from '@conversa/contracts';
import {
  isDue,
  openTicket,
  queueOutboundMessage,
  runCommand,
  schedule,
  scheduleMessageId,
  systemActor,
  type CommandContext,
  type IdAllocator,
  foldStream,
} from '@conversa/core';
import { findContact } from '@conversa/projections/contacts/queries';
import { dueSchedules, lastConnectionOfContact } from '@conversa/projections/schedules/queries';
import { findTicket } from '@conversa/projections/tickets/queries';
import type { Kysely } from 'kysely';
import type { ReadDatabase } from '@conversa/projections/database';

/** What the sender needs of its process: commands, ids and the read models. */
export interface AutomationContext extends CommandContext {
  ids: IdAllocator;
  db: Kysely<ReadDatabase>;
}

export interface AutomationLogger {
  info(object: unknown, message?: string): void;
  warn(object: unknown, message?: string): void;
  error(object: unknown, message?: string): void;
}

type Outcome = { kind: 'sent' | 'failed'; position: Position | null } | { kind: 'skipped' | 'retry' };

export interface TickReport {
  sent: number[];
  failed: number[];
  /** Not due after all (sent, edited or deleted since the read model said so), or being handled by another tick. */
  skipped: number[];
  /** A passing fault (database, store): left pending for the next tick. */
  retry: number[];
  /** Where the recorded outcomes landed: what a caller waits for to read them in the read models. */
  positions: Position[];
}

/** How many due scheduled messages one tick takes; the rest wait for the next tick. */
const DEFAULT_BATCH = 100;

/**
 * Sends due scheduled messages: for each pending one whose time has
 * come, opens or reuses the contact's ticket, queues the message and records ScheduleSent; a refusal
 * records ScheduleFailed (status ERRO).
 *
 * Sent once: the state is read from the schedule's stream (not the read model) right before acting;
 * the message id is derived from the schedule and attempt, so a repeated attempt queues the same
 * message; ScheduleSent carries a command id per attempt, and the decider refuses a second send.
 */
export function createScheduleSender(ctx: AutomationContext, options: { batchSize?: number; logger?: AutomationLogger } = {}) {
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  const log = options.logger;
  const inFlight = new Set<number>();

  async function sendOne(scheduleId: number, companyId: number, now: Date): Promise<Outcome> {
    const streamId = scheduleStream(scheduleId);
    const state = foldStream(schedule, await ctx.store.readStream(streamId));
    if (!isDue(state, now)) return { kind: 'skipped' };
    const attempt = state.failures;
    const messageId = scheduleMessageId(scheduleId, attempt);
    const { contactId, body, userId } = state.fields;

    let ticketId: number;
    try {
      const contact = await findContact(ctx.db, companyId, contactId);
      if (!contact) throw new DomainError('ERR_NO_CONTACT_FOUND');
      const whatsappId = await connectionFor(companyId, contactId, state.ticketId);
      const opened = await openTicket(ctx, {
        companyId,
        actor: systemActor,
        contactId,
        whatsappId,
        channel: contact.channel,
        isGroup: contact.isGroup,
        reuseOpen: true,
      });
      ticketId = opened.ticketId;
      await queueOutboundMessage(ctx, {
        companyId,
        actor: systemActor,
        ticket: { id: ticketId, contactId, whatsappId, queueId: opened.queueId },
        userId,
        body,
        messageId,
      });
    } catch (error) {
      if (!isRefusal(error)) {
        log?.warn({ err: error, scheduleId }, 'scheduled message: passing fault, retrying on the next tick');
        return { kind: 'retry' };
      }
      const failed = await runCommand(ctx, {
        decider: schedule,
        streamId,
        command: { type: 'RecordScheduleFailed', reason: describe(error) },
        companyId,
        actor: systemActor,
        commandId: `schedule-${scheduleId}-failed-${attempt}`,
      });
      log?.info({ scheduleId, reason: describe(error) }, 'scheduled message could not be sent (ERRO)');
      return { kind: 'failed', position: failed.position };
    }

    try {
      const sent = await runCommand(ctx, {
        decider: schedule,
        streamId,
        command: { type: 'RecordScheduleSent', messageId, ticketId },
        companyId,
        actor: systemActor,
        commandId: `schedule-${scheduleId}-sent-${attempt}`,
      });
      return { kind: 'sent', position: sent.position };
    } catch (error) {
      // Deleted between the check and the send: the message went out; the schedule is gone.
      if (error instanceof DomainError && error.code === 'ERR_NO_SCHEDULE_FOUND') {
        log?.warn({ scheduleId, messageId }, 'scheduled message sent, but the schedule was deleted meanwhile');
        return { kind: 'sent', position: null };
      }
      throw error;
    }
  }

  /** The ticket the schedule was written from, if it is still that contact's; else the contact's latest ticket. */
  async function connectionFor(companyId: number, contactId: number, ticketId: number | null): Promise<number | null> {
    if (ticketId !== null) {
      const origin = await findTicket(ctx.db, companyId, ticketId);
      if (origin && origin.contactId === contactId) return origin.whatsappId;
    }
    return lastConnectionOfContact(ctx.db, companyId, contactId);
  }

  return {
    /** One pass over the due scheduled messages as of `now`. Overlapping ticks skip what another is handling. */
    async tick(now: Date = ctx.now()): Promise<TickReport> {
      const report: TickReport = { sent: [], failed: [], skipped: [], retry: [], positions: [] };
      for (const { id, companyId } of await dueSchedules(ctx.db, now, batchSize)) {
        if (inFlight.has(id)) {
          report.skipped.push(id);
          continue;
        }
        inFlight.add(id);
        try {
          const outcome = await sendOne(id, companyId, now);
          report[outcome.kind].push(id);
          if ('position' in outcome && outcome.position) report.positions.push(outcome.position);
        } catch (error) {
          log?.error({ err: error, scheduleId: id }, 'scheduled message: unexpected failure');
          report.retry.push(id);
        } finally {
          inFlight.delete(id);
        }
      }
      return report;
    },
  };
}

export type ScheduleSender = ReturnType<typeof createScheduleSender>;

/** Codes that mean "try again", not "no". */
const PASSING: ReadonlySet<string> = new Set(['ERR_CONCURRENCY_RETRIES_EXHAUSTED', 'ERR_WRONG_EXPECTED_VERSION', 'ERR_DUPLICATE_EVENT_ID']);

/** A rule said no (no such contact, no connection, blocked …): retrying the same thing would fail again. */
const isRefusal = (error: unknown) => (error instanceof DomainError && !PASSING.has(error.code)) || error instanceof EventSchemaError;

const describe = (error: unknown) =>
  error instanceof DomainError ? `${error.code}: ${error.message}` : error instanceof Error ? error.message : String(error);
