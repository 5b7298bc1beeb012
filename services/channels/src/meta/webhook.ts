import type { ConnectionChannel } from '@conversa/contracts';
import { z } from 'zod';
import type { ChannelEvent, ChannelMessage } from '../channel-events';

/**
 * Meta's webhook deliveries (Messenger, Instagram Messaging, WhatsApp Cloud API) and their pure
 * mapping to channel events. The schemas name only what Conversa reads and let every other field
 * through: Meta adds fields without notice, and a delivery must not be refused for them.
 */

/** Where a Meta file is: a CDN url (Messenger, Instagram) or a Cloud API media id (fetched with the token). */
export type MetaMediaRef = { kind: 'url'; url: string } | { kind: 'whatsapp'; id: string };
export type MetaEvent = ChannelEvent<MetaMediaRef>;
export type MetaMessage = ChannelMessage<MetaMediaRef>;

const id = z.string().min(1).max(255);
const text = z.string().max(65_536);

const Attachment = z.looseObject({
  type: z.string().max(50),
  payload: z
    .looseObject({
      url: z.string().max(4000).optional(),
      title: z.string().max(1000).optional(),
      sticker_id: z.union([z.number(), z.string()]).optional(),
      coordinates: z.looseObject({ lat: z.number(), long: z.number() }).optional(),
    })
    .nullish(),
});

/** One Messenger / Instagram messaging item (sender, recipient, timestamp in ms, and what happened). */
const MessagingItem = z.looseObject({
  sender: z.looseObject({ id }),
  recipient: z.looseObject({ id }),
  timestamp: z.number().optional(),
  message: z
    .looseObject({
      mid: id,
      text: text.optional(),
      is_echo: z.boolean().optional(),
      is_deleted: z.boolean().optional(),
      app_id: z.union([z.number(), z.string()]).optional(),
      attachments: z.array(Attachment).max(20).optional(),
      reply_to: z.looseObject({ mid: id.optional() }).optional(),
      quick_reply: z.looseObject({ payload: z.string().max(2000).optional() }).optional(),
    })
    .optional(),
  postback: z.looseObject({ mid: id.optional(), title: z.string().max(2000).optional(), payload: z.string().max(2000).optional() }).optional(),
  delivery: z.looseObject({ mids: z.array(id).max(1000).optional(), watermark: z.number().optional() }).optional(),
  read: z.looseObject({ mid: id.optional(), watermark: z.number().optional() }).optional(),
  reaction: z.looseObject({ mid: id, action: z.string().max(20), emoji: z.string().max(32).optional(), reaction: z.string().max(50).optional() }).optional(),
  message_edits: z.looseObject({ mid: id, text: text.optional() }).optional(),
  message_edit: z.looseObject({ mid: id, text: text.optional() }).optional(),
});

const CloudMedia = z.looseObject({ id, mime_type: z.string().max(255).optional(), caption: text.optional(), filename: z.string().max(500).optional() });

const CloudMessage = z.looseObject({
  from: id,
  id,
  timestamp: z.union([z.string(), z.number()]),
  type: z.string().max(50),
  context: z.looseObject({ id: id.optional(), from: z.string().optional() }).optional(),
  text: z.looseObject({ body: text }).optional(),
  image: CloudMedia.optional(),
  video: CloudMedia.optional(),
  audio: CloudMedia.optional(),
  document: CloudMedia.optional(),
  sticker: CloudMedia.optional(),
  location: z
    .looseObject({ latitude: z.number(), longitude: z.number(), name: z.string().max(500).optional(), address: z.string().max(1000).optional() })
    .optional(),
  contacts: z
    .array(
      z.looseObject({
        name: z.looseObject({ formatted_name: z.string().max(500).optional(), first_name: z.string().max(500).optional() }).optional(),
        phones: z.array(z.looseObject({ phone: z.string().max(50).optional(), wa_id: z.string().max(50).optional() })).optional(),
      }),
    )
    .max(50)
    .optional(),
  reaction: z.looseObject({ message_id: id, emoji: z.string().max(32).optional() }).optional(),
  interactive: z
    .looseObject({
      button_reply: z.looseObject({ id: z.string().optional(), title: z.string().max(1000) }).optional(),
      list_reply: z.looseObject({ id: z.string().optional(), title: z.string().max(1000) }).optional(),
    })
    .optional(),
  button: z.looseObject({ text: z.string().max(1000).optional(), payload: z.string().optional() }).optional(),
});

