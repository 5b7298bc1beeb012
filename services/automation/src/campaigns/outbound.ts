import type { CampaignDetails, Channel, CampaignSettingsValues, FileOption, ShippingKind, StoredMedia } from '@conversa/contracts';
import type { ShippingItem } from '@conversa/core';
import type { Readable } from 'node:stream';
import { fillVariables, shippingMessageId } from './pacing';

/** What the engine hands a channel: the sender reactor's OutboundMessage, which the channels' gateway accepts. */
export interface CampaignOutbound {
  companyId: number;
  whatsappId: number;
  channel: Channel;
  contact: { number: string; isGroup: boolean };
  /** Deterministic per campaign, contact and kind: the channel's idempotency key, so a resend after a crash is one delivery. */
  messageId: string;
  body: string;
  mediaType: 'chat' | 'image' | 'audio' | 'video' | 'application';
  media: (StoredMedia & { read(): Promise<Readable> }) | null;
  location: null;
  quotedProviderId: null;
}
export interface CampaignChannel {
  send(message: CampaignOutbound): Promise<{ providerId: string }>;
}
export interface CampaignMedia {
  open(companyId: number, url: string): Promise<{ stream: Readable } | undefined>;
}

const mediaTypeOf = (mime: string): CampaignOutbound['mediaType'] => {
  const top = mime.split('/')[0];
  return top === 'image' || top === 'audio' || top === 'video' ? top : 'application';
};

export const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`channel call timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error) => (clearTimeout(timer), reject(error)),
    );
  });

const readable = (media: CampaignMedia, companyId: number, file: StoredMedia) => ({
  ...file,
  async read() {
    const opened = await media.open(companyId, file.url);
    if (!opened) throw new Error(`media file ${file.url} is missing`);
    return opened.stream;
  },
});

export interface ContactSend {
  companyId: number;
  campaignId: number;
  details: CampaignDetails;
  connection: { id: number; channel: Channel; name: string };
  settings: CampaignSettingsValues;
  /** The campaign's file list, sent after the message file by file, each with its own stable id. */
  files: readonly FileOption[];
  item: ShippingItem;
  kind: ShippingKind;
  messageId: string;
  now: Date;
  timeZone: string;
}

/** One contact's message (or confirmation request) and, with a message, the campaign's files; answers the first's provider id. */
export async function sendToContact(channel: CampaignChannel, media: CampaignMedia, send: ContactSend, timeoutMs: number): Promise<string> {
  const { companyId, campaignId, details, connection, item, kind, messageId, now } = send;
  const template = kind === 'confirmation' ? details.confirmationMessages[item.confirmationIndex ?? 0]! : details.messages[item.messageIndex]!;
  const body = fillVariables(template, {
    name: item.name,
    number: item.number,
    email: item.email,
    now,
    timeZone: send.timeZone,
    variables: send.settings.variables,
    protocol: `${campaignId}${item.itemId}`,
    connection: connection.name,
  });
  const file = kind === 'message' ? details.media : null;
  const outbound: CampaignOutbound = {
    companyId,
    whatsappId: connection.id,
    channel: connection.channel,
    contact: { number: item.number, isGroup: false },
    messageId,
    body,
    mediaType: file ? mediaTypeOf(file.mime) : 'chat',
    media: file && readable(media, companyId, file),
    location: null,
    quotedProviderId: null,
  };
  const { providerId } = await withTimeout(channel.send(outbound), timeoutMs);
  if (kind === 'message') {
    for (const [index, option] of send.files.entries()) {
      const listed = option.media;
      const fileMessage = {
        ...outbound,
        messageId: shippingMessageId(campaignId, item.itemId, 'message', index + 1),
        body: option.name,
        mediaType: mediaTypeOf(listed.mime),
        media: readable(media, companyId, listed),
      };
      await withTimeout(channel.send(fileMessage), timeoutMs);
    }
  }
  return String(providerId).slice(0, 255) || messageId;
}
