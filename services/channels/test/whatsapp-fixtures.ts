import { BufferJSON, proto, type BaileysEventMap } from '@whiskeysockets/baileys';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A recorded Baileys event: its name and its payload exactly as the socket emits it. */
export interface Recorded<E extends keyof BaileysEventMap> {
  event: E;
  description: string;
  payload: BaileysEventMap[E];
}

const dir = join(import.meta.dirname, 'fixtures', 'whatsapp');

/**
 * Loads a fixture. Bytes are base64 in the JSON (as protobuf's toObject writes them); they become
 * Buffers, as Baileys hands them to listeners. Dates (call events) are revived too.
 */
export function recorded<E extends keyof BaileysEventMap>(name: string, event: E): Recorded<E> {
  const raw = JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8'), BufferJSON.reviver) as Recorded<E>;
  if (raw.event !== event) throw new Error(`fixture ${name} records ${raw.event}, not ${event}`);
  if (event === 'call') for (const call of raw.payload as BaileysEventMap['call']) call.date = new Date(call.date);
  return raw;
}

/** The message fixtures, for the check that each one is a valid proto.WebMessageInfo. */
export const MESSAGE_FIXTURES = [
  'text-lid',
  'text-lid-only',
  'text-pn-reply',
  'image',
  'document-with-caption',
  'audio-ptt',
  'location',
  'contact-vcard',
  'group-text',
  'from-me-phone',
  'ignored',
] as const;

/** Fields Baileys adds to a message key beside the protobuf's (WAMessageKey). */
const KEY_EXTRAS = ['remoteJidAlt', 'participantAlt', 'remoteJidUsername', 'participantUsername', 'addressingMode', 'server_id', 'isViewOnce'];

/** The message without Baileys' key extras: what the protobuf itself carries. */
export function protobufPart(message: Record<string, any>): Record<string, unknown> {
  const key = Object.fromEntries(Object.entries(message.key ?? {}).filter(([field]) => !KEY_EXTRAS.includes(field)));
  return { ...message, key };
}

/**
 * The message through the wire format and back (fromObject → encode → decode → toObject): a field
 * the protobuf does not know, a wrong type or malformed bytes come back different.
 */
export function throughTheWire(message: Record<string, any>): Record<string, unknown> {
  const encoded = proto.WebMessageInfo.encode(proto.WebMessageInfo.fromObject(protobufPart(message))).finish();
  return proto.WebMessageInfo.toObject(proto.WebMessageInfo.decode(encoded), { longs: Number, bytes: String });
}
