import type { MediaType } from '@conversa/contracts';
import {
  getContentType,
  isJidBroadcast,
  isJidGroup,
  isJidNewsletter,
  isJidStatusBroadcast,
  isLidUser,
  jidDecode,
  normalizeMessageContent,
  proto,
  type LIDMapping,
  type MessageUserReceiptUpdate,
  type WAMessage,
  type WAMessageKey,
  type WAMessageUpdate,
  type WAPresence,
} from '@whiskeysockets/baileys';
import type { ChannelChat, ChannelEvent, ChannelMessage, ChannelPresence } from '../channel-events';

/**
 * Pure mapping of Baileys' events to channel events (see channel-events.ts). Nothing here reads a
 * socket, a clock or a database: what it needs to know comes in a MappingContext the session keeps
 * up to date from Baileys' own events (LID ↔ phone pairs, group subjects).
 */

/** A WhatsApp media message to download through the socket: the message itself is the handle. */
export type WhatsappMediaRef = WAMessage;
export type WhatsappEvent = ChannelEvent<WhatsappMediaRef>;
export type WhatsappMessage = ChannelMessage<WhatsappMediaRef>;

export interface MappingContext {
  /** The connection's rules for groups: allowGroup off ignores them; groupAsTicket decides their tickets. */
  allowGroup: boolean;
  groupAsTicket: 'enabled' | 'disabled';
  /** The phone user (digits) a LID user stands for, when known. */
  phoneOfLid(lidUser: string): string | undefined;
  /** A group's subject, when known. */
  groupSubject(groupJid: string): string | undefined;
}

/** What a LID user maps to, learned from Baileys' events; the session's `phoneOfLid` reads these. */
export class LidDirectory {
  private readonly phones = new Map<string, string>();

  /** Remembers a pair (either side may carry a device suffix: '5511…:12@s.whatsapp.net'). */
  learn(lidJid: string | null | undefined, phoneJid: string | null | undefined): void {
    const lid = userOf(lidJid);
    const phone = userOf(phoneJid);
    if (!lid || !phone || !isLidUser(lidJid ?? undefined) || isLidUser(phoneJid ?? undefined)) return;
    this.phones.set(lid, phone);
  }

  /** Pairs carried by a message key (v7 puts the other identity in remoteJidAlt / participantAlt). */
  learnFromKey(key: WAMessageKey): void {
    for (const [jid, alt] of [
      [key.remoteJid, key.remoteJidAlt],
      [key.participant, key.participantAlt],
    ] as const) {
      if (!jid || !alt) continue;
      if (isLidUser(jid)) this.learn(jid, alt);
      else if (isLidUser(alt)) this.learn(alt, jid);
    }
  }

  learnAll(mappings: readonly LIDMapping[] | null | undefined): void {
    for (const mapping of mappings ?? []) this.learn(mapping.lid, mapping.pn);
  }

  /** From contacts.upsert / contacts.update / messaging-history.set contacts. */
  learnFromContacts(contacts: ReadonlyArray<{ id?: string; lid?: string; phoneNumber?: string }>): void {
    for (const contact of contacts) {
      if (contact.lid && contact.phoneNumber) this.learn(contact.lid, contact.phoneNumber);
      else if (contact.id && isLidUser(contact.id) && contact.phoneNumber) this.learn(contact.id, contact.phoneNumber);
      else if (contact.id && contact.lid && !isLidUser(contact.id)) this.learn(contact.lid, contact.id);
    }
  }

  phoneOf(lidUser: string): string | undefined {
    return this.phones.get(lidUser);
  }
}

/** The user part of a jid, without device or agent: '5511987654321:12@s.whatsapp.net' → '5511987654321'. */
export function userOf(jid: string | null | undefined): string | undefined {
  if (!jid) return undefined;
  return jidDecode(jid)?.user;
}

/** Chats Conversa never handles: status updates, broadcast lists, newsletters (channels). */
export function isIgnoredChat(jid: string | null | undefined): boolean {
  if (!jid) return true;
  return isJidStatusBroadcast(jid) || Boolean(isJidBroadcast(jid)) || Boolean(isJidNewsletter(jid));
}

/**
 * The phone digits of a person's jid: a phone jid gives them directly; a LID is looked up first in
 * its alternative jid, then in what the session learned. An unknown LID keeps its own digits, so the
 * message is not lost (the pair, once learned, makes later messages land on the phone number).
 */