const CloudValue = z.looseObject({
  messaging_product: z.string().optional(),
  metadata: z.looseObject({ phone_number_id: id, display_phone_number: z.string().max(50).optional() }),
  contacts: z.array(z.looseObject({ wa_id: z.string().max(50), profile: z.looseObject({ name: z.string().max(500).optional() }).optional() })).optional(),
  messages: z.array(CloudMessage).max(1000).optional(),
  statuses: z
    .array(z.looseObject({ id, status: z.string().max(20), recipient_id: z.string().max(50).optional() }))
    .max(1000)
    .optional(),
});

/** The body of a webhook delivery: one object kind, entries per page / account / business account. */
export const MetaWebhookPayload = z.looseObject({
  object: z.enum(['page', 'instagram', 'whatsapp_business_account']),
  entry: z
    .array(
      z.looseObject({
        id: z.union([id, z.number().transform(String)]),
        time: z.number().optional(),
        messaging: z.array(MessagingItem).max(1000).optional(),
        changes: z
          .array(z.looseObject({ field: z.string().max(100), value: z.unknown() }))
          .max(1000)
          .optional(),
      }),
    )
    .max(1000),
});
export type MetaWebhookPayload = z.infer<typeof MetaWebhookPayload>;

/** The events of one account (a page, an Instagram account, a Cloud API number) in a delivery. */
export interface MetaDelivery {
  channel: Extract<ConnectionChannel, 'facebook' | 'instagram' | 'whatsappapi'>;
  /** facebookPageUserId of the connection: page id, Instagram account id, or Cloud API phone number id. */
  accountId: string;
  events: MetaEvent[];
}

export interface MetaMappingOptions {
  /** Our app's id: echoes of what Conversa itself sent through the Send API are not recorded twice. */
  appId?: string;
}

/** Graph API media types of Messenger / Instagram attachments. */
const ATTACHMENT_MEDIA: Record<string, { mediaType: 'image' | 'video' | 'audio' | 'application'; mime: string }> = {
  image: { mediaType: 'image', mime: 'image/jpeg' },
  video: { mediaType: 'video', mime: 'video/mp4' },
  audio: { mediaType: 'audio', mime: 'audio/mpeg' },
  file: { mediaType: 'application', mime: 'application/octet-stream' },
};

const messageBase = (chat: MetaMessage['chat'], fromMe: boolean, at: Date | null) => ({
  kind: 'message' as const,
  fromMe,
  chat,
  participant: null,
  media: null,
  location: null,
  quotedProviderId: null,
  at,
  groupTicket: false,
});

