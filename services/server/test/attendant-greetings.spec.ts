import { messageStream, ticketStream, type RecordedEvent } from '@conversa/contracts';
import { attendantMessageId, changeTicket, openTicket, postAttendantMessage, systemActor } from '@conversa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTENDANT_GREETINGS_SINCE, createAttendantGreetingsReactor } from '@conversa/automation';
import { bearer, settle, signupCompany, startTestServer, type TestServer } from './harness';

let server: TestServer;
let admin: { token: string; userId: number; companyId: number };
let phone = 5511930000000;

beforeAll(async () => {
  server = await startTestServer();
  const signup = await signupCompany(server, 'Greetings Co', 61);
  const { token } = await server.login(signup.email, signup.password);
  admin = { token, userId: signup.userId, companyId: signup.companyId };
});
afterAll(() => server?.close());

async function call(method: 'POST' | 'PUT', url: string, payload: object) {
  const response = await server.app.inject({ method, url, headers: bearer(admin.token), payload });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json();
}

const setting = (key: string, value: string) => call('PUT', `/settings/${key}`, { value });

async function pendingTicket(name: string, isGroup = false): Promise<number> {
  phone += 1;
  const contact = await call('POST', '/contacts', { name, number: String(phone) });
  const opened = await openTicket(server.wiring.ctx, { companyId: admin.companyId, actor: systemActor, contactId: contact.id, whatsappId: null, channel: 'whatsapp', isGroup, queueId: null, reuseOpen: true });
  await server.wiring.ctx.waitForProjections(opened.position);
  return opened.ticketId;
}

async function ticketEvent(ticketId: number, type: string): Promise<RecordedEvent> {
  const event = (await server.wiring.store.readStream(ticketStream(ticketId))).find((candidate) => candidate.type === type);
  if (!event) throw new Error(`ticket ${ticketId} has no ${type}`);
  return event;
}

async function queuedBodies(ticketId: number): Promise<string[]> {
  const queued = await server.wiring.store.readAll({ filter: { eventTypes: ['MessageQueued'] }, maxCount: 10_000 });
  return queued.filter((event) => (event.data as { ticketId: number }).ticketId === ticketId).map((event) => (event.data as { body: string }).body);
}

describe("the attendant's greeting and farewell", () => {
  it('posts one greeting per accept, however often its event is handled', async () => {
    const ticketId = await pendingTicket('Twice Handled');
    await setting('sendGreetingAccepted', 'enabled');
    try {
      await call('PUT', `/tickets/${ticketId}`, { status: 'open', userId: admin.userId });
    } finally {
      await setting('sendGreetingAccepted', 'disabled');
    }
    await settle(server);
    const accepted = await ticketEvent(ticketId, 'TicketAccepted');
    // Handled again (a batch replayed after a crash): the same message, nothing new.
    const again = await postAttendantMessage(server.wiring.ctx, accepted);
    expect(again).toMatchObject({ messageId: attendantMessageId(accepted.id), position: null });
    expect(await queuedBodies(ticketId)).toEqual(['Olá *Twice Handled*, meu nome é *Greetings Co Admin* e agora vou prosseguir com seu atendimento!']);
    const message = await server.wiring.store.readStream(messageStream(attendantMessageId(accepted.id)));
    expect(message[0]?.metadata.actor).toEqual({ kind: 'user', id: admin.userId });
  });

  it('reads the setting and the farewell text as they stood when the ticket changed', async () => {
    const ticketId = await pendingTicket('Late Setting');
    await call('PUT', `/users/${admin.userId}`, { farewellMessage: '' });
    await call('PUT', `/tickets/${ticketId}`, { status: 'open', userId: admin.userId });
    await call('PUT', `/tickets/${ticketId}`, { status: 'closed', sendFarewellMessage: true });
    // Turned on only afterwards: neither the accept nor the close had anything to post.
    await setting('sendGreetingAccepted', 'enabled');
    await call('PUT', `/users/${admin.userId}`, { farewellMessage: 'Até breve!' });
    try {
      expect(await postAttendantMessage(server.wiring.ctx, await ticketEvent(ticketId, 'TicketAccepted'))).toBeNull();
      expect(await postAttendantMessage(server.wiring.ctx, await ticketEvent(ticketId, 'TicketClosed'))).toBeNull();
      await settle(server);
      expect(await queuedBodies(ticketId)).toEqual([]);
    } finally {
      await setting('sendGreetingAccepted', 'disabled');
      await call('PUT', `/users/${admin.userId}`, { farewellMessage: '' });
    }
  });

  it('posts nothing for group tickets, or for changes the system made', async () => {
    await setting('sendGreetingAccepted', 'enabled');
    try {
      const group = await pendingTicket('Group Chat', true);
      await call('PUT', `/tickets/${group}`, { status: 'open', userId: admin.userId });
      const bySystem = await pendingTicket('System Accepted');
      await changeTicket(server.wiring.ctx, { companyId: admin.companyId, actor: systemActor, ticketId: bySystem, command: { type: 'AcceptTicket', userId: admin.userId } });
      await settle(server);
      expect(await queuedBodies(group)).toEqual([]);
      expect(await queuedBodies(bySystem)).toEqual([]);
    } finally {
      await setting('sendGreetingAccepted', 'disabled');
    }
  });

  it('does not greet accepts recorded before the reactor took the greetings over', async () => {
    const ticketId = await pendingTicket('Old Accept');
    await setting('sendGreetingAccepted', 'enabled');
    try {
      await call('PUT', `/tickets/${ticketId}`, { status: 'open', userId: admin.userId });
      await settle(server);
      const accepted = await ticketEvent(ticketId, 'TicketAccepted');
      expect(await queuedBodies(ticketId)).toHaveLength(1);
      // The same accept as if recorded on a database with history: the route had greeted it then.
      const reactor = createAttendantGreetingsReactor(server.wiring.ctx);
      const old = { ...accepted, id: '00000000-0000-4000-8000-000000000001', createdAt: new Date(ATTENDANT_GREETINGS_SINCE.getTime() - 1) };
      await reactor.react!([old]);
      await settle(server);
      expect(await queuedBodies(ticketId)).toHaveLength(1);
    } finally {
      await setting('sendGreetingAccepted', 'disabled');
    }
  });
});