export function personNumber(jid: string, alt: string | null | undefined, context: Pick<MappingContext, 'phoneOfLid'>): string {
  const user = userOf(jid) ?? jid;
  if (!isLidUser(jid)) return user;
  if (alt && !isLidUser(alt)) return userOf(alt) ?? user;
  return context.phoneOfLid(user) ?? user;
}

/** Seconds since the epoch as protobuf gives them (number, Long, or a string in recorded JSON). */
export function timestampOf(value: unknown, fallback = 0): Date {
  let seconds: number;
  if (typeof value === 'number') seconds = value;
  else if (typeof value === 'string') seconds = Number(value);
  else if (value && typeof value === 'object' && 'low' in value) {
    const long = value as { low: number; high: number; unsigned?: boolean };
    seconds = long.high * 2 ** 32 + (long.low >>> 0);
  } else seconds = fallback;
  return new Date((Number.isFinite(seconds) ? seconds : fallback) * 1000);
}

/** The conversation a message key belongs to, or undefined when Conversa does not handle it. */
export function chatOf(key: WAMessageKey, pushName: string | null | undefined, context: MappingContext): ChannelChat | undefined {
  const remoteJid = key.remoteJid;
  if (!remoteJid || isIgnoredChat(remoteJid)) return undefined;
  if (isJidGroup(remoteJid)) {
    if (!context.allowGroup) return undefined;
    const id = userOf(remoteJid)!;
    return { number: id, name: context.groupSubject(remoteJid) ?? id, isGroup: true };
  }
  const number = personNumber(remoteJid, key.remoteJidAlt, context);
  // Our own messages carry our push name, not the contact's.
  const name = !key.fromMe && pushName ? pushName : number;
  return { number, name, isGroup: false };
}

interface Content {
  body: string;
  mediaType: MediaType;
  media: { mime: string; fileName: string | null } | null;
  location: ChannelMessage['location'];
  quotedProviderId: string | null;
}

const MEDIA_KINDS = {
  imageMessage: { mediaType: 'image', mime: 'image/jpeg' },
  videoMessage: { mediaType: 'video', mime: 'video/mp4' },
  audioMessage: { mediaType: 'audio', mime: 'audio/ogg' },
  documentMessage: { mediaType: 'application', mime: 'application/octet-stream' },
  stickerMessage: { mediaType: 'sticker', mime: 'image/webp' },
} as const satisfies Partial<Record<keyof proto.IMessage, { mediaType: MediaType; mime: string }>>;

/** The text of a message as a person reads it, for the kinds that are only text. */
export function textOf(content: proto.IMessage | null | undefined): string | undefined {
  const message = normalizeMessageContent(content);
  if (!message) return undefined;
  if (typeof message.conversation === 'string') return message.conversation;
  if (message.extendedTextMessage?.text != null) return message.extendedTextMessage.text;
  for (const kind of Object.keys(MEDIA_KINDS) as Array<keyof typeof MEDIA_KINDS>) {
    const media = message[kind] as { caption?: string | null } | null | undefined;
    if (media) return media.caption ?? '';
  }
  return undefined;
}

