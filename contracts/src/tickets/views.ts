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
  /** `wavoip` is the connection's call token: the conversation screen places calls with it. */
  whatsapp: { id: number; name: string; groupAsTicket: boolean; wavoip: string } | null;
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
