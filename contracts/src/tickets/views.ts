import { z } from 'zod';
import { Actor } from '../events/envelope';
import type { ChainBreak } from '../events/hash-chain';
import { Channel, TicketStatus } from './events';
import { timestamps } from '../common/views';
import { ContactView } from '../contacts/views';

const named = z.object({ id: z.number(), name: z.string() });

/** A ticket's contact as the ticket screens show it. */
export const TicketContact = ContactView.pick({
  id: true,
  name: true,
  number: true,
  email: true,
  profilePicUrl: true,
  urlPicture: true,
  channel: true,
  isGroup: true,
  active: true,
  disableBot: true,
  acceptAudioMessage: true,
}).extend({
  /** Erased under the LGPD: every personal field is blank, and screens show "Contato removido #id". */
  erased: z.boolean(),
});
export type TicketContact = z.infer<typeof TicketContact>;

/** A ticket as the list, the conversation header and the socket frames show it. */
export const TicketView = z
  .object({
    id: z.number(),
    uuid: z.string(),
    status: TicketStatus,
    companyId: z.number(),
    queueId: z.number().nullable(),
    queue: z.object({ id: z.number(), name: z.string(), color: z.string() }).nullable(),
    userId: z.number().nullable(),
    user: named.nullable(),
    contactId: z.number(),
    contact: TicketContact.nullable(),
    tags: z.array(z.object({ id: z.number(), name: z.string(), color: z.string() })),
    whatsappId: z.number().nullable(),
    /** `wavoip`: whether the connection has a call token (GET /tickets/:id/call answers it, in clear, when a call is placed). */
    whatsapp: z.object({ id: z.number(), name: z.string(), groupAsTicket: z.boolean(), wavoip: z.boolean() }).nullable(),
    channel: Channel,
    isGroup: z.boolean(),
    isBot: z.boolean(),
    unreadMessages: z.number(),
    lastMessage: z.string(),
    useIntegration: z.boolean(),
    promptId: z.number().nullable(),
    amountUsedBotQueues: z.number(),
    /** The contact's rating (1 to 5) once given. */
    userRating: z.number().nullable(),
    ...timestamps,
  })
  .meta({ id: 'TicketView' });
export type TicketView = z.infer<typeof TicketView>;

/** One line of a ticket's history: who did what, in which queue. */
export const TicketLogEntry = z.object({ id: z.number(), type: z.string(), createdAt: z.string(), user: named.nullable(), queue: named.nullable() });
export type TicketLogEntry = z.infer<typeof TicketLogEntry>;

/** Where a ticket stood before a change: `ticket` frames carry it so the edge also tells those who just lost sight of it. */
export interface TicketBefore {
  status: TicketStatus;
  userId: number | null;
  queueId: number | null;
  isGroup: boolean;
}

/** One answer of GET /tickets (`listTickets`): a page of the list, the list's count, and whether more pages follow. */
import { TICKETS_COUNT_CAP } from './limits';
export { TICKETS_COUNT_CAP };

export const TicketPage = z.object({
  tickets: z.array(TicketView),
  /**
   * How many tickets the list holds: on pages asked by pageNumber; pages asked by cursor leave it out.
   * Lists filtered by search, tags, days or unread count up to TICKETS_COUNT_CAP (that many or more).
   */
  count: z.number().optional(),
  hasMore: z.boolean(),
  /** With hasMore: pass as `cursor` for the next page. */
  nextCursor: z.string().optional(),
});
export type TicketPage = z.infer<typeof TicketPage>;

/**
 * `ticket` frame body (projections/tickets/projector.ts). `before` is where the ticket stood when its status,
 * user or queue moved in the batch (null otherwise), so the edge also tells those who just lost sight of it.
 */
export interface TicketFrame {
  action: 'update' | 'updateUnread' | 'delete';
  ticketId: number;
  ticket: TicketView;
  before: TicketBefore | null;
}

/** One event of GET /tickets/{id}/history: the ticket's stream as stored, its author named. */
export const TicketHistoryEvent = z.object({
  revision: z.number(),
  type: z.string(),
  occurredAt: z.string(),
  actor: Actor.extend({ name: z.string().nullable() }),
  /** The event's data but the ticket id. */
  changes: z.record(z.string(), z.unknown()),
  hash: z.string().nullable(),
});
export type TicketHistoryEvent = z.infer<typeof TicketHistoryEvent>;

/**
 * The names of the records a ticket's events refer to by id (users, queues, connections, prompts), deleted ones
 * included, so the history reads as sentences ("Transferido para a fila Vendas por Ana"). Keys are the ids.
 */
export interface TicketHistoryNames {
  users: Record<number, string>;
  queues: Record<number, string>;
  connections: Record<number, string>;
  prompts: Record<number, string>;
}
const namesById = z.record(z.string().regex(/^\d+$/), z.string());

/** GET /tickets/{id}/history: the ticket's own events with the hash-chain verdict. */
export interface TicketHistory {
  ticketId: number;
  verified: boolean;
  checked: number;
  break?: ChainBreak;
  events: TicketHistoryEvent[];
  names: TicketHistoryNames;
}
/** GET /tickets/{id}/history's schema: `break` names where the chain broke (a revision gap or a hash that does not match). */
export const TicketHistorySchema = z.object({
  ticketId: z.number(),
  verified: z.boolean(),
  checked: z.number(),
  break: z
    .object({
      kind: z.enum(['revision-gap', 'prev-hash-mismatch', 'hash-mismatch']),
      index: z.number(),
      revision: z.number().optional(),
      expected: z.number().optional(),
      found: z.number().optional(),
    })
    .optional(),
  events: z.array(TicketHistoryEvent),
  names: z.object({ users: namesById, queues: namesById, connections: namesById, prompts: namesById }),
});

/** A contact's presence in a chat, in Baileys' names (the `presence` frames carry them as they are). */
export type ContactPresence = 'composing' | 'recording' | 'paused' | 'available' | 'unavailable';

/**
 * `presence` frame body (services/channels/src/whatsapp/presence.ts): a contact typing or recording in a ticket.
 * `audience` is where the ticket stands, which the edge's visibility rule reads.
 */
export interface PresenceFrame {
  ticketId: number;
  presence: ContactPresence;
  audience: TicketBefore;
}

/** GET /tickets/:id/call: the ticket connection's call token, in clear ('' when it has none), for the call page. */
export const TicketCallAnswer = z.object({ token: z.string() });
export type TicketCallAnswer = z.infer<typeof TicketCallAnswer>;