/** What a message says, or undefined for what Conversa does not show (protocol, reaction, poll votes, stubs…). */
export function contentOf(content: proto.IMessage | null | undefined): Content | undefined {
  const message = normalizeMessageContent(content);
  if (!message) return undefined;
  const type = getContentType(message);
  if (!type) return undefined;
  const contextInfo = (message[type] as { contextInfo?: proto.IContextInfo | null } | null | undefined)?.contextInfo;
  const quotedProviderId = contextInfo?.stanzaId ?? null;
  const base = { media: null, location: null, quotedProviderId };

  switch (type) {
    case 'conversation':
      return { ...base, body: message.conversation ?? '', mediaType: 'chat' };
    case 'extendedTextMessage':
      return { ...base, body: message.extendedTextMessage?.text ?? '', mediaType: 'chat' };
    case 'imageMessage':
    case 'videoMessage':
    case 'audioMessage':
    case 'documentMessage':
    case 'stickerMessage': {
      const kind = MEDIA_KINDS[type];
      const media = message[type] as { mimetype?: string | null; caption?: string | null; fileName?: string | null; title?: string | null };
      const fileName = media.fileName ?? null;
      return {
        ...base,
        body: media.caption ?? (type === 'documentMessage' ? (fileName ?? media.title ?? '') : ''),
        mediaType: kind.mediaType,
        media: { mime: media.mimetype || kind.mime, fileName },
      };
    }
    case 'locationMessage':
    case 'liveLocationMessage': {
      const place = (message.locationMessage ?? message.liveLocationMessage) as proto.Message.ILocationMessage & { caption?: string | null };
      const latitude = place.degreesLatitude ?? 0;
      const longitude = place.degreesLongitude ?? 0;
      const name = [place.name, place.address].filter((part): part is string => Boolean(part)).join(' - ') || null;
      return { ...base, body: name ?? place.caption ?? '', mediaType: 'locationMessage', location: { latitude, longitude, name } };
    }
    case 'contactMessage':
      return { ...base, body: message.contactMessage?.vcard ?? '', mediaType: 'contactMessage' };
    case 'contactsArrayMessage': {
      const cards = (message.contactsArrayMessage?.contacts ?? []).map((card) => card.vcard ?? '').filter(Boolean);
      return { ...base, body: cards.join('\n'), mediaType: 'contactMessage' };
    }
    case 'buttonsResponseMessage':
      return {
        ...base,
        body: message.buttonsResponseMessage?.selectedDisplayText ?? message.buttonsResponseMessage?.selectedButtonId ?? '',
        mediaType: 'chat',
      };
    case 'listResponseMessage':
      return { ...base, body: message.listResponseMessage?.title ?? message.listResponseMessage?.singleSelectReply?.selectedRowId ?? '', mediaType: 'chat' };
    case 'templateButtonReplyMessage':
      return { ...base, body: message.templateButtonReplyMessage?.selectedDisplayText ?? '', mediaType: 'chat' };
    case 'pollCreationMessage':
    case 'pollCreationMessageV2':
    case 'pollCreationMessageV3': {
      const poll = message[type] as proto.Message.IPollCreationMessage;
      const options = (poll.options ?? []).map((option) => `• ${option.optionName ?? ''}`);
      return { ...base, body: [poll.name ?? '', ...options].join('\n'), mediaType: 'chat' };
    }
    default:
      return undefined;
  }
}

/**
 * messages.upsert (and history-sync messages): a message someone wrote in a conversation Conversa
 * handles. Reactions, edits and revokes also arrive here as protocol messages, but Baileys emits
 * them again as messages.reaction / messages.update, which is where they are mapped.
 */
export function mapMessage(message: WAMessage, context: MappingContext): WhatsappMessage | undefined {
  const key = message.key;
  if (!key?.id || message.messageStubType) return undefined;
  const chat = chatOf(key, message.pushName, context);
  if (!chat) return undefined;
  const content = contentOf(message.message);
  if (!content) return undefined;
  if (content.body.trim() === '' && !content.media && !content.location) return undefined;
  const participant =
    chat.isGroup && !key.fromMe && key.participant
      ? (() => {
          const number = personNumber(key.participant, key.participantAlt, context);
          return { number, name: message.pushName || number };
        })()
      : null;
  return {
    kind: 'message',
    providerId: key.id,
    fromMe: Boolean(key.fromMe),
    chat,
    participant,
    body: content.body,
    mediaType: content.mediaType,
    media: content.media && { ref: message, mime: content.media.mime, fileName: content.media.fileName },
    location: content.location,
    quotedProviderId: content.quotedProviderId,
    at: timestampOf(message.messageTimestamp),
    groupTicket: chat.isGroup && context.groupAsTicket !== 'enabled',
  };
}

/**
 * Acks (0 clock, 1 sent, 2 delivered, 3 read, 4 played) from Baileys' statuses
 * (ERROR 0, PENDING 1, SERVER_ACK 2, DELIVERY_ACK 3, READ 4, PLAYED 5): one step down, so the
 * server's acknowledgement is 'sent'. ERROR is a failure, not an ack: undefined.
 */
export function ackOfStatus(status: number | null | undefined): number | undefined {
  const error: number = proto.WebMessageInfo.Status.ERROR;
  if (status === null || status === undefined || status <= error) return undefined;
  return Math.min(4, status - 1);
}

