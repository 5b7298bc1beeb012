import { z } from 'zod';
import { defineEvent, type EventUnion } from '../events/registry';
import { Count32, RecordId, realDateTime } from '../common/bounds';
import { AssignmentReason } from '../assignment/events';

/**
 * The ticket statuses, plus the bot's two waiting states: lgpd (the contact is asked for consent before any
 * routing) and nps (a resolved ticket waits for the contact's rating).
 */
export const TicketStatus = z.enum(['pending', 'open', 'closed', 'group', 'lgpd', 'nps']);
export type TicketStatus = z.infer<typeof TicketStatus>;

/** Channels a contact and a ticket live on. */
export const Channel = z.enum(['whatsapp', 'whatsapp_cloud', 'facebook', 'instagram', 'sandbox']);
export type Channel = z.infer<typeof Channel>;

const id = RecordId;
const optionalId = id.nullable();

export const TicketCreated = defineEvent(
  'TicketCreated',
  z.object({
    ticketId: id,
    uuid: z.uuid(),
    contactId: id,
    whatsappId: optionalId,
    queueId: optionalId,
    userId: optionalId,
    status: z.enum(['pending', 'open', 'group']),
    isGroup: z.boolean(),
    channel: Channel,
  }),
);
export const TicketAccepted = defineEvent('TicketAccepted', z.object({ ticketId: id, userId: id, queueId: optionalId, status: z.enum(['open', 'group']) }));
export const TicketClosed = defineEvent(
  'TicketClosed',
  z.object({
    ticketId: id,
    userId: optionalId,
    /** Whether the farewell message was sent to the contact. */
    farewell: z.boolean(),
    /** resolved by an attendant, ignored while pending, closed with close-all, or closed by automation. */
    reason: z.enum(['resolved', 'ignored', 'closeAll', 'automation']),
  }),
);
export const TicketReopened = defineEvent('TicketReopened', z.object({ ticketId: id, userId: id, queueId: optionalId, status: z.enum(['open', 'group']) }));
export const TicketReturnedToQueue = defineEvent('TicketReturnedToQueue', z.object({ ticketId: id, fromUserId: optionalId, queueId: optionalId }));
export const TicketTransferred = defineEvent(
  'TicketTransferred',
  z.object({
    ticketId: id,
    from: z.object({ userId: optionalId, queueId: optionalId }),
    to: z.object({ userId: optionalId, queueId: id }),
    status: TicketStatus,
    /** Set when the queue's assignment chose the attendant: why her (capacity, idle time). */
    assignment: AssignmentReason.optional(),
  }),
);
export const TicketDeleted = defineEvent('TicketDeleted', z.object({ ticketId: id }));
export const TicketIntegrationToggled = defineEvent(
  'TicketIntegrationToggled',
  z.object({ ticketId: id, useIntegration: z.boolean(), promptId: optionalId.optional(), amountUsedBotQueues: Count32.optional() }),
);
/** A user opened the ticket (log type `access`). */
export const TicketAccessed = defineEvent('TicketAccessed', z.object({ ticketId: id, userId: id, at: realDateTime() }));
/** The contact's messages up to `upTo` were read by an attendant: unread count 0. */
export const TicketMessagesRead = defineEvent('TicketMessagesRead', z.object({ ticketId: id, userId: optionalId, upTo: realDateTime() }));

/** Why the bot (or its timers) put a waiting ticket in a queue. */
export const TicketQueueAssignedReason = z.enum(['menu', 'singleQueue', 'chatbot', 'timeSendQueue']);
export type TicketQueueAssignedReason = z.infer<typeof TicketQueueAssignedReason>;
/** The bot put a waiting ticket (no attendant) in a queue (log type `queue`). */
export const TicketQueueAssigned = defineEvent('TicketQueueAssigned', z.object({ ticketId: id, queueId: id, reason: TicketQueueAssignedReason }));
/** The company asks for LGPD consent first: the ticket waits in status lgpd until the contact answers. */
export const TicketLgpdConsentRequested = defineEvent('TicketLgpdConsentRequested', z.object({ ticketId: id }));
/** The contact answered the consent question: accepted goes back to pending (routing goes on); refused is closed next. */
export const TicketLgpdConsentAnswered = defineEvent('TicketLgpdConsentAnswered', z.object({ ticketId: id, accepted: z.boolean() }));
/** A resolved ticket waits in status nps for the contact's rating (setting userRating). */
export const TicketRatingRequested = defineEvent('TicketRatingRequested', z.object({ ticketId: id }));
/** Rating scale shown on tickets (userRating, "rate 1 to 5"). */
export const TICKET_RATING_MIN = 1;
export const TICKET_RATING_MAX = 5;
/** The contact rated the attendance: the ticket's userRating; the ticket is closed again. */
export const TicketRated = defineEvent('TicketRated', z.object({ ticketId: id, rating: z.number().int().min(TICKET_RATING_MIN).max(TICKET_RATING_MAX) }));
/** No valid rating came in time (expiresTicketNPS) or after maxUseBotQueuesNPS tries: closed without a rating. */
export const TicketRatingExpired = defineEvent('TicketRatingExpired', z.object({ ticketId: id }));

/**
 * Guard stream `ticketslot-<companyId>-<contactId>-<whatsappId|0>`: its expected revision lets at
 * most one open or pending ticket hold a contact on a connection, however many creators race.
 */
export const TicketSlotClaimed = defineEvent('TicketSlotClaimed', z.object({ ticketId: id, contactId: id, whatsappId: optionalId, at: realDateTime() }));
export const TicketSlotReleased = defineEvent('TicketSlotReleased', z.object({ ticketId: id }));

const ticketStreamEvents = [
  TicketCreated,
  TicketAccepted,
  TicketClosed,
  TicketReopened,
  TicketReturnedToQueue,
  TicketTransferred,
  TicketDeleted,
  TicketIntegrationToggled,
  TicketAccessed,
  TicketMessagesRead,
  TicketQueueAssigned,
  TicketLgpdConsentRequested,
  TicketLgpdConsentAnswered,
  TicketRatingRequested,
  TicketRated,
  TicketRatingExpired,
];
const ticketSlotEvents = [TicketSlotClaimed, TicketSlotReleased];
export const ticketEvents = [...ticketStreamEvents, ...ticketSlotEvents];

export type TicketEvent = EventUnion<typeof ticketStreamEvents>;
export type TicketSlotEvent = EventUnion<typeof ticketSlotEvents>;

export const ticketSlotStream = (companyId: number, contactId: number, whatsappId: number | null) => `ticketslot-${companyId}-${contactId}-${whatsappId ?? 0}`;
export const ticketStream = (ticketId: number) => `ticket-${ticketId}`;
