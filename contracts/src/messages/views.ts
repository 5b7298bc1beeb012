import type { z } from 'zod';
import type { Location, MediaType } from './events';

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