/** messages.update: acks of our messages, edits and revokes (by the contact, or from our own phone). */
export function mapMessageUpdate(update: WAMessageUpdate, context: MappingContext): WhatsappEvent[] {
  const { key } = update;
  if (!key.id || !chatOf(key, null, context)) return [];
  const events: WhatsappEvent[] = [];
  const change = update.update;
  if (change.messageStubType === proto.WebMessageInfo.StubType.REVOKE) {
    events.push({ kind: 'delete', providerId: key.id, fromMe: Boolean(key.fromMe) });
    return events;
  }
  const edited = change.message?.editedMessage?.message ?? change.message?.protocolMessage?.editedMessage;
  if (edited) {
    const body = textOf(edited);
    if (body !== undefined && body.trim() !== '')
      events.push({ kind: 'edit', providerId: key.id, body, fromMe: Boolean(key.fromMe), at: timestampOf(change.messageTimestamp) });
  }
  if (key.fromMe && change.status !== undefined) {
    const ack = ackOfStatus(change.status);
    if (ack !== undefined) events.push({ kind: 'ack', providerId: key.id, ack });
  }
  return events;
}

/** message-receipt.update (groups, and some private chats): the furthest receipt of our message. */
export function mapReceipt(update: MessageUserReceiptUpdate, context: MappingContext): WhatsappEvent[] {
  const { key, receipt } = update;
  if (!key.id || !key.fromMe || !chatOf(key, null, context)) return [];
  const ack = receipt.playedTimestamp ? 4 : receipt.readTimestamp ? 3 : receipt.receiptTimestamp ? 2 : undefined;
  return ack === undefined ? [] : [{ kind: 'ack', providerId: key.id, ack }];
}

/**
 * messages.reaction: a reaction is a message of its own (mediaType reactionMessage, the emoji as its
 * body, quoting the message it reacts to). A removed reaction (empty text) records nothing: the
 * earlier reaction stays in the history.
 */
export function mapReaction(entry: { key: WAMessageKey; reaction: proto.IReaction }, context: MappingContext): WhatsappMessage | undefined {
  const reactionKey = entry.reaction.key as WAMessageKey | null | undefined;
  const text = entry.reaction.text ?? '';
  if (!reactionKey?.id || !entry.key.id || text === '') return undefined;
  // The reaction's own key says who reacted (fromMe: from our phone) and in which chat.
  const chat = chatOf(reactionKey, null, context);
  if (!chat) return undefined;
  const participant =
    chat.isGroup && !reactionKey.fromMe && reactionKey.participant
      ? (() => {
          const number = personNumber(reactionKey.participant, reactionKey.participantAlt, context);
          return { number, name: number };
        })()
      : null;
  return {
    kind: 'message',
    providerId: reactionKey.id,
    fromMe: Boolean(reactionKey.fromMe),
    chat,
    participant,
    body: text,
    mediaType: 'reactionMessage',
    media: null,
    location: null,
    quotedProviderId: entry.key.id,
    // senderTimestampMs is in milliseconds; timestampOf reads seconds.
    at: entry.reaction.senderTimestampMs ? new Date(timestampOf(entry.reaction.senderTimestampMs).getTime() / 1000) : null,
    groupTicket: chat.isGroup && context.groupAsTicket !== 'enabled',
  };
}

const PRESENCES: ReadonlySet<string> = new Set<ChannelPresence>(['composing', 'recording', 'paused', 'available', 'unavailable']);

/** presence.update: typing or recording in a conversation (the last participant's state in a group). */
export function mapPresence(update: { id: string; presences: Record<string, { lastKnownPresence: WAPresence }> }, context: MappingContext): WhatsappEvent[] {
  const chat = chatOf({ remoteJid: update.id, fromMe: false }, null, context);
  if (!chat) return [];
  const states = Object.values(update.presences).map((presence) => presence.lastKnownPresence);
  const presence = states.find((state) => state === 'composing' || state === 'recording') ?? states.at(-1);
  if (!presence || !PRESENCES.has(presence)) return [];
  return [{ kind: 'presence', chat, presence: presence as ChannelPresence }];
}

/** The jid to send to for a Conversa contact: groups by their id, people by their phone digits. */
export function jidOfContact(contact: { number: string; isGroup: boolean }): string {
  if (contact.isGroup) return contact.number.includes('@') ? contact.number : `${contact.number}@g.us`;
  return `${contact.number.replace(/\D/g, '')}@s.whatsapp.net`;
}
