/**
 * Shapes of the conversation screen, as the API answers them (server: projections/messages/queries.ts
 * MessageView, projections/tickets/queries.ts TicketView). Declared here as types only, so the screen does not pull
 * the server's modules into the bundle.
 */

export type MediaType =
  | 'chat'
  | 'image'
  | 'audio'
  | 'video'
  | 'application'
  | 'locationMessage'
  | 'contactMessage'
  | 'reactionMessage'
  | 'call_log'
  | 'sticker';

export interface QuotedMessage {
  id: string;
  body: string;
  fromMe: boolean;
  mediaType: MediaType;
  mediaUrl: string | null;
  isDeleted: boolean;
  participant: { name: string; number: string } | null;
}

export interface Message {
  id: string;
  companyId: number;
  ticketId: number;
  contactId: number;
  whatsappId: number | null;
  fromMe: boolean;
  body: string;
  mediaType: MediaType;
  mediaUrl: string | null;
  mediaName: string | null;
  mediaMime: string | null;
  mediaSize: number | null;
  location: { latitude: number; longitude: number; name: string | null } | null;
  quotedMsgId: string | null;
  quotedMsg: QuotedMessage | null;
  userId: number | null;
  isPrivate: boolean;
  isDeleted: boolean;
  deletedBy: 'user' | 'contact' | null;
  /** The contact deleted it while lgpdDeleteMessage was on: the server erased text, file and place; only the mark is left. */
  contentErased: boolean;
  isEdited: boolean;
  isForwarded: boolean;
  /** 0 clock, 1 sent, 2 delivered, 3 or 4 read. */
  ack: number;
  read: boolean;
  providerId: string | null;
  participant: { name: string; number: string } | null;
  sendError: string | null;
  createdAt: string;
  /** When the text was written or last edited: the 15-minute edit window counts from here. */
  updatedAt: string;
}

/** One page of GET /messages/:ticketId: newest page first, each page oldest-first inside. */
export interface MessagesPage {
  messages: Message[];
  count: number;
  hasMore: boolean;
}

export interface ConversationContact {
  id: number;
  name: string;
  number: string;
  email?: string;
  profilePicUrl?: string | null;
  urlPicture?: string | null;
  channel?: string;
  isGroup?: boolean;
  active?: boolean;
  disableBot?: boolean;
  acceptAudioMessage?: boolean;
}

/**
 * What the conversation needs of the ticket from GET /tickets/u/:uuid. The list helper's full ticket type is
 * assignable to it.
 */
export interface ConversationTicket {
  id: number;
  uuid: string;
  status: string;
  channel: string;
  isGroup: boolean;
  contactId: number;
  contact: ConversationContact | null;
  userId: number | null;
  queueId: number | null;
  whatsappId: number | null;
}

/** `company-<id>-appMessage` frame body (projections/messages/projector.ts). */
export interface AppMessageFrame {
  action: 'create' | 'update' | 'delete';
  message: Message;
  ticket?: { id: number } | null;
  contact?: unknown;
}
