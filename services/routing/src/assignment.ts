import { comparePositions, DomainError, streams, ticketLineStream, type Position, type RecordedProductEvent } from '@conversa/contracts';
import {
  BOT_MARK,
  BOT_TEXTS,
  changeTicket,
  lineEstimateMinutes,
  planAssignments,
  queueOutboundMessage,
  runCommand,
  ticketLine,
  userStatus,
} from '@conversa/core';
import { autoAssignQueues, findQueueWork, onlineAttendants, queueLine } from '@conversa/projections/assignment/queries';
import { averageHandleMinutes } from '@conversa/projections/sla/queries';
import { defineReactor, type Projector } from '@conversa/platform';
import { v5 as uuidv5 } from 'uuid';
import { BOT_ACTOR, loadExistingTicket, type RoutingRuntime } from './context';

/** What frees or fills a line: tickets arriving, leaving or changing hands, attendants coming and going, settings. */
export const ASSIGNMENT_TRIGGERS = [
  'TicketCreated',
  'TicketQueueAssigned',
  'TicketTransferred',
  'TicketReturnedToQueue',
  'TicketClosed',
  'TicketDeleted',
  'TicketAccepted',
  'TicketReopened',
  'TicketLgpdConsentAnswered',
  'UserStatusChanged',
  'UserDetailsChanged',
  'UserWentOnline',
  'QueueWorkSettingsSet',
] as const;

/** The read models a pass counts loads and the line by (a priority tag or the wait estimate read a moment late only delays a jump or a figure). */
export const ASSIGNMENT_READ_MODELS = ['ticket_routing', 'assignment', 'users'] as const;

/** When the contacts are told nothing of a queue's handling time yet. */
const DEFAULT_HANDLE_MINUTES = 10;

export interface AssignmentOptions {
  /** Resolves once the read models hold everything up to `position` (the projection runtime's waitForPosition). */
  readModelsAt(position: Position): Promise<void>;
}

/** What one pass did, for tests and the bench. */
export interface AssignmentPass {
  assigned: Array<{ ticketId: number; userId: number }>;
  told: number[];
}

/**
 * Capacity-aware assignment (docs/assignment.md): after anything that can fill or free a line, each
 * company's queues with assignment on are passed over: the line (read.ticket_routing's waiting
 * tickets) goes to the online attendants by free capacity (planAssignments), each as a
 * TicketTransferred carrying its reason. A pass first waits for the read models to hold its triggers
 * and its own earlier assignments, so it never counts an attendant's load short. The
 * reactor runs under its lease, one batch at a time; a ticket's assignment has the command id of its
 * wait and the ticket refuses a second one, so a batch run again after a kill -9 assigns nothing twice.
 */
