import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { authenticate, isEdgeFrame } from './socket-client';
import { bearer, createUser, signupCompany, startTestServer, type TestServer } from './harness';

/**
 * LGPD hide-number on the server: with lgpdHideNumber on, a plain user's HTTP answers and socket
 * frames carry contact numbers masked (country, area and the last 2 digits); admins and
 * supervisors get them in full, and so does everyone once the setting is off again.
 */
const NUMBER = '5511987654321';
const MASKED = '5511*******21';
/** A contact named by its number (the channel gave no name). */
const NAMELESS = '5511966665544';
const NAMELESS_MASKED = '5511*******44';

let server: TestServer;
let base: string;
let admin: { token: string; companyId: number };
let user: { token: string; userId: number };
let supervisor: { token: string };
let contactId: number;
let ticketId: number;

async function call(token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const response = await server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response;
}

const hideNumbers = (value: 'enabled' | 'disabled') => call(admin.token, 'PUT', '/companySettings', { column: 'lgpdHideNumber', data: value });

beforeAll(async () => {
  server = await startTestServer({ listen: true });
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  base = `ws://127.0.0.1:${address.port}/socket`;
  const company = await signupCompany(server, 'Privacidade Co', 441);
  admin = { token: (await server.login(company.email, company.password)).token, companyId: company.companyId };
  const queue = (await call(admin.token, 'POST', '/queue', { name: 'Atendimento', color: '#225588' })).json();
  user = await createUser(server, admin.companyId, 'Usuária', { queueIds: [queue.id] });
  supervisor = await createUser(server, admin.companyId, 'Supervisora', { profile: 'supervisor', queueIds: [] });
  contactId = (await call(admin.token, 'POST', '/contacts', { name: 'Cliente Sigilo', number: NUMBER })).json().id;
  const nameless = (await call(admin.token, 'POST', '/contacts', { name: NAMELESS, number: NAMELESS })).json().id;
  ticketId = (await call(admin.token, 'POST', '/tickets', { contactId, status: 'pending', queueId: queue.id })).json().id;
  await call(admin.token, 'POST', `/messages/${ticketId}`, { body: 'nota interna', isPrivate: true });
  // A user lists the scheduled messages they wrote.
  await call(user.token, 'POST', '/schedules', { body: 'Lembrete da consulta', contactId: nameless, sendAt: new Date(Date.now() + 86_400_000).toISOString() });
});
afterAll(() => server?.close());

/** Every read that shows the contact's number: lists, one contact, tickets (messages name it only by id). */
const reads = () => ['/contacts', '/contacts/list', `/contacts/${contactId}`, '/tickets?status=pending&showAll=true', `/tickets/${ticketId}`];

