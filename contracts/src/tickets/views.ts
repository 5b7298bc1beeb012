import type { Actor } from '../events/envelope';
import type { ChainBreak } from '../events/hash-chain';
import type { Channel, TicketStatus } from './events';

/** A ticket's contact as the ticket screens show it. */
export interface TicketContact {
  id: number;
  name: string;
  number: string;
  email: string;
  profilePicUrl: string | null;
  urlPicture: string | null;
  channel: Channel;
  isGroup: boolean;
  active: boolean;
  disableBot: boolean;
  acceptAudioMessage: boolean;
}

/** A ticket as the list, the conversation header and the socket frames show it. */
export interface TicketView {
  id: number;
  uuid: string;
  status: TicketStatus;
  companyId: number;
  queueId: number | null;
  queue: { id: number; name: string; color: string } | null;
  userId: number | null;
  user: { id: number; name: string } | null;
  contactId: number;
  contact: TicketContact | null;
  tags: Array<{ id: number; name: string; color: string }>;
  whatsappId: number | null;
  /** `wavoip`: whether the connection has a call token (GET /tickets/:id/call answers it, in clear, when a call is placed). */
  whatsapp: { id: number; name: string; groupAsTicket: boolean; wavoip: boolean } | null;
  channel: Channel;
  isGroup: boolean;
  isBot: boolean;
  unreadMessages: number;
  lastMessage: string;
  useIntegration: boolean;
  promptId: number | null;
  amountUsedBotQueues: number;
  /** The contact's rating (1 to 5) once given. */
  userRating: number | null;
  createdAt: string;
  updatedAt: string;
}

/** One line of a ticket's history: who did what, in which queue. */
export interface TicketLogEntry {
  id: number;
  type: string;
  createdAt: string;
  user: { id: number; name: string } | null;
  queue: { id: number; name: string } | null;
}

/** Where a ticket stood before a change: `ticket` frames carry it so the edge also tells those who just lost sight of it. */
export interface TicketBefore {
  status: TicketStatus;
  userId: number | null;
  queueId: number | null;
  isGroup: boolean;
}

/** One answer of GET /tickets (`listTickets`): a page of the list, the list's count, and whether more pages follow. */
/**
 * Counts of lists filtered beyond what read.ticket_counts keeps (search, tags, days, unread) stop at
 * this many: counting walks the filtered rows, and a badge need not say more than "10000+".
 */
export const TICKETS_COUNT_CAP = 10_000;

export interface TicketPage {
  tickets: TicketView[];
  /**
   * How many tickets the list holds: on pages asked by pageNumber; pages asked by cursor leave it out.
   * Lists filtered by search, tags, days or unread count up to TICKETS_COUNT_CAP (that many or more).
   */
  count?: number;
  hasMore: boolean;
  /** With hasMore: pass as `cursor` for the next page. */
  nextCursor?: string;
}

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
export interface TicketHistoryEvent {
  revision: number;
  type: string;
  occurredAt: string;
  actor: Actor & { name: string | null };
  /** The event's data but the ticket id. */
  changes: Record<string, unknown>;
  hash: string | null;
}

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

/** GET /tickets/{id}/history: the ticket's own events with the hash-chain verdict. */
export interface TicketHistory {
  ticketId: number;
  verified: boolean;
  checked: number;
  break?: ChainBreak;
  events: TicketHistoryEvent[];
  names: TicketHistoryNames;
}

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
export interface TicketCallAnswer {
  token: string;
}