export function createAssignmentReactor(runtime: RoutingRuntime, options: AssignmentOptions): Projector & { pass(companyId: number): Promise<AssignmentPass> } {
  const { ctx } = runtime;

  /** The newest of its own writes: the next pass must see them, or it would count an attendant's load short. */
  let lastWrite: Position | null = null;
  const later = (a: Position | null, b: Position | null) => (a === null ? b : b === null ? a : comparePositions(a, b) >= 0 ? a : b);

  async function pass(companyId: number, seen: Position | null = null): Promise<AssignmentPass> {
    const done: AssignmentPass = { assigned: [], told: [] };
    // The triggers and its own assignments must be in the read models; what others logged since
    // can only free capacity (a close) the next pass will see, or is a person's own action.
    const upTo = later(seen ?? (await ctx.store.headPosition()), lastWrite);
    if (upTo) await options.readModelsAt(upTo);
    const settings = await runtime.directory.settings(companyId);
    for (const { queueId } of await autoAssignQueues(ctx.db, companyId)) {
      const work = await findQueueWork(ctx.db, companyId, queueId);
      const [line, online] = await Promise.all([queueLine(ctx.db, companyId, queueId, work.priorityTagIds), onlineAttendants(ctx.db, companyId, queueId)]);
      if (line.length === 0) continue;
      const capacityOf = new Map(work.capacities.map((entry) => [entry.userId, entry.capacity]));
      const now = ctx.now();
      const plan = planAssignments(
        line,
        online.map((attendant) => ({ ...attendant, capacity: capacityOf.get(attendant.userId) ?? null })),
        now,
      );
      const arrivedAt = new Map(line.map((ticket) => [ticket.ticketId, ticket.arrivedAt]));
      for (const assignment of plan.assignments) {
        try {
          const result = await changeTicket(ctx, {
            companyId,
            actor: BOT_ACTOR,
            ticketId: assignment.ticketId,
            command: { type: 'TransferTicket', userId: assignment.userId, queueId, assignment: assignment.reason },
            commandId: `assign:${assignment.ticketId}:${arrivedAt.get(assignment.ticketId)}`,
          });
          if (result.events.length > 0) done.assigned.push({ ticketId: assignment.ticketId, userId: assignment.userId });
          lastWrite = later(lastWrite, result.position);
        } catch (error) {
          if (!(error instanceof DomainError) || error.code === 'ERR_CONCURRENCY_RETRIES_EXHAUSTED') throw error;
          runtime.logger?.warn({ err: error, ticketId: assignment.ticketId }, 'assignment: refused');
        }
      }
      if (settings.sendQueuePosition !== 'enabled' || plan.waiting.length === 0) continue;
      const handle = (await averageHandleMinutes(ctx.db, companyId, queueId)) ?? DEFAULT_HANDLE_MINUTES;
      for (const [index, ticket] of plan.waiting.entries()) {
        const position = index + 1;
        const told = await runCommand(ctx, {
          decider: ticketLine,
          streamId: ticketLineStream(ticket.ticketId),
          command: {
            type: 'TellLinePosition',
            ticketId: ticket.ticketId,
            queueId,
            position,
            estimateMinutes: lineEstimateMinutes(position, online.length, handle),
            step: work.positionStep,
          },
          companyId,
          actor: BOT_ACTOR,
        });
        if (told.events.length > 0) done.told.push(ticket.ticketId);
      }
    }
    return done;
  }

  /** A socket came back to an attendant the grace had made away: she is online again. */
  async function reconnected(event: RecordedProductEvent<'UserWentOnline'>) {
    const { userId } = event.data;
    await runCommand(ctx, {
      decider: userStatus,
      streamId: streams.userStatus(userId),
      command: { type: 'MarkUserReconnected', userId },
      companyId: event.metadata.companyId,
      actor: BOT_ACTOR,
      commandId: `reconnected:${event.id}`,
    });
  }

  const reactor = defineReactor({
    // Not 'assignment': that is the read model's name, and a name holds one lease and one checkpoint.
    name: 'assigner',
    eventTypes: ASSIGNMENT_TRIGGERS,
    async react(events) {
      const companies = new Set<number>();
      for (const event of events) {
        if (event.type === 'UserWentOnline') await reconnected(event);
        else companies.add(event.metadata.companyId);
      }
      const seen = events.at(-1)?.position ?? null;
      for (const companyId of companies) await pass(companyId, seen);
    },
  });
  return Object.assign(reactor, { pass });
}

const LINE_MESSAGE_NAMESPACE = '5b0f2c1e-9d7a-4e3b-8c6f-2a1d0e9f8b7c';

/** Sends the contact what the line told her (sendQueuePosition); the message id comes from the event, so a redelivery sends nothing twice. */
export function createLinePositionReactor(runtime: RoutingRuntime): Projector {
  return defineReactor({
    name: 'line-position-messages',
    eventTypes: ['TicketLinePositionTold'],
    async react(events) {
      for (const event of events) {
        const { data } = event;
        const ticket = await loadExistingTicket(runtime, data.ticketId);
        if (!ticket || ticket.status !== 'pending' || ticket.userId !== null) continue;
        await queueOutboundMessage(runtime.ctx, {
          companyId: event.metadata.companyId,
          actor: BOT_ACTOR,
          ticket: { id: ticket.ticketId, contactId: ticket.contactId, whatsappId: ticket.whatsappId, queueId: ticket.queueId },
          userId: null,
          body: `${BOT_MARK}${BOT_TEXTS.linePosition(data.position, data.estimateMinutes)}`,
          messageId: uuidv5(event.id, LINE_MESSAGE_NAMESPACE),
        });
      }
    },
  });
}
