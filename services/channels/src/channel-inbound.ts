import { normaliseDeep, type MediaType, type StoredMedia } from '@conversa/contracts';
import { mediaTypeOf } from '@conversa/core';
import type { Readable } from 'node:stream';
import type { ChannelEvent, ChannelMedia, ChannelMessage } from './channel-events';
import type { InboundMessage, SessionHooks } from './session-port';

/** How an adapter fetches a file its channel holds (through the socket, the Graph API, a CDN). */
export type MediaDownloader<MediaRef> = (media: ChannelMedia<MediaRef>) => Promise<{ data: Buffer | Readable; mime?: string | null }>;

export interface ApplyContext<MediaRef> {
  hooks: SessionHooks;
  download: MediaDownloader<MediaRef>;
  /** Conversa's id of a message this session sent itself, by the provider's id (acks that overtake the read model). */
  sentMessageId?(providerId: string): string | undefined;
}

export interface Applied {
  /** Something new was recorded (false: a redelivery, or nothing to record). */
  recorded: boolean;
  /** The ticket the message landed on (import progress names the tickets it touched). */
  ticketId?: number;
}

/**
 * Records one channel event through the session's hooks, the same way for every channel:
 * messages (inbound, or sent from the account itself outside Conversa), acks, edits and deletions.
 * Idempotent: a redelivered message is recognised before its file is downloaded again. Presence is
 * the adapter's (it is a live frame, not a record).
 */
export async function applyChannelEvent<MediaRef>(received: ChannelEvent<MediaRef>, context: ApplyContext<MediaRef>): Promise<Applied> {
  const { hooks } = context;
  // A contact's text is stored, never dropped: what Postgres cannot hold (NUL, lone surrogates) is mended here.
  const event = normaliseDeep(received);
  switch (event.kind) {
    case 'message':
      return applyMessage(event, context);
    case 'ack':
      return { recorded: await hooks.messageAck({ providerId: event.providerId, ack: event.ack, messageId: context.sentMessageId?.(event.providerId) }) };
    case 'edit':
      return {
        recorded: await hooks.messageEdited({
          providerId: event.providerId,
          body: event.body,
          editedAt: usableDate(event.at) ?? undefined,
          fromMe: event.fromMe,
        }),
      };
    case 'delete':
      return { recorded: await hooks.messageDeleted({ providerId: event.providerId, fromMe: event.fromMe }) };
    case 'presence':
      return { recorded: false };
  }
}

/** A provider's clock outside what a timestamp column holds (or no date at all) counts as "now". */
const usableDate = (at: Date | null): Date | null =>
  at && Number.isFinite(at.getTime()) && at.getUTCFullYear() >= 1 && at.getUTCFullYear() <= 9999 ? at : null;

async function applyMessage<MediaRef>(message: ChannelMessage<MediaRef>, context: ApplyContext<MediaRef>): Promise<Applied> {
  const { hooks } = context;
  if (await hooks.isRecorded(message.providerId)) return { recorded: false };
  let mediaType: MediaType = message.mediaType;
  let media: StoredMedia | null = null;
  let body = message.body;
  if (message.media) {
    try {
      media = await storeMedia(message.media, context);
      // The stored file's real type decides (a 'document' that is a picture shows as one); stickers stay stickers.
      if (mediaType !== 'sticker') mediaType = mediaTypeOf(media.mime);
    } catch (error) {
      // A file the store refuses (type, size) or that can no longer be downloaded: the message is
      // kept with its text, so the attendant knows something was sent.
      hooks.log.warn({ err: error, providerId: message.providerId, connectionId: hooks.connectionId }, 'channel file not stored');
      mediaType = 'chat';
      if (body.trim() === '') body = `[${message.media.fileName ?? message.media.mime}]`;
    }
  }
  const input: InboundMessage = {
    contact: { number: message.chat.number, name: message.chat.name, isGroup: message.chat.isGroup },
    providerId: message.providerId,
    body,
    mediaType,
    media,
    location: message.location,
    quotedProviderId: message.quotedProviderId,
    participant: message.participant,
    receivedAt: usableDate(message.at) ?? new Date(),
    ticketStatus: message.groupTicket ? 'group' : undefined,
  };
  const result = message.fromMe ? await hooks.recordSentElsewhere(input) : await hooks.receiveMessage(input);
  return { recorded: !result.duplicate, ticketId: result.ticketId };
}

async function storeMedia<MediaRef>(media: ChannelMedia<MediaRef>, context: ApplyContext<MediaRef>): Promise<StoredMedia> {
  const file = await context.download(media);
  const mime = (file.mime ?? media.mime).split(';')[0]!.trim();
  return context.hooks.saveMedia({ data: file.data, mime, name: media.fileName ?? defaultFileName(mime) });
}

/** A name for a file the channel sent without one (photos, voice notes): shown and offered as the download name. */
function defaultFileName(mime: string): string {
  const [family, subtype = 'bin'] = mime.split('/');
  const ext = subtype.replace(/^x-/, '').split(/[+.;]/)[0] || 'bin';
  return `${family === 'application' ? 'arquivo' : family}.${ext}`;
}
