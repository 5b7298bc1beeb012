import { z } from 'zod';
import { defineEvent, type EventUnion } from '../events/registry';
import { Count32, RecordId } from '../common/bounds';

/** An attendant's availability for assignment, chosen in the top bar (away also when her last socket went a while). */
export const UserStatus = z.enum(['online', 'away', 'offline']);
export type UserStatus = z.infer<typeof UserStatus>;
/** chosen: the user set it; disconnected: her sockets went away and the grace passed; reconnected: a socket came back after that. */
export const UserStatusReason = z.enum(['chosen', 'disconnected', 'reconnected']);
export type UserStatusReason = z.infer<typeof UserStatusReason>;

/** Stream `userstatus-<userId>`: only changes are facts. */
export const UserStatusChanged = defineEvent('UserStatusChanged', z.object({ userId: RecordId, status: UserStatus, reason: UserStatusReason }));

export const QUEUE_CAPACITY_MAX = 999;
export const SLA_TARGET_MAX_MINUTES = 100_000;
export const POSITION_STEP_MAX = 100;

/** One attendant's capacity in a queue: at most this many open tickets of the queue. An attendant not listed has no limit. */
export const QueueCapacity = z.object({ userId: RecordId, capacity: z.number().int().min(1).max(QUEUE_CAPACITY_MAX) });
export type QueueCapacity = z.infer<typeof QueueCapacity>;

/** A queue's work settings: capacity-aware assignment, its waiting line, and the SLA targets (business minutes). */
export const QueueWorkSettings = z.object({
  /** Waiting tickets go to the online attendant with the most free capacity. */
  autoAssign: z.boolean(),
  /** With sendQueuePosition, the contact is told again once the position moved by more than this many places. */
  positionStep: z.number().int().min(1).max(POSITION_STEP_MAX),
  /** Tickets of contacts with one of these tags go ahead in the line. */
  priorityTagIds: z.array(RecordId).max(50),
  capacities: z.array(QueueCapacity).max(1000),
  /** First attendant message within this many business minutes of arrival; null: no target. */
  firstResponseMinutes: z.number().int().min(1).max(SLA_TARGET_MAX_MINUTES).nullable(),
  /** Closed within this many business minutes of arrival; null: no target. */
  resolutionMinutes: z.number().int().min(1).max(SLA_TARGET_MAX_MINUTES).nullable(),
});
export type QueueWorkSettings = z.infer<typeof QueueWorkSettings>;

export const defaultQueueWorkSettings: QueueWorkSettings = {
  autoAssign: false,
  positionStep: 3,
  priorityTagIds: [],
  capacities: [],
  firstResponseMinutes: null,
  resolutionMinutes: null,
};

/** Stream `queuework-<queueId>`: each change is the whole settings. */
export const QueueWorkSettingsSet = defineEvent('QueueWorkSettingsSet', QueueWorkSettings.extend({ queueId: RecordId }));

/** Stream `ticketline-<ticketId>`: what the contact was told of her place in the line (sendQueuePosition). */
export const TicketLinePositionTold = defineEvent(
  'TicketLinePositionTold',
  z.object({ ticketId: RecordId, queueId: RecordId, position: z.number().int().min(1).max(1_000_000), estimateMinutes: Count32 }),
);

/** Why an assignment chose this attendant; carried on the ticket's TicketTransferred (its history shows it). */
export const AssignmentReason = z.object({
  openTickets: Count32,
  capacity: z.number().int().min(1).max(QUEUE_CAPACITY_MAX).nullable(),
  idleMinutes: Count32,
});
export type AssignmentReason = z.infer<typeof AssignmentReason>;

const userStatusEvents = [UserStatusChanged];
const queueWorkEvents = [QueueWorkSettingsSet];
const ticketLineEvents = [TicketLinePositionTold];
export const assignmentEvents = [...userStatusEvents, ...queueWorkEvents, ...ticketLineEvents];

export type UserStatusEvent = EventUnion<typeof userStatusEvents>;
export type QueueWorkEvent = EventUnion<typeof queueWorkEvents>;
export type TicketLineEvent = EventUnion<typeof ticketLineEvents>;

export const userStatusStream = (userId: number) => `userstatus-${userId}`;
export const queueWorkStream = (queueId: number) => `queuework-${queueId}`;
export const ticketLineStream = (ticketId: number) => `ticketline-${ticketId}`;
