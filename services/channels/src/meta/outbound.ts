import type { ChannelAccount } from '@conversa/contracts';
import type { Readable } from 'node:stream';
import type { OutboundMessage } from '../port';
import { vcardName } from '../whatsapp/outbound';
import type { GraphApi, GraphUpload, MessengerAttachmentType } from './graph';

/** Meta channels take files up to 25 MB (Messenger, Instagram); the Cloud API up to 100 MB for documents. */
const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

async function bytesOf(stream: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > limit) {
      stream.destroy();
      throw new Error(`the file is larger than the channel accepts (${limit} bytes)`);
    }
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

async function uploadOf(message: OutboundMessage): Promise<GraphUpload | null> {
  if (!message.media) return null;
  return { data: await bytesOf(await message.media.read(), MAX_UPLOAD_BYTES), mime: message.media.mime, name: message.media.name || 'arquivo' };
}

/** A place as text, for channels that cannot send one (Messenger, Instagram). */
const placeText = (location: NonNullable<OutboundMessage['location']>) =>
  [location.name, `https://maps.google.com/maps?q=${location.latitude},${location.longitude}`].filter(Boolean).join('\n');

/** A contact card as text (name and phones), for channels without contact messages. */
function cardText(vcard: string): string {
  const phones = vcard
    .split(/\r?\n/)
    .filter((line) => /^(item\d+\.)?TEL/i.test(line))
    .map((line) => line.slice(line.lastIndexOf(':') + 1).trim());
  return [vcardName(vcard), ...phones].join('\n');
}

const messengerTypeOf = (mime: string): MessengerAttachmentType => {
  const family = mime.split('/')[0];
  return family === 'image' || family === 'video' || family === 'audio' ? family : 'file';
};

/**
 * Messenger (facebook) and Instagram, through the page's Send API: text, files (uploaded, then sent
 * by attachment id; the text follows as its own message), ❤️ reactions; places and contact cards as
 * text. Answers the provider's id of the (first) message.
 */
export async function sendMessenger(graph: GraphApi, channel: 'facebook' | 'instagram', account: ChannelAccount, message: OutboundMessage): Promise<string> {
  const token = account.tokenMeta;
  if (!token) throw new Error('the connection has no page token: link the page again');
  if (message.template) throw new Error('message templates are sent on the WhatsApp Cloud API only');
  const recipient = { id: message.contact.number };
  // Messenger asks what kind of message a page sends; answering a conversation is RESPONSE.
  const envelope = channel === 'facebook' ? { recipient, messaging_type: 'RESPONSE' } : { recipient };
  const sendText = async (text: string) => {
    const answer = await graph.sendMessenger(token, { ...envelope, message: { text } });
    if (!answer.message_id) throw new Error('Meta answered without a message id');
    return answer.message_id;
  };

  if (message.mediaType === 'reactionMessage') {
    if (!message.quotedProviderId) throw new Error('a reaction needs the message it reacts to');
    // The Send API reacts with 'love' only (shown as ❤️).
    if (!/^❤️?$/u.test(message.body)) throw new Error(`${channel === 'facebook' ? 'Messenger' : 'Instagram'} accepts only ❤️ reactions from a page`);
    await graph.sendMessenger(token, { recipient, sender_action: 'react', payload: { message_id: message.quotedProviderId, reaction: 'love' } });
    return `reaction:${message.quotedProviderId}:${message.messageId}`;
  }
  if (message.mediaType === 'contactMessage') return sendText(cardText(message.body));
  if (message.location) return sendText(placeText(message.location));
  const upload = await uploadOf(message);
  if (upload) {
    const type = messengerTypeOf(upload.mime);
    const attachmentId = await graph.uploadMessengerAttachment(token, type, upload, channel === 'instagram' ? 'instagram' : 'messenger');
    const answer = await graph.sendMessenger(token, { ...envelope, message: { attachment: { type, payload: { attachment_id: attachmentId } } } });
    if (!answer.message_id) throw new Error('Meta answered without a message id');
    if (message.body.trim() !== '') await sendText(message.body);
    return answer.message_id;
  }
  return sendText(message.body);
}

/** WhatsApp Cloud API document types by the file's family (anything else is a document). */
const cloudTypeOf = (message: OutboundMessage, mime: string): 'image' | 'video' | 'audio' | 'document' | 'sticker' => {
  if (message.mediaType === 'sticker') return 'sticker';
  const family = mime.split('/')[0];
  return family === 'image' || family === 'video' || family === 'audio' ? family : 'document';
};

/** The Cloud API's contacts object from a vCard: formatted name and phones (with their WhatsApp ids). */
function cloudContact(vcard: string) {
  const name = vcardName(vcard);
  const phones = vcard
    .split(/\r?\n/)
    .filter((line) => /^(item\d+\.)?TEL/i.test(line))
    .map((line) => {
      const waid = /waid=(\d+)/i.exec(line)?.[1];
      const phone = line.slice(line.lastIndexOf(':') + 1).trim();
      return { phone, type: 'CELL', ...(waid ? { wa_id: waid } : {}) };
    });
  return { name: { formatted_name: name, first_name: name }, phones };
}

/**
 * WhatsApp Cloud API (whatsappapi): text, replies (context), files (uploaded to the number's media,
 * sent by id with the caption), places, contact cards and reactions. Answers the wamid.
 */
export async function sendCloud(graph: GraphApi, account: ChannelAccount, message: OutboundMessage): Promise<string> {
  const token = account.tokenMeta;
  const phoneNumberId = account.facebookPageUserId;
  if (!token || !phoneNumberId) throw new Error('the connection has no Cloud API number or token');
  const to = message.contact.number.replace(/\D/g, '');
  const context = message.quotedProviderId && message.mediaType !== 'reactionMessage' ? { context: { message_id: message.quotedProviderId } } : {};

  if (message.template) {
    // The one message the Cloud API delivers outside the 24-hour window.
    const { name, language, parameters } = message.template;
    const components = parameters.length > 0 ? [{ type: 'body', parameters: parameters.map((text) => ({ type: 'text', text })) }] : undefined;
    return graph.sendCloud(phoneNumberId, token, {
      to,
      type: 'template',
      template: { name, language: { code: language }, ...(components ? { components } : {}) },
    });
  }

  if (message.mediaType === 'reactionMessage') {
    if (!message.quotedProviderId) throw new Error('a reaction needs the message it reacts to');
    return graph.sendCloud(phoneNumberId, token, { to, type: 'reaction', reaction: { message_id: message.quotedProviderId, emoji: message.body } });
  }
  if (message.mediaType === 'contactMessage')
    return graph.sendCloud(phoneNumberId, token, { to, type: 'contacts', contacts: [cloudContact(message.body)], ...context });
  if (message.location) {
    const { latitude, longitude, name } = message.location;
    return graph.sendCloud(phoneNumberId, token, { to, type: 'location', location: { latitude, longitude, ...(name ? { name } : {}) }, ...context });
  }
  const upload = await uploadOf(message);
  if (upload) {
    const type = cloudTypeOf(message, upload.mime);
    const mediaId = await graph.uploadCloudMedia(phoneNumberId, token, upload);
    const caption = message.body.trim() !== '' && type !== 'audio' && type !== 'sticker' ? { caption: message.body } : {};
    const filename = type === 'document' ? { filename: upload.name } : {};
    return graph.sendCloud(phoneNumberId, token, { to, type, [type]: { id: mediaId, ...caption, ...filename }, ...context });
  }
  return graph.sendCloud(phoneNumberId, token, { to, type: 'text', text: { body: message.body, preview_url: false }, ...context });
}
