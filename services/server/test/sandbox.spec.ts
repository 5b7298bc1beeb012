import { connectionStream, messageStream } from '@conversa/contracts';
import { createSessionGateway, createSessionManager, sessionLeaseKey } from '@conversa/channels';
import { createLocalDiskMediaStore } from '@conversa/media';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samples } from '../../media/test/samples';
import { bearer, signupCompany, startTestServer, type TestServer } from './harness';

let server: TestServer;
let a: { token: string; userId: number; companyId: number };
let b: { token: string; userId: number; companyId: number };
let sandbox: { id: number; token: string };
let otherSandbox: { id: number; token: string };
let files: Server;
let filesUrl: string;
let phone = 5511960000000;
const nextPhone = () => String((phone += 1));

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const deliver = (connection: { id: number; token: string }, payload: object, token = connection.token) =>
  server.app.inject({ method: 'POST', url: `/sandbox/${connection.id}/messages`, headers: bearer(token), payload });
const outbox = async (connection: { id: number; token: string }, to: string) => {
  const response = await server.app.inject({ method: 'GET', url: `/sandbox/${connection.id}/outbox?to=${to}`, headers: bearer(connection.token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().messages as Array<{ id: string; to: string; body: string; mediaUrl: string | null; createdAt: string }>;
};
const ticketCount = async (token: string) => (await call(token, 'GET', '/tickets?showAll=true&status=pending')).json().count as number;

/** Waits until the sender has answered for the message and the read model shows it. */
async function delivered(messageId: string) {
  const [queued] = await server.wiring.store.readStream(messageStream(messageId));
  await server.wiring.reactors.waitForPosition(queued!.position);
  const events = await server.wiring.store.readStream(messageStream(messageId));
  await server.wiring.runtime.waitForPosition(events.at(-1)!.position);
  return events;
}

/** The session manager acts on the connection's latest request, and the read model shows what it reported. */
async function sessionSettled(connectionId: number) {
  await server.wiring.sessions.reconcile();
  const events = await server.wiring.store.readStream(connectionStream(connectionId));
  await server.wiring.ctx.waitForProjections(events.at(-1)!.position);
}

async function createSandbox(token: string, name: string) {
  const response = await call(token, 'POST', '/whatsapp', { name, channel: 'sandbox' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; token: string; status: string; channel: string };
}

beforeAll(async () => {
  server = await startTestServer();
  await server.wiring.sessions.start();
  const companyA = await signupCompany(server, 'Sandbox A', 71);
  a = { token: (await server.login(companyA.email, companyA.password)).token, userId: companyA.userId, companyId: companyA.companyId };
  const companyB = await signupCompany(server, 'Sandbox B', 72);
  b = { token: (await server.login(companyB.email, companyB.password)).token, userId: companyB.userId, companyId: companyB.companyId };
  sandbox = await createSandbox(a.token, 'Teste');
  otherSandbox = await createSandbox(b.token, 'Teste B');
  files = createServer((request, response) => {
    if (request.url === '/foto.png') return response.writeHead(200, { 'content-type': 'image/png' }).end(samples.png);
    if (request.url === '/grande.bin')
      return response.writeHead(200, { 'content-type': 'application/pdf' }).end(Buffer.concat([samples.pdf, Buffer.alloc(4096, 32)]));
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
});
afterAll(async () => {
  files?.close();
  delete process.env.SANDBOX_MEDIA_PRIVATE_NETWORKS;
  await server?.close();
});

describe('sandbox channel (issue 6)', () => {
  it('creates a sandbox connection CONNECTED at once, with its id and token', async () => {
    expect(sandbox).toMatchObject({ channel: 'sandbox', status: 'CONNECTED' });
    expect(sandbox.id).toBeGreaterThan(0);
    expect(sandbox.token).toMatch(/^[A-Z0-9]{30}$/);
    await sessionSettled(sandbox.id);
    expect(server.wiring.sessions.owned()).toContain(sandbox.id);
  });

  it('delivers an inbound message as a real channel would: contact, pending ticket, message (202)', async () => {
    const from = nextPhone();
    const response = await deliver(sandbox, { id: 'sb-1', from, name: 'Ana Teste', body: 'Oi, quero testar' });
    expect(response.statusCode, response.body).toBe(202);
    const { ticketId, duplicate } = response.json();
    expect(duplicate).toBe(false);
    const ticket = (await call(a.token, 'GET', `/tickets/${ticketId}`)).json();
    expect(ticket).toMatchObject({
      status: 'pending',
      channel: 'sandbox',
      whatsappId: sandbox.id,
      whatsapp: { id: sandbox.id, name: 'Teste' },
      contact: { name: 'Ana Teste', number: from },
    });
    const messages = (await call(a.token, 'GET', `/messages/${ticketId}`)).json().messages;
    expect(messages.map((m: { body: string; fromMe: boolean }) => [m.body, m.fromMe])).toEqual([['Oi, quero testar', false]]);
  });

  it('stores a contact’s text Postgres cannot hold mended (NUL removed, lone surrogates → U+FFFD), never dropped', async () => {
    const from = nextPhone();
    const response = await deliver(sandbox, { id: 'sb-nul\u0000', from, name: 'Ana\u0000Souza', body: 'Oi\u0000 tudo \ud800bem' });
    expect(response.statusCode, response.body).toBe(202);
    const { ticketId } = response.json();
    const ticket = (await call(a.token, 'GET', `/tickets/${ticketId}`)).json();
    expect(ticket.contact.name).toBe('AnaSouza');
    const messages = (await call(a.token, 'GET', `/messages/${ticketId}`)).json().messages;
    expect(messages.map((m: { body: string }) => m.body)).toEqual(['Oi tudo \ufffdbem']);
    const hugeId = await deliver({ id: 99_999_999_999, token: sandbox.token }, { from, body: 'x' });
    expect([hugeId.statusCode, hugeId.json().error]).toEqual([400, 'ERR_VALIDATION']);
  });

  it('records one message when the same id is delivered three times', async () => {
    const from = nextPhone();
    const answers = [];
    for (let attempt = 0; attempt < 3; attempt++) answers.push(await deliver(sandbox, { id: 'sb-repeat', from, body: 'Uma vez só' }));
    expect(answers.map((answer) => answer.statusCode)).toEqual([202, 202, 202]);
    expect(answers.map((answer) => answer.json().duplicate)).toEqual([false, true, true]);
    const ticketId = answers[0]!.json().ticketId;
    expect(new Set(answers.map((answer) => answer.json().id)).size).toBe(1);
    const messages = (await call(a.token, 'GET', `/messages/${ticketId}`)).json().messages;
    expect(messages).toHaveLength(1);
  });

  it('sends the attendant’s reply through the sandbox session into the outbox', async () => {
    const from = nextPhone();
    const { ticketId } = (await deliver(sandbox, { from, name: 'Bruno', body: 'Alguém aí?' })).json();
    const accepted = await call(a.token, 'PUT', `/tickets/${ticketId}`, { status: 'open', userId: a.userId });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const sent = await call(a.token, 'POST', `/messages/${ticketId}`, { body: 'Olá Bruno, em que posso ajudar?' });
    expect(sent.statusCode, sent.body).toBe(200);
    const message = sent.json().messages[0];
    const events = await delivered(message.id);
    expect(events.map((event) => event.type)).toContain('MessageSent');
    const box = await outbox(sandbox, from);
    const reply = box.find((entry) => entry.body === 'Olá Bruno, em que posso ajudar?');
    expect(reply).toMatchObject({ id: message.id, to: from, mediaUrl: null });
    expect(Date.parse(reply!.createdAt)).not.toBeNaN();
    const after = (await call(a.token, 'GET', `/messages/${ticketId}`)).json().messages.find((m: { id: string }) => m.id === message.id);
    expect(after.ack).toBe(1);
    // Another contact's outbox does not show it.
    expect((await outbox(sandbox, nextPhone())).some((entry) => entry.id === message.id)).toBe(false);
  });

  it('sends an attendant’s edit and deletion of a sent message to the channel', async () => {
    const from = nextPhone();
    const { ticketId } = (await deliver(sandbox, { from, body: 'Pode corrigir?' })).json();
    await call(a.token, 'PUT', `/tickets/${ticketId}`, { status: 'open', userId: a.userId });
    const message = (await call(a.token, 'POST', `/messages/${ticketId}`, { body: 'Texto com erro' })).json().messages[0];
    await delivered(message.id);
    const edited = await call(a.token, 'POST', `/messages/edit/${message.id}`, { body: 'Texto corrigido' });
    expect(edited.statusCode, edited.body).toBe(200);
    const afterEdit = await server.wiring.store.readStream(messageStream(message.id));
    await server.wiring.reactors.waitForPosition(afterEdit.at(-1)!.position);
    expect((await outbox(sandbox, from)).find((entry) => entry.id === message.id)?.body).toContain('Texto corrigido');
    expect((await call(a.token, 'DELETE', `/messages/${message.id}`)).statusCode).toBe(200);
    const afterDelete = await server.wiring.store.readStream(messageStream(message.id));
    await server.wiring.reactors.waitForPosition(afterDelete.at(-1)!.position);
    expect((await outbox(sandbox, from)).some((entry) => entry.id === message.id)).toBe(false);
  });

  it('a sender in another process reaches the session over the bus; nobody running it fails at once', async () => {
    // A process that runs no session: its gateway finds the lease held elsewhere and asks over the bus.
    const elsewhere = createSessionManager({
      ctx: server.wiring.ctx,
      drivers: [],
      connectionString: server.wiring.databaseUrl,
      bus: server.wiring.bus,
      reconcileIntervalMs: 60_000,
    });
    const gateway = createSessionGateway({
      directory: elsewhere,
      bus: server.wiring.bus,
      db: server.wiring.db,
      leaseKeyOf: sessionLeaseKey,
      remoteTimeoutMs: 10_000,
    });
    try {
      const from = nextPhone();
      const messageId = randomUUID();
      const outbound = {
        companyId: a.companyId,
        whatsappId: sandbox.id,
        channel: 'sandbox' as const,
        contact: { number: from, isGroup: false },
        messageId,
        body: 'Pelo barramento',
        mediaType: 'chat' as const,
        media: null,
        location: null,
        quotedProviderId: null,
      };
      await expect(gateway.send(outbound)).resolves.toEqual({ providerId: `sandbox-${messageId}` });
      expect((await outbox(sandbox, from)).map((entry) => entry.body)).toEqual(['Pelo barramento']);
      const started = Date.now();
      await expect(gateway.send({ ...outbound, whatsappId: 999_999, messageId: randomUUID() })).rejects.toThrow('no channel connected');
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await gateway.close();
    }
  });

  it('downloads a media url into the media store (private addresses only when the operator allows)', async () => {
    const from = nextPhone();
    const refused = await deliver(sandbox, { from, mediaUrl: `${filesUrl}/foto.png` });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('ERR_WAPP_DOWNLOAD_MEDIA');
    // A name that resolves to loopback is refused on the address connected to.
    const byName = await deliver(sandbox, { from, mediaUrl: `${filesUrl.replace('127.0.0.1', 'localhost')}/foto.png` });
    expect(byName.statusCode).toBe(400);
    expect(byName.json().error).toBe('ERR_WAPP_DOWNLOAD_MEDIA');
    process.env.SANDBOX_MEDIA_PRIVATE_NETWORKS = 'allow';
    try {
      const response = await deliver(sandbox, { from, body: 'Minha foto', mediaUrl: `${filesUrl}/foto.png` });
      expect(response.statusCode, response.body).toBe(202);
      const message = (await call(a.token, 'GET', `/messages/${response.json().ticketId}`)).json().messages.at(-1);
      expect(message).toMatchObject({ body: 'Minha foto', mediaType: 'image' });
      expect(message.mediaUrl).toMatch(new RegExp(`^/media/${a.companyId}/`));
      const missing = await deliver(sandbox, { from, mediaUrl: `${filesUrl}/nada.png` });
      expect(missing.statusCode).toBe(400);
    } finally {
      delete process.env.SANDBOX_MEDIA_PRIVATE_NETWORKS;
    }
  });

  it('refuses an oversize file with 413 and stores nothing', async () => {
    const real = server.wiring.ctx.media;
    const dir = mkdtempSync(join(tmpdir(), 'conversa-sandbox-small-'));
    server.wiring.ctx.media = createLocalDiskMediaStore({ dir, maxBytes: 2048 });
    process.env.SANDBOX_MEDIA_PRIVATE_NETWORKS = 'allow';
    try {
      const before = await ticketCount(a.token);
      const response = await deliver(sandbox, { from: nextPhone(), body: 'Arquivo grande', mediaUrl: `${filesUrl}/grande.bin` });
      expect(response.statusCode).toBe(413);
      expect(response.json().error).toBe('ERR_MEDIA_TOO_LARGE');
      expect(await ticketCount(a.token)).toBe(before);
      expect(readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())).toEqual([]);
    } finally {
      server.wiring.ctx.media = real;
      delete process.env.SANDBOX_MEDIA_PRIVATE_NETWORKS;
    }
  });

  it('answers bad input with a clear 4xx and stores nothing', async () => {
    const before = await ticketCount(a.token);
    const from = nextPhone();
    const noToken = await server.app.inject({ method: 'POST', url: `/sandbox/${sandbox.id}/messages`, payload: { from, body: 'x' } });
    expect([noToken.statusCode, noToken.json().error]).toEqual([401, 'ERR_UNAUTHENTICATED']);
    const wrongToken = await deliver(sandbox, { from, body: 'x' }, 'A'.repeat(30));
    expect([wrongToken.statusCode, wrongToken.json().error]).toEqual([403, 'ERR_INVALID_CONNECTION_TOKEN']);
    const otherCompanysToken = await deliver(sandbox, { from, body: 'x' }, otherSandbox.token);
    expect(otherCompanysToken.statusCode).toBe(403);
    const userToken = await deliver(sandbox, { from, body: 'x' }, a.token);
    expect(userToken.statusCode).toBe(403);
    const unknown = await deliver({ id: 999_999, token: sandbox.token }, { from, body: 'x' });
    expect([unknown.statusCode, unknown.json().error]).toEqual([404, 'ERR_NO_WAPP_FOUND']);
    const whatsapp = await call(a.token, 'POST', '/whatsapp', { name: 'Celular' });
    const notSandbox = await deliver({ id: whatsapp.json().id, token: whatsapp.json().token }, { from, body: 'x' });
    expect(notSandbox.statusCode).toBe(404);
    for (const payload of [
      { from, body: '' },
      { from: '55 11 9', body: 'x' },
      { body: 'sem remetente' },
      { from, body: 'x', extra: true },
      { from, mediaUrl: 'ftp://exemplo/arquivo' },
      { from, body: 'x'.repeat(5000) },
    ]) {
      const response = await deliver(sandbox, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error).toBe('ERR_VALIDATION');
    }
    const badOutbox = await server.app.inject({ method: 'GET', url: `/sandbox/${sandbox.id}/outbox?to=abc`, headers: bearer(sandbox.token) });
    expect(badOutbox.statusCode).toBe(400);
    const outboxWrongToken = await server.app.inject({ method: 'GET', url: `/sandbox/${sandbox.id}/outbox?to=${from}`, headers: bearer(otherSandbox.token) });
    expect(outboxWrongToken.statusCode).toBe(403);
    expect(await ticketCount(a.token)).toBe(before);
  });

  it('opens one ticket for 50 concurrent first messages of a new contact', async () => {
    const from = nextPhone();
    const answers = await Promise.all(Array.from({ length: 50 }, (_, index) => deliver(sandbox, { id: `burst-${index}`, from, body: `mensagem ${index}` })));
    expect(answers.every((answer) => answer.statusCode === 202)).toBe(true);
    const tickets = new Set(answers.map((answer) => answer.json().ticketId));
    expect(tickets.size).toBe(1);
    const contacts = new Set(answers.map((answer) => answer.json().contactId));
    expect(contacts.size).toBe(1);
  });

  it('a disconnected sandbox receives nothing until started again; replies then fail with no channel connected', async () => {
    const from = nextPhone();
    const { ticketId } = (await deliver(sandbox, { from, body: 'Antes' })).json();
    await call(a.token, 'PUT', `/tickets/${ticketId}`, { status: 'open', userId: a.userId });
    expect((await call(a.token, 'DELETE', `/whatsappsession/${sandbox.id}`)).statusCode).toBe(200);
    await sessionSettled(sandbox.id);
    expect((await call(a.token, 'GET', `/whatsapp/${sandbox.id}`)).json().status).toBe('DISCONNECTED');
    const refused = await deliver(sandbox, { from, body: 'Depois' });
    expect([refused.statusCode, refused.json().error]).toEqual([400, 'ERR_WAPP_NOT_INITIALIZED']);
    const reply = (await call(a.token, 'POST', `/messages/${ticketId}`, { body: 'Sem canal' })).json().messages[0];
    const events = await delivered(reply.id);
    expect(events.at(-1)).toMatchObject({ type: 'MessageSendFailed', data: { reason: 'no channel connected' } });

    expect((await call(a.token, 'POST', `/whatsappsession/${sandbox.id}`)).statusCode).toBe(200);
    await sessionSettled(sandbox.id);
    expect((await call(a.token, 'GET', `/whatsapp/${sandbox.id}`)).json().status).toBe('CONNECTED');
    expect((await deliver(sandbox, { from, body: 'De volta' })).statusCode).toBe(202);
  });

  it('company B cannot read or change A’s sandbox through the user API', async () => {
    expect((await call(b.token, 'GET', `/whatsapp/${sandbox.id}`)).statusCode).toBe(404);
    expect((await call(b.token, 'DELETE', `/whatsapp/${sandbox.id}`)).statusCode).toBe(404);
    expect((await call(b.token, 'GET', '/whatsapp')).json().map((c: { id: number }) => c.id)).toEqual([otherSandbox.id]);
  });
});
