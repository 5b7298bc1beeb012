import type { BusMessage } from '@conversa/bus';
import { inboundContext, RecordingChannelGateway } from '@conversa/channels';
import { defaultUserDetails, messageStream } from '@conversa/contracts';
import { changeTicket, openTicket, receiveMessage, user, userActor } from '@conversa/core';
import { createLocalDiskMediaStore } from '@conversa/media';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samples } from '../../media/test/samples';
import { bearer, signupCompany, startTestServer, type TestServer, createUser } from './harness';

let server: TestServer;
const channels = new RecordingChannelGateway();
let admin: { token: string; userId: number; companyId: number };
let other: { token: string; userId: number; companyId: number };
let phone = 5511970000000;

beforeAll(async () => {
  server = await startTestServer({ channels });
  const a = await signupCompany(server, 'Mensagens Co', 31);
  admin = { token: (await server.login(a.email, a.password)).token, userId: a.userId, companyId: a.companyId };
  const b = await signupCompany(server, 'Outra Mensagens', 32);
  other = { token: (await server.login(b.email, b.password)).token, userId: b.userId, companyId: b.companyId };
});
afterAll(() => server?.close());

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const nextNumber = () => String((phone += 1));

/** A contact writes on the channel: contact, pending ticket and message, as the channels issue will call it. */
async function inbound(options: { number?: string; name?: string; providerId?: string; body?: string; companyId?: number; quotedProviderId?: string } = {}) {
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
async function openConversation(companyId = admin.companyId, userId = admin.userId) {
  const number = nextNumber();
  const { ticketId, contactId, messageId } = await inbound({ number, companyId });
  const accepted = await changeTicket(server.wiring.ctx, { companyId, actor: userActor(userId), ticketId, command: { type: 'AcceptTicket', userId } });
  await server.wiring.ctx.waitForProjections(accepted.position);
  return { ticketId, contactId, number, inboundId: messageId };
}

/** Waits until the sender has answered for the message and the read model shows it. */
async function delivered(messageId: string) {
  const [queued] = await server.wiring.store.readStream(messageStream(messageId));
  await server.wiring.reactors.waitForPosition(queued!.position);
  const events = await server.wiring.store.readStream(messageStream(messageId));
  await server.wiring.runtime.waitForPosition(events[events.length - 1]!.position);
  return events;
}

async function send(ticketId: number, payload: object, token = admin.token) {
  return call(token, 'POST', `/messages/${ticketId}`, payload);
}

async function sendText(ticketId: number, body: string) {
  const response = await send(ticketId, { body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().messages[0];
}

function multipart(parts: Array<{ name: string; value: string } | { name: string; filename: string; contentType: string; data: Buffer }>) {
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

async function upload(ticketId: number, parts: Parameters<typeof multipart>[0], token = admin.token) {
  const { payload, headers } = multipart(parts);
  return server.app.inject({ method: 'POST', url: `/messages/${ticketId}`, payload, headers: { ...headers, ...bearer(token) } });
}

const newUser = (name: string, details: Partial<typeof defaultUserDetails> = {}) => createUser(server, admin.companyId, name, details);

/** Collects the `appMessage` frames the read model publishes for a company. */
async function frames(companyId: number) {
  const seen: any[] = [];
  const subscription = await server.wiring.bus.subscribe(`company.${companyId}.appMessage`, (message: BusMessage) => seen.push(message.data));
  return { seen, stop: () => subscription.unsubscribe() };
}

/** Every file in the media folder (stored files, their metadata and uploads in flight). */
function storedFiles(): string[] {
  const root = server.wiring.config.mediaDir;
  return existsSync(root) ? readdirSync(root, { recursive: true, encoding: 'utf8' }).sort() : [];
}

async function messageCount(ticketId: number) {
  const row = await server.wiring.db.selectFrom('read.messages').select((eb) => eb.fn.countAll<string>().as('n')).where('ticket_id', '=', ticketId).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('sending text', () => {
  it('queues the message, the channel sends it, and it shows sent (ack 1) with frames for both steps', async () => {
    const { ticketId, number } = await openConversation();
    const live = await frames(admin.companyId);
    const message = await sendText(ticketId, 'Bom dia! Como posso ajudar?');
    expect(message).toMatchObject({ ticketId, fromMe: true, body: 'Bom dia! Como posso ajudar?', mediaType: 'chat', ack: 0, read: true, userId: admin.userId, isPrivate: false });

    const events = await delivered(message.id);
    expect(events.map((event) => event.type)).toEqual(['MessageQueued', 'MessageSent']);
    const sent = channels.sent.filter((item) => item.messageId === message.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ companyId: admin.companyId, channel: 'whatsapp', contact: { number, isGroup: false }, body: 'Bom dia! Como posso ajudar?', mediaType: 'chat', media: null });

    const page = (await call(admin.token, 'GET', `/messages/${ticketId}`)).json();
    expect(page.messages.at(-1)).toMatchObject({ id: message.id, ack: 1, providerId: `rec-${message.id}`, sendError: null });

    await expect.poll(() => live.seen.filter((frame) => frame.message.id === message.id).map((frame) => [frame.action, frame.message.ack])).toEqual([
      ['create', 0],
      ['update', 1],
    ]);
    const created = live.seen.find((frame) => frame.message.id === message.id);
    expect(created.ticket).toMatchObject({ id: ticketId, status: 'open', userId: admin.userId });
    expect(created.contact).toMatchObject({ number });
    await live.stop();
  });

  it('records a failed send with the channel reason, and goes on with the next message', async () => {
    const { ticketId } = await openConversation();
    channels.failNext(1, 'session disconnected');
    const first = await sendText(ticketId, 'primeira');
    const second = await sendText(ticketId, 'segunda');
    expect((await delivered(first.id)).map((event) => event.type)).toEqual(['MessageQueued', 'MessageSendFailed']);
    expect((await delivered(second.id)).map((event) => event.type)).toEqual(['MessageQueued', 'MessageSent']);
    const failure = (await server.wiring.store.readStream(messageStream(first.id)))[1]!;
    expect(failure.data).toEqual({ messageId: first.id, error: 'ERR_SENDING_WAPP_MSG', reason: 'session disconnected' });
    const page = (await call(admin.token, 'GET', `/messages/${ticketId}`)).json();
    expect(page.messages.find((m: any) => m.id === first.id)).toMatchObject({ ack: 0, sendError: 'session disconnected' });
    expect(page.messages.find((m: any) => m.id === second.id)).toMatchObject({ ack: 1, sendError: null });
  });

  it('fails every send to a number the channel refuses', async () => {
    const { ticketId, number } = await openConversation();
    channels.failNumber(number, 'not on whatsapp');
    try {
      const message = await sendText(ticketId, 'alô?');
      expect((await delivered(message.id)).map((event) => event.type)).toEqual(['MessageQueued', 'MessageSendFailed']);
    } finally {
      channels.recoverNumber(number);
    }
  });

  it('sends the messages of a ticket in the order they were written', async () => {
    const { ticketId } = await openConversation();
    const bodies = Array.from({ length: 6 }, (_, index) => `mensagem ${index + 1}`);
    const ids: string[] = [];
    for (const body of bodies) ids.push((await sendText(ticketId, body)).id);
    for (const id of ids) await delivered(id);
    expect(channels.sent.filter((item) => ids.includes(item.messageId)).map((item) => item.body)).toEqual(bodies);
  });

  it('never sends a private note, and allows notes on a ticket that is not open', async () => {
    const { ticketId } = await inbound();
    const refused = await send(ticketId, { body: 'Oi!' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('ERR_TICKET_NOT_OPEN');

    const note = await send(ticketId, { body: 'Cliente VIP, atender com prioridade', isPrivate: true });
    expect(note.statusCode, note.body).toBe(200);
    const { id } = note.json().messages[0];
    // A later message through the sender proves it passed the note by.
    const accepted = await changeTicket(server.wiring.ctx, { companyId: admin.companyId, actor: userActor(admin.userId), ticketId, command: { type: 'AcceptTicket', userId: admin.userId } });
    await server.wiring.ctx.waitForProjections(accepted.position);
    const after = await sendText(ticketId, 'Agora sim');
    await delivered(after.id);
    expect(channels.attempts.some((attempt) => attempt.message.messageId === id)).toBe(false);
    expect((await server.wiring.store.readStream(messageStream(id))).map((event) => event.type)).toEqual(['MessageQueued']);
    const page = (await call(admin.token, 'GET', `/messages/${ticketId}`)).json();
    expect(page.messages.find((m: any) => m.id === id)).toMatchObject({ isPrivate: true, body: 'Cliente VIP, atender com prioridade' });
  });

  it('refuses empty or whitespace-only text and writes nothing', async () => {
    const { ticketId } = await openConversation();
    const before = await messageCount(ticketId);
    for (const body of ['', '   ', '\n\t ']) {
      const response = await send(ticketId, { body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error).toBe('ERR_VALIDATION');
    }
    expect((await send(ticketId, {})).statusCode).toBe(400);
    expect(await messageCount(ticketId)).toBe(before);
  });

  it('sends a reply quoting a message of the ticket with its provider id, and refuses quoting another ticket', async () => {
    const { ticketId, inboundId } = await openConversation();
    const reply = await send(ticketId, { body: 'Respondendo', quotedMsg: { id: inboundId, body: 'Olá, preciso de ajuda' } });
    expect(reply.statusCode, reply.body).toBe(200);
    const message = reply.json().messages[0];
    expect(message.quotedMsg).toMatchObject({ id: inboundId, body: 'Olá, preciso de ajuda', fromMe: false });
    await delivered(message.id);
    expect(channels.sent.find((item) => item.messageId === message.id)?.quotedProviderId).toMatch(/^prov-/);

    const elsewhere = await openConversation();
    const wrong = await send(elsewhere.ticketId, { body: 'x', quotedMsgId: inboundId });
    expect(wrong.statusCode).toBe(404);
  });

  it('sends a contact card and a location', async () => {
    const { ticketId } = await openConversation();
    const card = await send(ticketId, { vCard: { name: 'João; Silva', number: '5511988887777' } });
    expect(card.statusCode, card.body).toBe(200);
    const cardMessage = card.json().messages[0];
    expect(cardMessage.mediaType).toBe('contactMessage');
    expect(cardMessage.body).toContain('FN:João\\; Silva');
    expect(cardMessage.body).toContain('TEL;type=CELL;waid=5511988887777:+5511988887777');
    const place = await send(ticketId, { location: { latitude: -23.55, longitude: -46.63, name: 'Praça da Sé' } });
    expect(place.statusCode, place.body).toBe(200);
    expect(place.json().messages[0]).toMatchObject({ mediaType: 'locationMessage', location: { latitude: -23.55, longitude: -46.63, name: 'Praça da Sé' } });
  });
});

describe('GET /messages/:ticketId', () => {
  it('pages 20 at a time from the newest, each page in the order written, with count and hasMore', async () => {
    const { ticketId } = await openConversation();
    for (let index = 1; index <= 44; index++) await sendText(ticketId, `m${index}`);
    // 45 with the contact's first message.
    const first = (await call(admin.token, 'GET', `/messages/${ticketId}`)).json();
    expect(first.count).toBe(45);
    expect(first.hasMore).toBe(true);
    expect(first.messages.map((m: any) => m.body)).toEqual(Array.from({ length: 20 }, (_, index) => `m${index + 25}`));
    // The spec's messages and hasMore, the count, and the cursor of the older page (messages-cursor.spec.ts).
    expect(Object.keys(first).sort()).toEqual(['count', 'hasMore', 'messages', 'nextCursor']);
    const second = (await call(admin.token, 'GET', `/messages/${ticketId}?pageNumber=2`)).json();
    expect(second.messages.map((m: any) => m.body)).toEqual(Array.from({ length: 20 }, (_, index) => `m${index + 5}`));
    expect(second.hasMore).toBe(true);
    const third = (await call(admin.token, 'GET', `/messages/${ticketId}?pageNumber=3`)).json();
    expect(third.messages.map((m: any) => m.body)).toEqual(['Olá, preciso de ajuda', 'm1', 'm2', 'm3', 'm4']);
    expect(third.hasMore).toBe(false);
    expect((await call(admin.token, 'GET', `/messages/${ticketId}?pageNumber=0`)).statusCode).toBe(400);
  });

  it('answers 404 for an unknown ticket and 403 for a ticket the user may not see', async () => {
    expect((await call(admin.token, 'GET', '/messages/999999')).statusCode).toBe(404);
    const { ticketId } = await inbound();
    const attendant = await newUser('Atendente Sem Fila', { allTicket: 'disable', queueIds: [] });
    const response = await call(attendant.token, 'GET', `/messages/${ticketId}`);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('ERR_NO_PERMISSION');
  });

  it('marks the contact messages read when the ticket is opened', async () => {
    const number = nextNumber();
    const { ticketId } = await inbound({ number });
    await inbound({ number, body: 'segunda mensagem' });
    const uuid = (await call(admin.token, 'GET', `/tickets/${ticketId}`)).json().uuid;
    const before = (await call(admin.token, 'GET', `/messages/${ticketId}`)).json();
    expect(before.messages.map((m: any) => m.read)).toEqual([false, false]);
    expect((await call(admin.token, 'GET', `/tickets/u/${uuid}`)).statusCode).toBe(200);
    const after = (await call(admin.token, 'GET', `/messages/${ticketId}`)).json();
    expect(after.messages.map((m: any) => m.read)).toEqual([true, true]);
  });
});

describe('inbound messages', () => {
  it('records the same provider message once, however often it arrives', async () => {
    const number = nextNumber();
    const first = await inbound({ number, providerId: 'WAMID-DUP-1', body: 'oi' });
    const again = await inbound({ number, providerId: 'WAMID-DUP-1', body: 'oi' });
    const racing = await Promise.all(Array.from({ length: 5 }, () => inbound({ number, providerId: 'WAMID-DUP-2', body: 'tudo bem?' })));
    expect(first.duplicate).toBe(false);
    expect(again).toMatchObject({ duplicate: true, messageId: first.messageId, ticketId: first.ticketId, contactId: first.contactId });
    expect(racing.filter((result) => !result.duplicate)).toHaveLength(1);
    expect(new Set(racing.map((result) => result.messageId)).size).toBe(1);
    expect(await messageCount(first.ticketId)).toBe(2);
    const page = (await call(admin.token, 'GET', `/messages/${first.ticketId}`)).json();
    expect(page.messages.map((m: any) => m.body)).toEqual(['oi', 'tudo bem?']);
  });

  it('puts the contact next message in the same ticket and links a reply to one of ours by its provider id', async () => {
    const { ticketId, number } = await openConversation();
    const ours = await sendText(ticketId, 'Qual o seu pedido?');
    await delivered(ours.id);
    const answer = await inbound({ number, body: 'Pedido 123', quotedProviderId: `rec-${ours.id}` });
    expect(answer.ticketId).toBe(ticketId);
    const page = (await call(admin.token, 'GET', `/messages/${ticketId}`)).json();
    expect(page.messages.at(-1)).toMatchObject({ body: 'Pedido 123', fromMe: false, quotedMsg: { id: ours.id, fromMe: true } });
  });
});

describe('inbound messages in a conversation seen a moment ago', () => {
  /** The product's store with every call it gets written down (its own conversation memory, too). */
  function watchedStore() {
    const calls: string[] = [];
    const inner = server.wiring.ctx.store;
    const store = new Proxy(inner, {
      get(target, key) {
        const value = Reflect.get(target, key);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          calls.push(String(key));
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const receive = async (number: string, options: { providerId?: string; body?: string } = {}) => {
      const received = await receiveMessage(
        { ...inboundContext(server.wiring.ctx), store },
        {
          companyId: admin.companyId,
          whatsappId: null,
          channel: 'whatsapp',
          contact: { number, name: 'Clara Lima', isGroup: false },
          providerId: options.providerId ?? `seen-${Math.random()}`,
          body: options.body ?? 'Oi de novo',
          mediaType: 'chat',
          receivedAt: server.wiring.ctx.now(),
        },
      );
      await server.wiring.ctx.waitForProjections(received.position);
      return received;
    };
    return { calls, receive };
  }

  it('decides the next message on what the last one read: one append and no read, in the same ticket', async () => {
    const { calls, receive } = watchedStore();
    const number = nextNumber();
    const first = await receive(number, { body: 'primeira' });
    const second = await receive(number, { body: 'segunda' });
    calls.length = 0;
    const third = await receive(number, { body: 'terceira' });
    expect(calls).toEqual(['appendToStream']);
    expect(new Set([first.ticketId, second.ticketId, third.ticketId]).size).toBe(1);
    const page = (await call(admin.token, 'GET', `/messages/${first.ticketId}`)).json();
    expect(page.messages.map((m: any) => m.body)).toEqual(['primeira', 'segunda', 'terceira']);
  });

  it('reads afresh when the conversation moved meanwhile: a message after the ticket was closed opens a new one', async () => {
    const { receive } = watchedStore();
    const number = nextNumber();
    const first = await receive(number);
    await receive(number);
    const accepted = await changeTicket(server.wiring.ctx, { companyId: admin.companyId, actor: userActor(admin.userId), ticketId: first.ticketId, command: { type: 'AcceptTicket', userId: admin.userId } });
    await server.wiring.ctx.waitForProjections(accepted.position);
    const closed = await call(admin.token, 'PUT', `/tickets/${first.ticketId}`, { status: 'closed' });
    expect(closed.statusCode, closed.body).toBe(200);
    const after = await receive(number, { body: 'voltei' });
    expect(after.ticketId).not.toBe(first.ticketId);
    expect(after.contactId).toBe(first.contactId);
    const page = (await call(admin.token, 'GET', `/messages/${after.ticketId}`)).json();
    expect(page.messages.map((m: any) => m.body)).toEqual(['voltei']);
  });

  it('still records a redelivered message once', async () => {
    const { receive } = watchedStore();
    const number = nextNumber();
    await receive(number);
    await receive(number);
    const once = await receive(number, { providerId: 'WAMID-SEEN-1', body: 'só uma vez' });
    const again = await receive(number, { providerId: 'WAMID-SEEN-1', body: 'só uma vez' });
    expect(once.duplicate).toBe(false);
    expect(again).toMatchObject({ duplicate: true, messageId: once.messageId, ticketId: once.ticketId });
    expect(await server.wiring.store.readStream(messageStream(once.messageId))).toHaveLength(1);
  });
});

describe('uploads', () => {
  it('stores each file under a generated name and makes one message per file', async () => {
    const { ticketId } = await openConversation();
    const response = await upload(ticketId, [
      { name: 'medias', filename: '../../comprovante.html', contentType: 'text/html', data: samples.png },
      { name: 'medias', filename: 'contrato.pdf', contentType: 'application/pdf', data: samples.pdf },
      { name: 'body', value: 'comprovante' },
      { name: 'body', value: 'contrato' },
      { name: 'isPrivate', value: 'false' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const [image, document] = response.json().messages;
    expect(image).toMatchObject({ mediaType: 'image', mediaMime: 'image/png', mediaName: 'comprovante.html', body: 'comprovante' });
    expect(image.mediaUrl).toMatch(new RegExp(`^/media/${admin.companyId}/[0-9a-f-]{36}\\.png$`));
    expect(image.mediaUrl).not.toContain('comprovante');
    expect(document).toMatchObject({ mediaType: 'application', mediaMime: 'application/pdf', mediaName: 'contrato.pdf', body: 'contrato' });
    const file = await server.app.inject({ method: 'GET', url: image.mediaUrl, headers: bearer(admin.token) });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload).toEqual(samples.png);

    await delivered(image.id);
    const outbound = channels.sent.find((item) => item.messageId === image.id)!;
    expect(outbound.media).toMatchObject({ url: image.mediaUrl, mime: 'image/png' });
    const chunks: Buffer[] = [];
    for await (const chunk of await outbound.media!.read()) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks)).toEqual(samples.png);
  });

  it('refuses a type outside the allow-list and keeps neither file nor message', async () => {
    const { ticketId } = await openConversation();
    const before = await messageCount(ticketId);
    const filesBefore = storedFiles();
    const response = await upload(ticketId, [
      { name: 'medias', filename: 'ok.png', contentType: 'image/png', data: samples.png },
      { name: 'medias', filename: 'setup.exe', contentType: 'application/octet-stream', data: samples.elf },
    ]);
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toBe('ERR_MEDIA_TYPE_NOT_ALLOWED');
    expect(await messageCount(ticketId)).toBe(before);
    // The PNG stored before the refusal was removed again.
    expect(storedFiles()).toEqual(filesBefore);
  });

  it('streams files larger than the JSON body limit into the store', async () => {
    const { ticketId } = await openConversation();
    const large = Buffer.concat([samples.png, Buffer.alloc(3 * 1024 * 1024, 7)]);
    const response = await upload(ticketId, [{ name: 'medias', filename: 'grande.png', contentType: 'image/png', data: large }]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().messages[0]).toMatchObject({ mediaMime: 'image/png', mediaSize: large.length });
  });

  it('refuses a file over the size limit', async () => {
    const { ticketId } = await openConversation();
    const real = server.wiring.ctx.media;
    server.wiring.ctx.media = createLocalDiskMediaStore({ dir: mkdtempSync(join(tmpdir(), 'conversa-small-')), maxBytes: 1024 });
    try {
      const response = await upload(ticketId, [{ name: 'medias', filename: 'big.png', contentType: 'image/png', data: Buffer.concat([samples.png, Buffer.alloc(4096)]) }]);
      expect(response.statusCode).toBe(413);
      expect(response.json().error).toBe('ERR_MEDIA_TOO_LARGE');
      expect(await messageCount(ticketId)).toBe(1);
    } finally {
      server.wiring.ctx.media = real;
    }
  });

  it('refuses a request without files, and files on a ticket that is not open', async () => {
    const { ticketId } = await openConversation();
    const none = await upload(ticketId, [{ name: 'body', value: 'sem arquivo' }]);
    expect(none.statusCode).toBe(400);
    const pending = await inbound();
    const closedTo = await upload(pending.ticketId, [{ name: 'medias', filename: 'a.png', contentType: 'image/png', data: samples.png }]);
    expect(closedTo.statusCode).toBe(409);
    expect(await messageCount(pending.ticketId)).toBe(1);
  });

  it('sends a file already in the store by its url (a quick message attachment), never another company file', async () => {
    const { ticketId } = await openConversation();
    const mine = await server.wiring.ctx.media.save({ companyId: admin.companyId, data: samples.pdf, originalName: 'tabela.pdf' });
    const response = await send(ticketId, { body: '', mediaUrl: mine.url });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().messages[0]).toMatchObject({ mediaType: 'application', mediaUrl: mine.url, mediaName: 'tabela.pdf' });
    const theirs = await server.wiring.ctx.media.save({ companyId: other.companyId, data: samples.pdf, originalName: 'segredo.pdf' });
    expect((await send(ticketId, { body: 'x', mediaUrl: theirs.url })).statusCode).toBe(400);
    expect((await send(ticketId, { body: 'x', mediaUrl: theirs.url.replace(`/media/${other.companyId}/`, `/media/${admin.companyId}/`) })).statusCode).toBe(400);
  });
});

describe('editing and deleting', () => {
  it('edits own text within 15 minutes of its last update, not after', async () => {
    const { ticketId } = await openConversation();
    const message = await sendText(ticketId, 'Texto com erro');
    const realNow = server.wiring.ctx.now;
    const start = Date.now();
    try {
      server.wiring.ctx.now = () => new Date(start + 14 * 60_000);
      const edited = await call(admin.token, 'POST', `/messages/edit/${message.id}`, { body: 'Texto corrigido' });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toMatchObject({ body: 'Texto corrigido', isEdited: true });
      // The window counts from the edit: 14 + 14 minutes after writing is still fine.
      server.wiring.ctx.now = () => new Date(start + 28 * 60_000);
      expect((await call(admin.token, 'POST', `/messages/edit/${message.id}`, { body: 'Texto final' })).statusCode).toBe(200);
      server.wiring.ctx.now = () => new Date(start + 44 * 60_000);
      const late = await call(admin.token, 'POST', `/messages/edit/${message.id}`, { body: 'tarde demais' });
      expect(late.statusCode).toBe(403);
      expect(late.json().error).toBe('ERR_MESSAGE_EDIT_EXPIRED');
    } finally {
      server.wiring.ctx.now = realNow;
    }
    const page = (await call(admin.token, 'GET', `/messages/${ticketId}`)).json();
    expect(page.messages.at(-1)).toMatchObject({ id: message.id, body: 'Texto final', isEdited: true });
  });

  it('refuses editing the contact message, another attendant message, or empty text', async () => {
    const { ticketId, inboundId } = await openConversation();
    const contactEdit = await call(admin.token, 'POST', `/messages/edit/${inboundId}`, { body: 'mudado' });
    expect(contactEdit.statusCode).toBe(403);
    const mine = await sendText(ticketId, 'minha');
    const colleague = await newUser('Colega', { profile: 'admin', allTicket: 'enable' });
    const theirs = await call(colleague.token, 'POST', `/messages/edit/${mine.id}`, { body: 'da colega' });
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().error).toBe('ERR_NO_PERMISSION');
    expect((await call(admin.token, 'POST', `/messages/edit/${mine.id}`, { body: '  ' })).statusCode).toBe(400);
    expect((await call(admin.token, 'POST', `/messages/edit/not-a-uuid`, { body: 'x' })).statusCode).toBe(400);
  });

  it('deletes own messages only', async () => {
    const { ticketId, inboundId } = await openConversation();
    const message = await sendText(ticketId, 'apagar isto');
    const live = await frames(admin.companyId);
    const deleted = await call(admin.token, 'DELETE', `/messages/${message.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toMatchObject({ id: message.id, isDeleted: true, deletedBy: 'user' });
    await expect.poll(() => live.seen.filter((frame) => frame.message.id === message.id).map((frame) => frame.action)).toContain('delete');
    await live.stop();
    expect((await call(admin.token, 'DELETE', `/messages/${inboundId}`)).statusCode).toBe(403);
    expect((await call(admin.token, 'POST', `/messages/edit/${message.id}`, { body: 'x' })).json().error).toBe('ERR_MESSAGE_DELETED');
  });
});

describe('forward and react', () => {
  it('forwards a copy to another contact, opening their ticket on the same connection, signed when asked', async () => {
    const source = await openConversation();
    const original = await sendText(source.ticketId, 'Segue o endereço da loja');
    const target = await inbound({ name: 'Pedro' });
    const response = await call(admin.token, 'POST', '/message/forward', { messageId: original.id, contactId: target.contactId, signMessage: true });
    expect(response.statusCode, response.body).toBe(200);
    const forwarded = response.json();
    expect(forwarded).toMatchObject({ ticketId: target.ticketId, contactId: target.contactId, isForwarded: true, fromMe: true, body: '*Mensagens Co Admin*:\nSegue o endereço da loja' });
    await delivered(forwarded.id);
    expect(channels.sent.some((item) => item.messageId === forwarded.id)).toBe(true);

    // A contact without a ticket gets a new open one.
    const fresh = await call(admin.token, 'POST', '/contacts', { name: 'Carla Nova', number: nextNumber() });
    expect(fresh.statusCode, fresh.body).toBeLessThan(300);
    const unsigned = await call(admin.token, 'POST', '/message/forward', { messageId: original.id, contactId: fresh.json().id, signMessage: false });
    expect(unsigned.statusCode, unsigned.body).toBe(200);
    expect(unsigned.json()).toMatchObject({ body: 'Segue o endereço da loja', isForwarded: true });
    const ticket = (await call(admin.token, 'GET', `/tickets/${unsigned.json().ticketId}`)).json();
    expect(ticket).toMatchObject({ contactId: fresh.json().id, status: 'open', userId: admin.userId });
  });

  it('refuses forwarding a private note', async () => {
    const { ticketId } = await openConversation();
    const note = (await send(ticketId, { body: 'nota interna', isPrivate: true })).json().messages[0];
    const target = await inbound();
    const response = await call(admin.token, 'POST', '/message/forward', { messageId: note.id, contactId: target.contactId, signMessage: false });
    expect(response.statusCode).toBe(403);
  });

  it('reacts to a message with an emoji quoting it', async () => {
    const { ticketId, inboundId } = await openConversation();
    const response = await call(admin.token, 'POST', '/react/messages', { text: '👍', id: inboundId, ticketId, fromMe: false, remoteJid: '5511@s.whatsapp.net' });
    expect(response.statusCode, response.body).toBe(200);
    const reaction = response.json();
    expect(reaction).toMatchObject({ mediaType: 'reactionMessage', body: '👍', quotedMsgId: inboundId, ticketId });
    await delivered(reaction.id);
    expect(channels.sent.find((item) => item.messageId === reaction.id)).toMatchObject({ mediaType: 'reactionMessage', body: '👍' });
    expect((await call(admin.token, 'POST', '/react/messages', { text: '', id: inboundId })).statusCode).toBe(400);
  });
});

describe('media tabs and gallery', () => {
  it('lists pictures with their page, and media, documents, links and calls', async () => {
    const { ticketId } = await openConversation();
    const picture = (await upload(ticketId, [{ name: 'medias', filename: 'foto.png', contentType: 'image/png', data: samples.png }, { name: 'body', value: 'foto 1' }])).json().messages[0];
    const doc = (await upload(ticketId, [{ name: 'medias', filename: 'nota.pdf', contentType: 'application/pdf', data: samples.pdf }])).json().messages[0];
    await sendText(ticketId, 'Veja https://example.com/a e http://example.org/b?x=1');
    for (let index = 0; index < 21; index++) await sendText(ticketId, `depois ${index}`);

    const gallery = (await call(admin.token, 'GET', `/messages/listimages/${ticketId}`)).json();
    expect(gallery).toEqual({ images: [{ mediaUrl: picture.mediaUrl, pageNumber: 2, body: 'foto 1' }] });

    const tabs = (await call(admin.token, 'GET', `/messages/getmedia/${ticketId}`)).json();
    expect(tabs.media.map((m: any) => m.id)).toEqual([picture.id]);
    expect(tabs.documents.map((m: any) => m.id)).toEqual([doc.id]);
    expect(tabs.links.map((link: any) => link.url)).toEqual(['https://example.com/a', 'http://example.org/b?x=1']);
    expect(tabs.calls).toEqual([]);
  });
});

describe('tenancy', () => {
  it('never lets another company read or change a company messages', async () => {
    const { ticketId, inboundId, contactId } = await openConversation();
    const message = await sendText(ticketId, 'Dados do cliente: Tenant-A-Marker');
    const calls = [
      call(other.token, 'GET', `/messages/${ticketId}`),
      send(ticketId, { body: 'invasão' }, other.token),
      upload(ticketId, [{ name: 'medias', filename: 'x.png', contentType: 'image/png', data: samples.png }], other.token),
      call(other.token, 'POST', `/messages/edit/${message.id}`, { body: 'invasão' }),
      call(other.token, 'DELETE', `/messages/${message.id}`),
      call(other.token, 'GET', `/messages/listimages/${ticketId}`),
      call(other.token, 'GET', `/messages/getmedia/${ticketId}`),
      call(other.token, 'POST', '/message/forward', { messageId: message.id, contactId, signMessage: false }),
      call(other.token, 'POST', '/react/messages', { text: '😈', id: inboundId }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.body).not.toContain('Tenant-A-Marker');
    }
    const page = (await call(admin.token, 'GET', `/messages/${ticketId}`)).json();
    expect(page.messages.map((m: any) => m.body)).toEqual(['Olá, preciso de ajuda', 'Dados do cliente: Tenant-A-Marker']);
  });

  it('forwards only to contacts of the own company', async () => {
    const { ticketId } = await openConversation();
    const message = await sendText(ticketId, 'oi');
    const foreign = await inbound({ companyId: other.companyId });
    const response = await call(admin.token, 'POST', '/message/forward', { messageId: message.id, contactId: foreign.contactId, signMessage: false });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('ERR_NO_CONTACT_FOUND');
  });

  it('publishes a company frames only on that company subject', async () => {
    const mine = await frames(admin.companyId);
    const theirs = await frames(other.companyId);
    const { ticketId } = await openConversation(other.companyId, other.userId);
    await send(ticketId, { body: 'só da outra' }, other.token);
    await expect.poll(() => theirs.seen.some((frame) => frame.message.body === 'só da outra')).toBe(true);
    expect(mine.seen.some((frame) => frame.message.companyId !== admin.companyId)).toBe(false);
    await mine.stop();
    await theirs.stop();
  });
});

describe('the inbound path', () => {
  it('reads a known conversation in one round trip, and still follows the streams when the remembered ticket is closed', async () => {
    const reads: string[] = [];
    const store = server.wiring.ctx.store;
    // One counting store for the whole test: the path remembers conversations per store.
    const counting = {
      ...store,
      appendToStream: store.appendToStream.bind(store),
      readStream: (streamId: string, options?: Parameters<typeof store.readStream>[1]) => (reads.push(`stream ${streamId.split('-')[0]}`), store.readStream(streamId, options)),
      readStreams: (streamIds: readonly string[]) => (reads.push(`streams ×${streamIds.length}`), store.readStreams!(streamIds)),
      readAll: store.readAll.bind(store),
      subscribeToAll: store.subscribeToAll.bind(store),
      headPosition: store.headPosition.bind(store),
      countAfter: store.countAfter.bind(store),
      close: store.close.bind(store),
    };
    const ctx = inboundContext({ ...server.wiring.ctx, store: counting });
    const number = nextNumber();
    const write = (body: string) =>
      receiveMessage(ctx, {
        companyId: admin.companyId,
        whatsappId: null,
        channel: 'whatsapp',
        contact: { number, name: 'Leitura Única', isGroup: false },
        providerId: `once-${body}`,
        body,
        mediaType: 'chat',
        receivedAt: server.wiring.ctx.now(),
      });

    const first = await write('primeira');
    reads.length = 0;
    const second = await write('segunda');
    expect(second.ticketId).toBe(first.ticketId);
    expect(reads).toEqual(['streams ×5']);

    // The remembered ticket closes: the guess is wrong, the streams decide, and a new ticket opens.
    const closed = await changeTicket(server.wiring.ctx, { companyId: admin.companyId, actor: userActor(admin.userId), ticketId: first.ticketId, command: { type: 'CloseTicket', userId: admin.userId, farewell: false, reason: 'ignored' } });
    await server.wiring.ctx.waitForProjections(closed.position);
    const third = await write('terceira');
    expect(third.ticketId).not.toBe(first.ticketId);
    expect(third.contactId).toBe(first.contactId);
  });
});
