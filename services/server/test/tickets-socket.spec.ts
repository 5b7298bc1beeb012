import { openTicket, systemActor } from '@conversa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { authenticate, isEdgeFrame } from './socket-client';
import { bearer, signupCompany, startTestServer, type TestServer, createUser } from './harness';

let server: TestServer;
let base: string;
let admin: { token: string; companyId: number };

beforeAll(async () => {
  server = await startTestServer({ listen: true });
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  base = `ws://127.0.0.1:${address.port}/socket`;
  const signup = await signupCompany(server, 'Live Tickets', 31);
  admin = { token: (await server.login(signup.email, signup.password)).token, companyId: signup.companyId };
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
  return { socket, frames };
}

const plainUser = (name: string, queueIds: number[]) => createUser(server, admin.companyId, name, { queueIds });

describe('ticket frames reach exactly those who may see the ticket', () => {
  it('sends a waiting ticket to its queue, and its transfer to the receiver and the former holder', async () => {
    // Beto's queue exists: a ticket may only be transferred into a real queue of the company.
    const six = (
      await server.app.inject({ method: 'POST', url: '/queue', headers: bearer(admin.token), payload: { name: 'Fila do Beto', color: '#0b0b0b' } })
    ).json().id as number;
    const ana = await plainUser('Ana', [5]);
    const beto = await plainUser('Beto', [six]);
    const [adminSocket, anaSocket, betoSocket] = await Promise.all([listen(admin.token), listen(ana.token), listen(beto.token)]);
    const contact = (
      await server.app.inject({ method: 'POST', url: '/contacts', headers: bearer(admin.token), payload: { name: 'Live Contact', number: '5511955554444' } })
    ).json();

    const opened = await openTicket(server.wiring.ctx, {
      companyId: admin.companyId,
      actor: systemActor,
      contactId: contact.id,
      whatsappId: null,
      channel: 'whatsapp',
      isGroup: false,
      queueId: 5,
      reuseOpen: true,
    });
    await server.wiring.ctx.waitForProjections(opened.position);
    const event = `company-${admin.companyId}-ticket`;
    const about = (frames: Frame[]) => frames.filter((frame) => frame.event === event && frame.data.ticket?.id === opened.ticketId);
    await expect.poll(() => about(anaSocket.frames).length).toBe(1);
    await expect.poll(() => about(adminSocket.frames).length).toBe(1);
    expect(about(anaSocket.frames)[0]!.data).toMatchObject({ action: 'update', ticket: { status: 'pending', queueId: 5, contact: { name: 'Live Contact' } } });

    // Ana takes it, then transfers it to Beto's queue: Beto learns of it, Ana sees it leave.
    await server.app.inject({ method: 'PUT', url: `/tickets/${opened.ticketId}`, headers: bearer(ana.token), payload: { status: 'open', userId: ana.userId } });
    await server.app.inject({
      method: 'PUT',
      url: `/tickets/${opened.ticketId}`,
      headers: bearer(ana.token),
      payload: { status: 'pending', userId: null, queueId: six },
    });
    await expect.poll(() => about(betoSocket.frames).length).toBe(1);
    await expect.poll(() => about(anaSocket.frames).length).toBe(3);
    expect(about(betoSocket.frames)[0]!.data.ticket).toMatchObject({ status: 'pending', queueId: six, userId: null });
    expect(about(anaSocket.frames)[2]!.data).toMatchObject({ ticket: { queueId: six }, before: { userId: ana.userId } });
    // A closing frame for a ticket Beto may see; Beto got nothing before the transfer.
    expect(about(betoSocket.frames).every((frame) => frame.data.ticket.queueId === six)).toBe(true);
    for (const { socket } of [adminSocket, anaSocket, betoSocket]) socket.close();
  });

  it('never sends one company’s ticket frames to another company', async () => {
    const other = await signupCompany(server, 'Live Other', 32);
    const otherSocket = await listen((await server.login(other.email, other.password)).token);
    const contact = (
      await server.app.inject({ method: 'POST', url: '/contacts', headers: bearer(admin.token), payload: { name: 'Secret Contact', number: '5511955553333' } })
    ).json();
    const adminSocket = await listen(admin.token);
    const ticket = (
      await server.app.inject({ method: 'POST', url: '/tickets', headers: bearer(admin.token), payload: { contactId: contact.id, status: 'open' } })
    ).json();
    await expect.poll(() => adminSocket.frames.some((frame) => frame.data?.ticket?.id === ticket.id)).toBe(true);
    expect(otherSocket.frames.some((frame) => JSON.stringify(frame).includes('Secret Contact'))).toBe(false);
    otherSocket.socket.close();
    adminSocket.socket.close();
  });
});
