import type { BusMessage } from '@conversa/bus';
import { inboundContext, RecordingChannelGateway } from '@conversa/channels';
import type { defaultUserDetails } from '@conversa/contracts';
import { messageStream } from '@conversa/contracts';
import { changeTicket, receiveMessage, userActor } from '@conversa/core';
import { existsSync, readdirSync } from 'node:fs';
import { afterAll, beforeAll, expect } from 'vitest';
import { bearer, signupCompany, startTestServer, type TestServer, createUser } from './harness';

/**
 * What the messages specs share: one server per spec file with a recording channel, two companies,
 * and helpers to receive, open, send, upload and watch frames. Importing it registers the file's hooks.
 */
export let server: TestServer;
export const channels = new RecordingChannelGateway();
export let admin: { token: string; userId: number; companyId: number };
export let other: { token: string; userId: number; companyId: number };
let phone = 5511970000000;

beforeAll(async () => {
  server = await startTestServer({ channels });
  const a = await signupCompany(server, 'Mensagens Co', 31);
  admin = { token: (await server.login(a.email, a.password)).token, userId: a.userId, companyId: a.companyId };
  const b = await signupCompany(server, 'Outra Mensagens', 32);
  other = { token: (await server.login(b.email, b.password)).token, userId: b.userId, companyId: b.companyId };
});
afterAll(() => server?.close());

export const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

export const nextNumber = () => String((phone += 1));

/** A contact writes on the channel: contact, pending ticket and message, as the channels issue will call it. */
export async function inbound(
  options: { number?: string; name?: string; providerId?: string; body?: string; companyId?: number; quotedProviderId?: string } = {},
) {
  const received = await receiveMessage(inboundContext(server.wiring.ctx), {
    companyId: options.companyId ?? admin.companyId,
    whatsappId: null,
    channel: 'whatsapp',
    contact: { number: options.number ?? nextNumber(), name: options.name ?? 'Maria Souza', isGroup: false },
    providerId: options.providerId ?? `prov-${phone}-${Math.random()}`,
    body: options.body ?? 'Olá, preciso de ajuda',
    mediaType: 'chat',
    quotedProviderId: options.quotedProviderId,
    receivedAt: server.wiring.ctx.now(),
  });
  await server.wiring.ctx.waitForProjections(received.position);
  return received;
}

/** An open ticket of the company's admin, with one inbound message in it. */
export async function openConversation(companyId = admin.companyId, userId = admin.userId) {
  const number = nextNumber();
  const { ticketId, contactId, messageId } = await inbound({ number, companyId });
  const accepted = await changeTicket(server.wiring.ctx, { companyId, actor: userActor(userId), ticketId, command: { type: 'AcceptTicket', userId } });
  await server.wiring.ctx.waitForProjections(accepted.position);
  return { ticketId, contactId, number, inboundId: messageId };
}

/** Waits until the sender has answered for the message and the read model shows it. */
export async function delivered(messageId: string) {
  const [queued] = await server.wiring.store.readStream(messageStream(messageId));
  await server.wiring.reactors.waitForPosition(queued!.position);
  const events = await server.wiring.store.readStream(messageStream(messageId));
  await server.wiring.runtime.waitForPosition(events[events.length - 1]!.position);
  return events;
}

export async function send(ticketId: number, payload: object, token = admin.token) {
  return call(token, 'POST', `/messages/${ticketId}`, payload);
}

export async function sendText(ticketId: number, body: string) {
  const response = await send(ticketId, { body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().messages[0];
}

export function multipart(parts: Array<{ name: string; value: string } | { name: string; filename: string; contentType: string; data: Buffer }>) {
  const boundary = `----conversa${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('data' in part) {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`));
      chunks.push(part.data, Buffer.from('\r\n'));
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function upload(ticketId: number, parts: Parameters<typeof multipart>[0], token = admin.token) {
  const { payload, headers } = multipart(parts);
  return server.app.inject({ method: 'POST', url: `/messages/${ticketId}`, payload, headers: { ...headers, ...bearer(token) } });
}

export const newUser = (name: string, details: Partial<typeof defaultUserDetails> = {}) => createUser(server, admin.companyId, name, details);

/** Collects the `appMessage` frames the read model publishes for a company. */
export async function frames(companyId: number) {
  const seen: any[] = [];
  const subscription = await server.wiring.bus.subscribe(`company.${companyId}.appMessage`, (message: BusMessage) => seen.push(message.data));
  return { seen, stop: () => subscription.unsubscribe() };
}

/** Every file in the media folder (stored files, their metadata and uploads in flight). */
export function storedFiles(): string[] {
  const root = server.wiring.config.mediaDir;
  return existsSync(root) ? readdirSync(root, { recursive: true, encoding: 'utf8' }).sort() : [];
}

export async function messageCount(ticketId: number) {
  const row = await server.wiring.db
    .selectFrom('read.messages')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('ticket_id', '=', ticketId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
