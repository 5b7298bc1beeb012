import type { AnyMessageContent, WAMessage } from '@whiskeysockets/baileys';
import type { Readable } from 'node:stream';
import type { OutboundMessage } from '../port';

/** What the socket needs to know about the message a reply or reaction points at. */
export interface QuotedMessage {
  id: string;
  fromMe: boolean;
  /** In groups, who wrote it. */
  participant?: string;
  /** Its content, so the quote renders on the contact's phone. */
  message?: WAMessage['message'];
}

/** The display name of a vCard (FN), for the contact card's caption. */
export function vcardName(vcard: string): string {
  const line = vcard.split(/\r?\n/).find((entry) => /^FN[;:]/i.test(entry));
  return line ? line.slice(line.indexOf(':') + 1).trim() : 'Contato';
}

/**
 * What `sock.sendMessage(jid, content)` gets for an outbound message: text, a file (image, video,
 * voice note or audio, sticker, document), a place, a contact card or a reaction.
 */
export function outboundContent(message: OutboundMessage, jid: string, file: Readable | null, quoted: QuotedMessage | null): AnyMessageContent {
  if (message.mediaType === 'reactionMessage') {
    if (!quoted) throw new Error('a reaction needs the message it reacts to');
    return {
      react: {
        text: message.body,
        key: { remoteJid: jid, id: quoted.id, fromMe: quoted.fromMe, ...(quoted.participant ? { participant: quoted.participant } : {}) },
      },
    };
  }
  if (message.mediaType === 'contactMessage') {
    const displayName = vcardName(message.body);
    return { contacts: { displayName, contacts: [{ displayName, vcard: message.body }] } };
  }
  if (message.location) {
    return {
      location: {
        degreesLatitude: message.location.latitude,
        degreesLongitude: message.location.longitude,
        ...(message.location.name ? { name: message.location.name } : {}),
      },
    };
  }
  if (message.media && file) {
    const mimetype = message.media.mime;
    const caption = message.body.trim() === '' ? undefined : message.body;
    const upload = { stream: file };
    if (message.mediaType === 'sticker') return { sticker: upload, mimetype };
    switch (mimetype.split('/')[0]) {
      case 'image':
        return { image: upload, mimetype, ...(caption ? { caption } : {}) };
      case 'video':
        return { video: upload, mimetype, ...(caption ? { caption } : {}) };
      case 'audio':
        // Ogg/Opus is what WhatsApp plays as a voice note; other audio goes as a file to play.
        return { audio: upload, mimetype, ptt: /ogg|opus/.test(mimetype) };
      default:
        return { document: upload, mimetype, fileName: message.media.name || 'arquivo', ...(caption ? { caption } : {}) };
    }
  }
  return { text: message.body };
}

/** The quoted message in the shape Baileys builds a reply's context from. */
export function quotedWAMessage(jid: string, quoted: QuotedMessage): WAMessage {
  return {
    key: { remoteJid: jid, id: quoted.id, fromMe: quoted.fromMe, ...(quoted.participant ? { participant: quoted.participant } : {}) },
    message: quoted.message ?? { conversation: '' },
  };
}
