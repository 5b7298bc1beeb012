import type { TicketViewer } from '@conversa/contracts/tickets/visibility';

/** Statuses a ticket list shows; lgpd and nps have no screen yet. */
export type TicketStatus = 'pending' | 'open' | 'closed' | 'group';

export interface TicketContact {
  id: number;
  name: string;
  number: string;
  email?: string;
  profilePicUrl: string | null;
  urlPicture?: string | null;
  channel: string;
  isGroup: boolean;
  active?: boolean;
  disableBot?: boolean;
  acceptAudioMessage?: boolean;
}

export interface TicketTag {
  id: number;
  name: string;
  color: string;
}

/** A ticket as GET /tickets, GET /tickets/u/{uuid} and the `ticket` frames carry it. */
export interface Ticket {
  id: number;
  uuid: string;
  status: TicketStatus;
  companyId: number;
  queueId: number | null;
  queue: { id: number; name: string; color: string } | null;
  userId: number | null;
  user: { id: number; name: string; color?: string } | null;
  contactId: number;
  contact: TicketContact | null;
  tags: TicketTag[];
  whatsappId: number | null;
  /** `wavoip` is the connection's call token (the call button's). */
  whatsapp: { id: number; name: string; groupAsTicket?: boolean | string; wavoip?: string } | null;
  channel: string;
  isGroup: boolean;
  isBot: boolean;
  unreadMessages: number;
  lastMessage: string;
  useIntegration: boolean;
  /** The contact's rating (1 to 5) of a closed ticket, once given. */
  userRating?: number | null;
  createdAt: string;
  updatedAt: string;
}

/** One answer of GET /tickets. */
export interface TicketPage {
  tickets: Ticket[];
  count: number;
  hasMore: boolean;
}

/** Where the ticket stood before the change (the projector sends it when status, user or queue moved). */
export interface TicketBefore {
  status: string;
  userId: number | null;
  queueId: number | null;
  isGroup: boolean;
}

/** `company-<id>-ticket` (services/edge, projections/tickets/projector.ts). */
export interface TicketFrame {
  action: 'update' | 'updateUnread' | 'delete';
  ticketId?: number;
  ticket?: Ticket | null;
  before?: TicketBefore | null;
}

/** `company-<id>-contact`: a contact changed (its name, picture, tags…) or was deleted. */
export interface ContactFrame {
  action: 'create' | 'update' | 'delete';
  contact?: Partial<TicketContact> & { id: number; tags?: TicketTag[] };
  contactId?: number;
}

export type { TicketViewer };

/** Who is looking, as the ticket visibility rules need it: built from the session user. */
export const viewerOfUser = (user: {
  id: number;
  profile: TicketViewer['profile'];
  super: boolean;
  queues: ReadonlyArray<{ id: number }>;
  allTicket: 'enable' | 'disable';
  allowGroup: boolean;
}): TicketViewer => ({
  userId: user.id,
  profile: user.profile,
  super: user.super,
  queueIds: user.queues.map((queue) => queue.id),
  allTicket: user.allTicket,
  allowGroup: user.allowGroup,
});
