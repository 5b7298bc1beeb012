import { z } from 'zod';
import type { Location } from './events';
import { MediaType } from './events';
import type { TicketContact, TicketView } from '../tickets/views';

/** Where a location message points (`MessageReceived.location`). */
export type MessageLocation = z.infer<typeof Location>;

/** Who wrote a message in a group conversation. */
export const MessageParticipant = z.object({ name: z.string(), number: z.string() });
export type MessageParticipant = z.infer<typeof MessageParticipant>;

/** The message a reply quotes, as the bubble above the reply shows it. */
export const QuotedMessageView = z.object({
  id: z.string(),
  body: z.string(),
  fromMe: z.boolean(),
  mediaType: MediaType,
  mediaUrl: z.string().nullable(),
  isDeleted: z.boolean(),
  participant: MessageParticipant.nullable(),
});
export type QuotedMessageView = z.infer<typeof QuotedMessageView>;

/** A message as GET /messages and the `appMessage` frames show it. */
export const MessageView = z
  .object({
    id: z.string(),
    companyId: z.number(),
    ticketId: z.number(),
    contactId: z.number(),
    whatsappId: z.number().nullable(),
    /** The queue its ticket was in when it was written; null: none then, or written before messages carried it. */
    queueId: z.number().nullable(),
    fromMe: z.boolean(),
    body: z.string(),
    mediaType: MediaType,
    mediaUrl: z.string().nullable(),
    mediaName: z.string().nullable(),
    mediaMime: z.string().nullable(),
    mediaSize: z.number().nullable(),
    location: z.object({ latitude: z.number(), longitude: z.number(), name: z.string().nullable() }).nullable(),
    quotedMsgId: z.string().nullable(),
    quotedMsg: QuotedMessageView.nullable(),
    userId: z.number().nullable(),
    isPrivate: z.boolean(),
    isDeleted: z.boolean(),
    deletedBy: z.enum(['user', 'contact']).nullable(),
    /** The contact deleted it under lgpdDeleteMessage: text, file and place are gone, only the mark stays. */
    contentErased: z.boolean(),
    /** The company's retention (messageRetentionDays) erased its text, file, place and card: only the times stay. */
    contentExpired: z.boolean(),
    isEdited: z.boolean(),
    isForwarded: z.boolean(),
    ack: z.number(),
    read: z.boolean(),
    providerId: z.string().nullable(),
    participant: MessageParticipant.nullable(),
    sendError: z.string().nullable(),
    createdAt: z.string(),
    /** When the text was written or last edited: the 15-minute edit window counts from here. */
    updatedAt: z.string(),
  })
  .meta({ id: 'MessageView' });
export type MessageView = z.infer<typeof MessageView>;

/** A url written in a message (the contact drawer's Links tab). */
export const TicketLink = z.object({ messageId: z.string(), url: z.string(), fromMe: z.boolean(), createdAt: z.string() });
export type TicketLink = z.infer<typeof TicketLink>;

/** `count` of a message list stops at this many (that many or more): opening a long group does not count years of messages. */
export const MESSAGES_COUNT_CAP = 10_000;

/** One page of GET /messages/:ticketId (`listMessages`): newest page first, each page oldest-first inside. */
export const MessagesPage = z.object({
  messages: z.array(MessageView),
  /**
   * How many messages the ticket shows (with selectedQueues, of those): answered on pages asked by
   * pageNumber (up to MESSAGES_COUNT_CAP), left out of pages asked by cursor (counting walks the ticket's messages).
   */
  count: z.number().optional(),
  hasMore: z.boolean(),
  /** With hasMore: pass as `cursor` for the page of older messages. */
  nextCursor: z.string().optional(),
});
export type MessagesPage = z.infer<typeof MessagesPage>;

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
export const TicketMediaLists = z.object({
  media: z.array(MessageView),
  documents: z.array(MessageView),
  links: z.array(TicketLink),
  calls: z.array(MessageView),
});
export type TicketMediaLists = z.infer<typeof TicketMediaLists>;

/** One picture of GET /messages/listimages/:ticketId, with the page of GET /messages that holds it. */
export const TicketImage = z.object({ mediaUrl: z.string(), pageNumber: z.number(), body: z.string() });
export type TicketImage = z.infer<typeof TicketImage>;

/** GET /messages/listimages/:ticketId: the gallery's pictures, oldest first. */
export const TicketImages = z.object({ images: z.array(TicketImage) });
export type TicketImages = z.infer<typeof TicketImages>;

/** POST /messages/:ticketId: the messages written (one per file, or the one text). */
export const SentMessages = z.object({ messages: z.array(MessageView) });
export type SentMessages = z.infer<typeof SentMessages>;
