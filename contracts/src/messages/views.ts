import type { z } from 'zod';
import type { Location, MediaType } from './events';
import type { TicketContact, TicketView } from '../tickets/views';

/** Where a location message points (`MessageReceived.location`). */
export type MessageLocation = z.infer<typeof Location>;

/** Who wrote a message in a group conversation. */
export interface MessageParticipant {
  name: string;
  number: string;
}

/** The message a reply quotes, as the bubble above the reply shows it. */
export interface QuotedMessageView {
  id: string;
  body: string;
  fromMe: boolean;
  mediaType: MediaType;
  mediaUrl: string | null;
  isDeleted: boolean;
  participant: MessageParticipant | null;
}

/** A message as GET /messages and the `appMessage` frames show it. */
export interface MessageView {
  id: string;
  companyId: number;
  ticketId: number;
  contactId: number;
  whatsappId: number | null;
  /** The queue its ticket was in when it was written; null: none then, or written before messages carried it. */
  queueId: number | null;
  fromMe: boolean;
  body: string;
  mediaType: MediaType;
  mediaUrl: string | null;
  mediaName: string | null;
  mediaMime: string | null;
  mediaSize: number | null;
  location: MessageLocation | null;
  quotedMsgId: string | null;
  quotedMsg: QuotedMessageView | null;
  userId: number | null;
  isPrivate: boolean;
  isDeleted: boolean;
  deletedBy: 'user' | 'contact' | null;
  /** The contact deleted it under lgpdDeleteMessage: text, file and place are gone, only the mark stays. */
  contentErased: boolean;
  isEdited: boolean;
  isForwarded: boolean;
  ack: number;
  read: boolean;
  providerId: string | null;
  participant: MessageParticipant | null;
  sendError: string | null;
  createdAt: string;
  /** When the text was written or last edited: the 15-minute edit window counts from here. */
  updatedAt: string;
}

/** A url written in a message (the contact drawer's Links tab). */
export interface TicketLink {
  messageId: string;
  url: string;
  fromMe: boolean;
  createdAt: string;
}

/** `count` of a message list stops at this many (that many or more): opening a long group does not count years of messages. */
export const MESSAGES_COUNT_CAP = 10_000;

/** One page of GET /messages/:ticketId (`listMessages`): newest page first, each page oldest-first inside. */
export interface MessagesPage {
  messages: MessageView[];
  /**
   * How many messages the ticket shows (with selectedQueues, of those): answered on pages asked by
   * pageNumber (up to MESSAGES_COUNT_CAP), left out of pages asked by cursor (counting walks the ticket's messages).
   */
  count?: number;
  hasMore: boolean;
  /** With hasMore: pass as `cursor` for the page of older messages. */
  nextCursor?: string;
}

/**
 * `appMessage` frame body (projections/messages/projector.ts): the message, its ticket (the edge's visibility
 * rule reads it) and the ticket's contact.
 */
export interface AppMessageFrame {
  action: 'create' | 'update' | 'delete';
  message: MessageView;
  ticket: TicketView;
  contact: TicketContact | null;
}

/** GET /messages/getmedia/:ticketId (`ticketMedia`): the contact drawer's Mídia, Documentos, Links and Ligações tabs, newest first. */
export interface TicketMediaLists {
  media: MessageView[];
  documents: MessageView[];
  links: TicketLink[];
  calls: MessageView[];
}

/** One picture of GET /messages/listimages/:ticketId, with the page of GET /messages that holds it. */
export interface TicketImage {
  mediaUrl: string;
  pageNumber: number;
  body: string;
}

/** GET /messages/listimages/:ticketId: the gallery's pictures, oldest first. */
export interface TicketImages {
  images: TicketImage[];
}

/** POST /messages/:ticketId: the messages written (one per file, or the one text). */
export interface SentMessages {
  messages: MessageView[];
}
