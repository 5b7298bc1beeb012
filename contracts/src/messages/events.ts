import { z } from 'zod';
import { defineEvent, type EventUnion } from '../events/registry';
import { Count32, RecordId, realDateTime, safeText } from '../common/bounds';

/** The media types, plus `chat` for plain text. */
export const MediaType = z.enum([
  'chat',
  'image',
  'audio',
  'video',
  'application',
  'locationMessage',
  'contactMessage',
  'reactionMessage',
  'call_log',
  'sticker',
]);
export type MediaType = z.infer<typeof MediaType>;

/** A file in the media store: `url` is what the browser fetches; the stored name is never the uploaded one. */
export const StoredMedia = z.object({ url: safeText().min(1).max(500), name: safeText().max(255), mime: safeText().max(255), size: Count32 });
export type StoredMedia = z.infer<typeof StoredMedia>;

export const Location = z.object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180), name: safeText().max(500).nullable() });

const id = RecordId;
const messageId = z.uuid();
const body = safeText().max(65_536);

/** A message's personal fields (docs/lgpd.md): its text, file name and place are the contact's, sealed per day. */
const messageContent = ['body', 'media.name', 'location'];

const content = {
  messageId,
  ticketId: id,
  contactId: id,
  whatsappId: id.nullable(),
  body,
  mediaType: MediaType,
  media: StoredMedia.nullable(),
  location: Location.nullable(),
  /** The message this one quotes (a reply), or reacts to for `reactionMessage`. */
  quotedMessageId: messageId.nullable(),
  /**
   * The queue (department) the ticket was in when the message was written: GET /messages with
   * selectedQueues shows a viewer only their queues' part of a transferred conversation. Null: the
   * ticket had no queue then (shown to everyone). Absent in events recorded before it existed,
   * which read as null; optional so those stay valid without a new schema version.
   */
  queueId: id.nullable().optional(),
};

/** A contact wrote (inbound); idempotent on the provider's id, from which `messageId` is derived. */
export const MessageReceived = defineEvent(
  'MessageReceived',
  z.object({
    ...content,
    providerId: safeText().min(1).max(255),
    /** In group tickets, who in the group wrote it. */
    participant: z.object({ name: safeText().max(200), number: safeText().max(50) }).nullable(),
    receivedAt: realDateTime(),
  }),
  { personal: { contact: 'contactId', identity: ['participant'], content: messageContent } },
);
/**
 * A WhatsApp Cloud API message template (sent when the 24-hour reply window is closed): its name,
 * language code and the texts of the body's {{1}}, {{2}} … in order.
 */
export const TemplateMessage = z.object({
  name: safeText().regex(/^[a-z0-9_]{1,512}$/, 'name: lower-case letters, digits and _'),
  language: safeText().regex(/^[a-z]{2,3}(?:_[A-Za-z]{2,4})?$/, 'language: a code such as pt_BR'),
  parameters: z.array(safeText().trim().min(1).max(1024)).max(20),
});
export type TemplateMessage = z.infer<typeof TemplateMessage>;

/** An attendant (or the system: greeting, farewell, scheduled message) wrote; the sender reactor sends it unless private. */
export const MessageQueued = defineEvent(
  'MessageQueued',
  z.object({
    ...content,
    userId: id.nullable(),
    isPrivate: z.boolean(),
    isForwarded: z.boolean(),
    /** A Cloud API template (the body is its text as the contact reads it); absent for every other message. */
    template: TemplateMessage.nullable().optional(),
    /** When it was written: the 15-minute edit window counts from here or from the last edit. */
    queuedAt: realDateTime(),
  }),
  { personal: { contact: 'contactId', content: [...messageContent, 'template.parameters'] } },
);
export const MessageSent = defineEvent('MessageSent', z.object({ messageId, providerId: safeText().min(1).max(255) }));
export const MessageSendFailed = defineEvent(
  'MessageSendFailed',
  z.object({ messageId, error: z.literal('ERR_SENDING_WAPP_MSG'), reason: safeText().max(2000) }),
);
/** 0 clock, 1 sent, 2 delivered, 3 or 4 read. */
export const MessageAckChanged = defineEvent('MessageAckChanged', z.object({ messageId, ack: z.number().int().min(0).max(4) }));
/** Carries no contact id: its contact is the message stream's (the first event's). */
export const MessageEdited = defineEvent('MessageEdited', z.object({ messageId, body, previousBody: body, editedAt: realDateTime() }), {
  personal: { contact: 'stream', content: ['body', 'previousBody'] },
});
/**
 * `contentErased`: the company's lgpdDeleteMessage was on when the contact deleted it, so the read
 * models keep only the deletion mark (text, file and place are dropped from them). Decided when the
 * deletion is recorded, so a rebuild gives the same answer whatever the setting is by then. Absent
 * or false: the text stays, shown to attendants with the mark. The events themselves keep the original.
 */
export const MessageDeleted = defineEvent('MessageDeleted', z.object({ messageId, by: z.enum(['user', 'contact']), contentErased: z.boolean().optional() }));

export const messageEvents = [MessageReceived, MessageQueued, MessageSent, MessageSendFailed, MessageAckChanged, MessageEdited, MessageDeleted];

export type MessageEvent = EventUnion<typeof messageEvents>;

export const messageStream = (messageId: string) => `message-${messageId}`;

/** What a ticket row shows as its last message for a media message without text. */
export function lastMessagePreview(message: { body: string; mediaType: MediaType; media: { name: string } | null }): string {
  if (message.body.trim() !== '' && message.mediaType !== 'contactMessage') return message.body;
  switch (message.mediaType) {
    case 'locationMessage':
      return 'Localização';
    case 'contactMessage':
      return 'Contato';
    default:
      return message.media?.name ?? message.body;
  }
}
