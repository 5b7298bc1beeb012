import { RecordingChannelGateway } from '@conversa/channels';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { authenticate, isEdgeFrame } from './socket-client';
import { bearer, createUser, signupCompany, startTestServer, type TestServer } from './harness';

/**
 * The tenancy walk over the websocket: while company A's contact writes (a sandbox message into A's
 * connection), company B's socket and the socket of A's plain user who may not see that ticket
 * receive nothing of it: no frame names the ticket, the message's text or the contact's number.
 * A's admin receives all three, so the walk fails if frames stop flowing at all.
 *
 * A's contacts are company-wide (GET /contacts answers every user of A), so the contact frame does
 * reach A's plain user; with lgpdHideNumber on, as here, it carries the number masked.
 */
const NUMBER = '5511977001122';
const BODY = 'Tenant-A-socket-marker-4be2';

let server: TestServer;
let base: string;
let a: { token: string; companyId: number };
let b: { token: string; companyId: number };
let plain: { token: string; userId: number };
let elsewhereQueue: number;
let line: { id: number; token: string };

async function call(token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const response = await server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json();
}

beforeAll(async () => {
  server = await startTestServer({ listen: true, channels: new RecordingChannelGateway() });
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  base = `ws://127.0.0.1:${address.port}/socket`;
  const companyA = await signupCompany(server, 'Socket Tenant A', 611);
  const companyB = await signupCompany(server, 'Socket Tenant B', 612);
  a = { token: (await server.login(companyA.email, companyA.password)).token, companyId: companyA.companyId };
  b = { token: (await server.login(companyB.email, companyB.password)).token, companyId: companyB.companyId };
  const elsewhere = await call(a.token, 'POST', '/queue', { name: 'Outra fila', color: '#552211' });
  elsewhereQueue = elsewhere.id;
  plain = await createUser(server, a.companyId, 'Sem Acesso', { queueIds: [elsewhere.id] });
  await call(a.token, 'PUT', '/companySettings', { column: 'lgpdHideNumber', data: 'enabled' });
  const created = await call(a.token, 'POST', '/whatsapp', { name: 'Sandbox Socket', channel: 'sandbox', greetingMessage: '' });
  line = { id: created.id, token: created.token };
});
afterAll(() => server?.close());

interface Frame {
  event: string;
  data: any;
}

async function listen(token: string) {
  const socket = new WebSocket(base);
  const frames: Frame[] = [];
  socket.on('message', (raw) => isEdgeFrame(raw) || frames.push(JSON.parse(String(raw)) as Frame));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  await authenticate(socket, token);
  // The browser's joins, so no room rule hides a frame the walk should see.
  for (const message of [{ event: 'joinNotification' }, { event: 'joinTickets', data: 'open' }, { event: 'joinTickets', data: 'pending' }])
    socket.send(JSON.stringify(message));
  return { socket, frames };
}

/** What of the ticket, the message and the contact a socket was told. */
function mentions(frames: Frame[], ticketId: number): string[] {
  const found: string[] = [];
  for (const frame of frames) {
    const text = JSON.stringify(frame.data);
    if (frame.data?.ticket?.id === ticketId || frame.data?.before?.id === ticketId || text.includes(`"ticketId":${ticketId}`))
      found.push(`ticket in ${frame.event}`);
    if (text.includes(BODY)) found.push(`message body in ${frame.event}`);
    if (text.includes(NUMBER)) found.push(`contact number in ${frame.event}`);
  }
  return found;
}

describe('tenancy walk over the websocket', () => {
  it('tells A’s admin of A’s contact writing, and neither company B nor A’s user without the ticket’s queue', async () => {
    const [adminA, plainA, adminB] = await Promise.all([listen(a.token), listen(plain.token), listen(b.token)]);
    const response = await server.app.inject({
      method: 'POST',
      url: `/sandbox/${line.id}/messages`,
      headers: bearer(line.token),
      payload: { id: 'socket-walk-1', from: NUMBER, name: 'Cliente Socket', body: BODY },
    });
    expect(response.statusCode, response.body).toBe(202);
    const { ticketId } = response.json() as { ticketId: number };

    // A's admin hears of all of it: the walk would fail if nothing were published.
    await expect.poll(() => mentions(adminA.frames, ticketId).some((text) => text.startsWith('ticket'))).toBe(true);
    await expect.poll(() => mentions(adminA.frames, ticketId).some((text) => text.startsWith('message body'))).toBe(true);
    await expect.poll(() => mentions(adminA.frames, ticketId).some((text) => text.startsWith('contact number'))).toBe(true);
    // The plain user works another queue, and the HTTP read refuses them this ticket: the same rule.
    expect((await call(a.token, 'GET', `/tickets/${ticketId}`)).queueId).not.toBe(elsewhereQueue);
    expect([403, 404]).toContain((await server.app.inject({ method: 'GET', url: `/tickets/${ticketId}`, headers: bearer(plain.token) })).statusCode);

    // A frame published after the contact's, to each company: once it is in, everything before it is too.
    await call(a.token, 'POST', '/tags', { name: 'Sentinela A', color: '#101010', kanban: 0 });
    await call(b.token, 'POST', '/tags', { name: 'Sentinela B', color: '#202020', kanban: 0 });
    const sentinel = (frames: Frame[], name: string) => frames.some((frame) => frame.data?.tag?.name === name);
    await expect.poll(() => sentinel(plainA.frames, 'Sentinela A')).toBe(true);
    await expect.poll(() => sentinel(adminB.frames, 'Sentinela B')).toBe(true);

    expect(mentions(plainA.frames, ticketId)).toEqual([]);
    expect(mentions(adminB.frames, ticketId)).toEqual([]);
    expect(adminB.frames.filter((frame) => frame.event.startsWith(`company-${a.companyId}-`)).map((frame) => frame.event)).toEqual([]);
    // The contact itself is company-wide, its number masked for the plain user.
    expect(plainA.frames.some((frame) => frame.event === `company-${a.companyId}-contact` && frame.data.contact?.number === '5511*******22')).toBe(true);
    for (const { socket } of [adminA, plainA, adminB]) socket.close();
  });
});
