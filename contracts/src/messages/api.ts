import { z } from 'zod';
import { idList } from '../tickets/api';
import { Location } from './events';
import { QueryFlag, RecordIdParam, safeText } from '../common/bounds';

/** Multipart fields and query strings carry booleans as text. */
const flag = QueryFlag;
const messageId = z.uuid('Mensagem inválida');
const ticketId = RecordIdParam;
const text = safeText().max(65_536);

const EMPTY_MESSAGE = 'A mensagem não pode estar vazia';
const hasText = (value: string) => value.trim() !== '';

export const MessageTicketParams = z.object({ ticketId });
export const MessageIdParams = z.object({ messageId });
export const DeleteMessageParams = z.object({ id: messageId });

/**
 * GET /messages/:ticketId. `selectedQueues`: the queues chosen in the tickets list (a JSON list, as
 * the browser sends it, or comma-separated); only their messages and queueless ones are listed.
 */
export const ListMessagesQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).max(1_000_000).default(1),
  /**
   * The previous page's `nextCursor` (the message list scrolling up): the page of messages older than
   * where it ended, without an offset; wins over pageNumber. Opaque to clients: `<µs since epoch>.<message id>`.
   */
  cursor: z
    .string()
    .max(60)
    .regex(/^\d{1,16}\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'a cursor is the nextCursor of a previous page')
    .optional(),
  selectedQueues: idList,
});
export type ListMessagesQuery = z.infer<typeof ListMessagesQuery>;

/** A contact card to send (the send-contact dialog): the contact as the picker holds it, or a ready vCard. */
export const ContactCard = z.union([
  z.object({ name: safeText().trim().min(1).max(200), number: safeText().trim().min(1).max(50) }).loose(),
  safeText().trim().startsWith('BEGIN:VCARD').max(10_000),
]);

/**
 * POST /messages/:ticketId as JSON: text, a reply (`quotedMsg` as the list holds it, or its id), a
 * private note, a contact card, a location, or a file already in the media store (`mediaUrl`, e.g. a
 * quick message's attachment). Text-only messages must say something.
 */
export const SendMessageRequest = z
  .object({
    body: text.default(''),
    quotedMsg: z.object({ id: messageId }).loose().nullish(),
    quotedMsgId: messageId.nullish(),
    isPrivate: flag.default(false),
    vCard: ContactCard.nullish(),
    location: Location.nullish(),
    mediaUrl: safeText().min(1).max(500).nullish(),
    // Sent by the browser out of habit; the server decides both.
    read: z.unknown().optional(),
    fromMe: z.unknown().optional(),
  })
  .refine((request) => hasText(request.body) || request.vCard != null || request.location != null || request.mediaUrl != null, {
    message: EMPTY_MESSAGE,
    path: ['body'],
  });
export type SendMessageRequest = z.infer<typeof SendMessageRequest>;
/** What a client may send to POST /messages/:ticketId as JSON. */
export type SendMessageBody = z.input<typeof SendMessageRequest>;

/** The fields of POST /messages/:ticketId as multipart (files in `medias`); `body` once per file or once for all. */
export const SendMediaFields = z.object({
  body: z.union([text, z.array(text).max(20)]).default(''),
  isPrivate: flag.default(false),
  /** Shown as the document's name instead of the uploaded file name. */
  mediaTitle: safeText().trim().max(255).optional(),
  quotedMsgId: z.preprocess((value) => (value === '' || value === 'null' || value === 'undefined' ? undefined : value), messageId.optional()),
  read: z.unknown().optional(),
  fromMe: z.unknown().optional(),
});
export type SendMediaFields = z.infer<typeof SendMediaFields>;

/** Files one multipart message request may carry. */
export const MAX_FILES_PER_MESSAGE = 10;

/** POST /messages/{ticketId} as multipart/form-data: the fields and one to ten `medias` files. */
export const SendMediaForm = SendMediaFields.extend({ medias: z.array(z.file()).min(1).max(MAX_FILES_PER_MESSAGE) });

/** POST /messages/edit/:messageId: the new text replaces the old one. */
export const EditMessageRequest = z.object({ body: text.refine(hasText, EMPTY_MESSAGE) });
export type EditMessageBody = z.input<typeof EditMessageRequest>;

/** POST /message/forward. */
export const ForwardMessageRequest = z.object({
  messageId,
  contactId: RecordIdParam,
  signMessage: flag.default(false),
});
export type ForwardMessageBody = z.input<typeof ForwardMessageRequest>;

/** POST /react/messages: an emoji reaction to a message (`id`); the other fields are what the browser knows of it. */
export const ReactToMessageRequest = z.object({
  text: safeText().trim().min(1, 'Reação vazia').max(32),
  id: messageId,
  ticketId: ticketId.optional(),
  fromMe: z.unknown().optional(),
  remoteJid: z.unknown().optional(),
});
export type ReactToMessageBody = z.input<typeof ReactToMessageRequest>;

/** A vCard 3.0 for a contact card message (the body of a `contactMessage`). */
export function contactCardVCard(name: string, number: string): string {
  const escape = (value: string) => value.replace(/[\\;,]/g, (char) => `\\${char}`).replace(/\r?\n/g, ' ');
  const digits = number.replace(/\D/g, '');
  return ['BEGIN:VCARD', 'VERSION:3.0', `N:;${escape(name)};;;`, `FN:${escape(name)}`, `TEL;type=CELL;waid=${digits}:+${digits}`, 'END:VCARD'].join('\n');
}