/** Messenger and Instagram: one messaging item → its events (the page's own echoes become outbound messages). */
export function mapMessagingItem(item: z.infer<typeof MessagingItem>, options: MetaMappingOptions = {}): MetaEvent[] {
  const at = item.timestamp ? new Date(item.timestamp) : null;
  const message = item.message;
  const echo = Boolean(message?.is_echo);
  // The person is the sender of what they wrote, and the recipient of the page's echoes.
  const person = echo ? item.recipient.id : item.sender.id;
  const chat = { number: person, name: person, isGroup: false };

  if (message) {
    if (echo && options.appId !== undefined && message.app_id !== undefined && String(message.app_id) === options.appId) return [];
    if (message.is_deleted) return [{ kind: 'delete', providerId: message.mid, fromMe: echo }];
    const quotedProviderId = message.reply_to?.mid ?? null;
    const events: MetaEvent[] = [];
    const attachments = message.attachments ?? [];
    const body = message.text ?? '';
    attachments.forEach((attachment, index) => {
      // The first item keeps the message id (and the text); further files get ids of their own.
      const providerId = index === 0 ? message.mid : `${message.mid}:${index}`;
      const caption = index === 0 ? body : '';
      const media = ATTACHMENT_MEDIA[attachment.type];
      const url = attachment.payload?.url;
      const base = { ...messageBase(chat, echo, at), providerId, quotedProviderId };
      if (media && url) {
        events.push({ ...base, body: caption, mediaType: media.mediaType, media: { ref: { kind: 'url', url }, mime: media.mime, fileName: null } });
      } else if (attachment.type === 'location' && attachment.payload?.coordinates) {
        const { lat, long } = attachment.payload.coordinates;
        const name = attachment.payload.title ?? null;
        events.push({ ...base, body: name ?? caption, mediaType: 'locationMessage', location: { latitude: lat, longitude: long, name } });
      } else {
        // Shares, story mentions, reels, links: their url is what an attendant can open.
        const link = [caption, attachment.payload?.title, url].filter(Boolean).join('\n');
        if (link.trim() !== '') events.push({ ...base, body: link, mediaType: 'chat' });
      }
    });
    if (attachments.length === 0 && body.trim() !== '') {
      events.push({ ...messageBase(chat, echo, at), providerId: message.mid, body, mediaType: 'chat', quotedProviderId });
    }
    return events;
  }
  if (item.postback) {
    const title = item.postback.title ?? item.postback.payload ?? '';
    const providerId = item.postback.mid ?? `postback-${item.sender.id}-${item.timestamp ?? 0}`;
    return title.trim() === '' ? [] : [{ ...messageBase(chat, false, at), providerId, body: title, mediaType: 'chat' }];
  }
  if (item.reaction) {
    const { reaction } = item;
    if (reaction.action !== 'react' || !reaction.emoji) return [];
    return [
      {
        ...messageBase(chat, false, at),
        providerId: `reaction-${reaction.mid}-${item.sender.id}-${item.timestamp ?? 0}`,
        body: reaction.emoji,
        mediaType: 'reactionMessage',
        quotedProviderId: reaction.mid,
      },
    ];
  }
  const edit = item.message_edits ?? item.message_edit;
  if (edit) return edit.text && edit.text.trim() !== '' ? [{ kind: 'edit', providerId: edit.mid, body: edit.text, fromMe: false, at }] : [];
  if (item.delivery) return (item.delivery.mids ?? []).map((mid) => ({ kind: 'ack', providerId: mid, ack: 2 }));
  // Messenger's read receipts carry only a watermark (everything before it was read); Instagram's name the message.
  if (item.read?.mid) return [{ kind: 'ack', providerId: item.read.mid, ack: 3 }];
  return [];
}

/** A vCard 3.0 for a contact the Cloud API shared (the body of a contactMessage). */
function vcardOf(contact: NonNullable<z.infer<typeof CloudMessage>['contacts']>[number]): string {
  const name = contact.name?.formatted_name ?? contact.name?.first_name ?? '';
  const phones = (contact.phones ?? []).map((phone) => {
    const digits = (phone.wa_id ?? phone.phone ?? '').replace(/\D/g, '');
    return `TEL;type=CELL;waid=${digits}:${phone.phone ?? `+${digits}`}`;
  });
  return ['BEGIN:VCARD', 'VERSION:3.0', `N:;${name};;;`, `FN:${name}`, ...phones, 'END:VCARD'].join('\n');
}

const CLOUD_MEDIA = { image: 'image', video: 'video', audio: 'audio', document: 'application', sticker: 'sticker' } as const;
const CLOUD_STATUS_ACK: Record<string, number> = { sent: 1, delivered: 2, read: 3 };

