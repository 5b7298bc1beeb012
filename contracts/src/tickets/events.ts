import { z } from 'zod';
import { defineEvent } from '../events/registry';

/** Spec 1 §4. lgpd and nps arrive with the chatbot issue. */
export const TicketStatus = z.enum(['pending', 'open', 'closed', 'group']);
export type TicketStatus = z.infer<typeof TicketStatus>;

/** Channels a contact and a ticket live on (spec 1 §3 `channel`). */
export const Channel = z.enum(['whatsapp', 'whatsapp_cloud', 'facebook', 'instagram', 'sandbox']);
export type Channel = z.infer<typeof Channel>;

const id = z.number().int().positive();
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
  }),
);
export const TicketDeleted = defineEvent('TicketDeleted', z.object({ ticketId: id }));
export const TicketIntegrationToggled = defineEvent(
  'TicketIntegrationToggled',
  z.object({ ticketId: id, useIntegration: z.boolean(), promptId: optionalId.optional(), amountUsedBotQueues: z.number().int().min(0).optional() }),
);
/** A user opened the ticket (log type `access`). */
export const TicketAccessed = defineEvent('TicketAccessed', z.object({ ticketId: id, userId: id, at: z.iso.datetime() }));
/** The contact's messages up to `upTo` were read by an attendant: unread count 0. */
export const TicketMessagesRead = defineEvent('TicketMessagesRead', z.object({ ticketId: id, userId: optionalId, upTo: z.iso.datetime() }));

/**
 * Guard stream `ticketslot-<companyId>-<contactId>-<whatsappId|0>`: its expected revision lets at
 * most one open or pending ticket hold a contact on a connection, however many creators race.
 */
export const TicketSlotClaimed = defineEvent('TicketSlotClaimed', z.object({ ticketId: id, contactId: id, whatsappId: optionalId, at: z.iso.datetime() }));
export const TicketSlotReleased = defineEvent('TicketSlotReleased', z.object({ ticketId: id }));

export const ticketEvents = [
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
  TicketSlotClaimed,
  TicketSlotReleased,
];

type D<T extends { schema: z.ZodType }> = z.infer<T['schema']>;
export type TicketEvent =
  | { type: 'TicketCreated'; data: D<typeof TicketCreated> }
  | { type: 'TicketAccepted'; data: D<typeof TicketAccepted> }
  | { type: 'TicketClosed'; data: D<typeof TicketClosed> }
  | { type: 'TicketReopened'; data: D<typeof TicketReopened> }
  | { type: 'TicketReturnedToQueue'; data: D<typeof TicketReturnedToQueue> }
  | { type: 'TicketTransferred'; data: D<typeof TicketTransferred> }
  | { type: 'TicketDeleted'; data: D<typeof TicketDeleted> }
  | { type: 'TicketIntegrationToggled'; data: D<typeof TicketIntegrationToggled> }
  | { type: 'TicketAccessed'; data: D<typeof TicketAccessed> }
  | { type: 'TicketMessagesRead'; data: D<typeof TicketMessagesRead> };
export type TicketSlotEvent = { type: 'TicketSlotClaimed'; data: D<typeof TicketSlotClaimed> } | { type: 'TicketSlotReleased'; data: D<typeof TicketSlotReleased> };

export const ticketSlotStream = (companyId: number, contactId: number, whatsappId: number | null) => `ticketslot-${companyId}-${contactId}-${whatsappId ?? 0}`;
export const ticketStream = (ticketId: number) => `ticket-${ticketId}`;