describe('LGPD hide-number in HTTP answers', () => {
  it('masks every answer to a plain user while the setting is on, and none to admins and supervisors', async () => {
    await hideNumbers('enabled');
    for (const url of reads()) {
      const body = (await call(user.token, 'GET', url)).body;
      expect(body, url).toContain(MASKED);
      expect(body, url).not.toContain(NUMBER);
      for (const token of [admin.token, supervisor.token]) {
        const full = (await call(token, 'GET', url)).body;
        expect(full, url).toContain(NUMBER);
        expect(full, url).not.toContain(MASKED);
      }
    }
    const list = (await call(user.token, 'GET', '/contacts')).json().contacts as Array<{ name: string; number: string }>;
    // A contact named by its number has its name masked too, also where only the name is shown (scheduled messages).
    expect(list.find((contact) => contact.number === NAMELESS_MASKED)?.name).toBe(NAMELESS_MASKED);
    const schedules = (await call(user.token, 'GET', '/schedules')).body;
    expect(schedules).toContain(NAMELESS_MASKED);
    expect(schedules).not.toContain(NAMELESS);
    expect((await call(admin.token, 'GET', '/schedules')).body).toContain(NAMELESS);
  });

  it('does not let a masked user find a contact by the digits they cannot see', async () => {
    await hideNumbers('enabled');
    const contacts = (token: string) => call(token, 'GET', '/contacts?searchParam=98765').then((r) => r.json().contacts.map((c: { id: number }) => c.id));
    const tickets = (token: string) =>
      call(token, 'GET', '/tickets?searchParam=98765&showAll=true').then((r) => r.json().tickets.map((t: { id: number }) => t.id));
    expect(await contacts(user.token)).not.toContain(contactId);
    expect(await tickets(user.token)).not.toContain(ticketId);
    expect(await contacts(admin.token)).toContain(contactId);
    expect(await tickets(admin.token)).toContain(ticketId);
    // By name they still find it.
    expect((await call(user.token, 'GET', '/contacts?searchParam=Sigilo')).json().contacts.map((c: { id: number }) => c.id)).toContain(contactId);
  });

  it('gives the plain user full numbers once the setting is off', async () => {
    await hideNumbers('disabled');
    for (const url of reads()) expect((await call(user.token, 'GET', url)).body, url).toContain(NUMBER);
  });

  it('keeps the number when a masked user saves the contact form with what they were shown', async () => {
    await hideNumbers('enabled');
    const saved = (await call(user.token, 'PUT', `/contacts/${contactId}`, { name: 'Cliente Sigilo', number: MASKED })).json();
    expect(saved.number).toBe(MASKED);
    expect((await call(admin.token, 'GET', `/contacts/${contactId}`)).json().number).toBe(NUMBER);
    // A contact named by its number: the masked name sent back leaves the name as it was.
    const nameless = (await call(user.token, 'GET', `/contacts?searchParam=${encodeURIComponent('5511')}`)).json();
    expect(nameless.contacts).toEqual([]);
    const listed = (await call(user.token, 'GET', '/contacts')).json().contacts.find((c: { number: string }) => c.number === NAMELESS_MASKED);
    await call(user.token, 'PUT', `/contacts/${listed.id}`, { name: NAMELESS_MASKED, number: NAMELESS_MASKED, email: 'novo@example.com' });
    expect((await call(admin.token, 'GET', `/contacts/${listed.id}`)).json()).toMatchObject({ name: NAMELESS, number: NAMELESS, email: 'novo@example.com' });
  });
});

interface Frame {
  event: string;
  data: unknown;
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
  return { socket, frames, text: () => JSON.stringify(frames) };
}

describe('LGPD hide-number in socket frames', () => {
  it('masks the contact and ticket frames a plain user gets, not an admin’s, and follows the setting live', async () => {
    await hideNumbers('enabled');
    const [userSocket, adminSocket] = await Promise.all([listen(user.token), listen(admin.token)]);
    const contactFrame = `company-${admin.companyId}-contact`;
    const ticketFrame = `company-${admin.companyId}-ticket`;
    const seen = (frames: Frame[], event: string, marker: string) =>
      frames.some((frame) => frame.event === event && JSON.stringify(frame.data).includes(marker));

    // A rename publishes the contact; a queue message publishes the ticket (with its contact).
    await call(admin.token, 'PUT', `/contacts/${contactId}`, { name: 'Cliente Renomeado' });
    await call(admin.token, 'PUT', `/tickets/${ticketId}`, { status: 'open', userId: user.userId });
    for (const event of [contactFrame, ticketFrame]) {
      await expect.poll(() => seen(userSocket.frames, event, MASKED)).toBe(true);
      await expect.poll(() => seen(adminSocket.frames, event, NUMBER)).toBe(true);
    }
    expect(userSocket.text()).not.toContain(NUMBER);
    expect(adminSocket.text()).not.toContain(MASKED);

    // Off again: the same user's next frames carry the full number.
    await hideNumbers('disabled');
    await call(admin.token, 'PUT', `/contacts/${contactId}`, { name: 'Cliente Aberto' });
    await expect.poll(() => seen(userSocket.frames, contactFrame, NUMBER)).toBe(true);
    for (const { socket } of [userSocket, adminSocket]) socket.close();
  });
});