/** WhatsApp Cloud API: one `messages` change value → its events. */
export function mapCloudValue(value: z.infer<typeof CloudValue>): MetaEvent[] {
  const names = new Map((value.contacts ?? []).map((contact) => [contact.wa_id, contact.profile?.name]));
  const events: MetaEvent[] = [];
  for (const message of value.messages ?? []) {
    const number = message.from.replace(/\D/g, '');
    const chat = { number, name: names.get(message.from) || number, isGroup: false };
    const at = new Date(Number(message.timestamp) * 1000);
    const base = { ...messageBase(chat, false, at), providerId: message.id, quotedProviderId: message.context?.id ?? null };
    const media = message.type in CLOUD_MEDIA ? (message[message.type as keyof typeof CLOUD_MEDIA] as z.infer<typeof CloudMedia> | undefined) : undefined;
    if (media) {
      const mediaType = CLOUD_MEDIA[message.type as keyof typeof CLOUD_MEDIA];
      const fileName = media.filename ?? null;
      const body = media.caption ?? (mediaType === 'application' ? (fileName ?? '') : '');
      events.push({
        ...base,
        body,
        mediaType,
        media: { ref: { kind: 'whatsapp', id: media.id }, mime: media.mime_type ?? 'application/octet-stream', fileName },
      });
      continue;
    }
    switch (message.type) {
      case 'text':
        if (message.text && message.text.body.trim() !== '') events.push({ ...base, body: message.text.body, mediaType: 'chat' });
        break;
      case 'location':
        if (message.location) {
          const name = [message.location.name, message.location.address].filter(Boolean).join(' - ') || null;
          events.push({
            ...base,
            body: name ?? '',
            mediaType: 'locationMessage',
            location: { latitude: message.location.latitude, longitude: message.location.longitude, name },
          });
        }
        break;
      case 'contacts':
        if (message.contacts?.length) events.push({ ...base, body: message.contacts.map(vcardOf).join('\n'), mediaType: 'contactMessage' });
        break;
      case 'reaction':
        // An empty emoji removes a reaction: the earlier one stays in the history.
        if (message.reaction?.emoji)
          events.push({ ...base, body: message.reaction.emoji, mediaType: 'reactionMessage', quotedProviderId: message.reaction.message_id });
        break;
      case 'interactive': {
        const reply = message.interactive?.button_reply ?? message.interactive?.list_reply;
        if (reply) events.push({ ...base, body: reply.title, mediaType: 'chat' });
        break;
      }
      case 'button':
        if (message.button?.text) events.push({ ...base, body: message.button.text, mediaType: 'chat' });
        break;
      default:
        // unsupported, system, order, errors…: nothing an attendant can answer.
        break;
    }
  }
  for (const status of value.statuses ?? []) {
    const ack = CLOUD_STATUS_ACK[status.status];
    if (ack !== undefined) events.push({ kind: 'ack', providerId: status.id, ack });
  }
  return events;
}

/** A whole delivery → the events of each account it concerns. Changes other than `messages` (templates, quality…) are ignored. */
export function mapWebhook(payload: MetaWebhookPayload, options: MetaMappingOptions = {}): MetaDelivery[] {
  const deliveries: MetaDelivery[] = [];
  for (const entry of payload.entry) {
    if (payload.object === 'whatsapp_business_account') {
      for (const change of entry.changes ?? []) {
        if (change.field !== 'messages') continue;
        const value = CloudValue.safeParse(change.value);
        if (!value.success) continue;
        deliveries.push({ channel: 'whatsappapi', accountId: value.data.metadata.phone_number_id, events: mapCloudValue(value.data) });
      }
      continue;
    }
    const channel = payload.object === 'page' ? 'facebook' : 'instagram';
    const events = (entry.messaging ?? []).flatMap((item) => mapMessagingItem(item, options));
    deliveries.push({ channel, accountId: String(entry.id), events });
  }
  return deliveries;
}
