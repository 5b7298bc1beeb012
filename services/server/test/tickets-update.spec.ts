import { ticketStream } from '@conversa/contracts';
import { openTicket, systemActor } from '@conversa/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, signupCompany, startTestServer, type TestServer } from './harness';

// A ticket request is one decision appended at once (core's tickets/use-cases): never half applied.
let server: TestServer;
let admin: { token: string; userId: number; companyId: number };
let phone = 5511930000000;

beforeAll(async () => {
  server = await startTestServer();
  const signup = await signupCompany(server, 'Whole Changes Co', 23);
  const { token } = await server.login(signup.email, signup.password);
  admin = { token, userId: signup.userId, companyId: signup.companyId };
});
afterAll(() => server?.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(admin.token), ...(payload ? { payload } : {}) });

async function pendingTicket(name: string) {
  phone += 1;
  const contactId = (await call('POST', '/contacts', { name, number: String(phone) })).json().id as number;
  const opened = await openTicket(server.wiring.ctx, {
    companyId: admin.companyId,
    actor: systemActor,
    contactId,
    whatsappId: null,
    channel: 'whatsapp',
    isGroup: false,
    queueId: 5,
    reuseOpen: true,
  });
  await server.wiring.ctx.waitForProjections(opened.position);
  return opened.ticketId;
}

const eventsOf = (ticketId: number) => server.wiring.store.readStream(ticketStream(ticketId));

describe('ticket requests decided whole', () => {
  it('leaves nothing applied when the second part of a change is refused (the integration switch with a close the requiredTag rule refuses)', async () => {
    const ticketId = await pendingTicket('Half Applied');
    expect((await call('PUT', `/tickets/${ticketId}`, { status: 'open', userId: admin.userId })).json()).toMatchObject({ status: 'open' });
    const before = (await eventsOf(ticketId)).length;
    expect((await call('PUT', '/settings/requiredTag', { value: 'enabled' })).statusCode).toBe(200);
    try {
      const refused = await call('PUT', `/tickets/${ticketId}`, { status: 'closed', useIntegration: true });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error: 'ERR_TICKET_REQUIRES_TAG' });
      expect(await eventsOf(ticketId)).toHaveLength(before);
      expect((await call('GET', `/tickets/${ticketId}`)).json()).toMatchObject({ status: 'open', useIntegration: false });
    } finally {
      await call('PUT', '/settings/requiredTag', { value: 'disabled' });
    }
    // Allowed, both parts land in one append.
    expect((await call('PUT', `/tickets/${ticketId}`, { status: 'closed', useIntegration: true })).json()).toMatchObject({
      status: 'closed',
      useIntegration: true,
    });
    const added = (await eventsOf(ticketId)).slice(before);
    expect(added.map((event) => event.type)).toEqual(['TicketIntegrationToggled', 'TicketClosed']);
    expect(added[1]!.position.commit).toBe(added[0]!.position.commit);
  });

  it('opens a conversation with one append: the access and the messages read', async () => {
    const ticketId = await pendingTicket('Opened Once');
    await sql`update read.tickets set unread_messages = 2 where id = ${ticketId}`.execute(server.wiring.db);
    const { uuid } = (await call('GET', `/tickets/${ticketId}`)).json();
    expect((await call('GET', `/tickets/u/${uuid}`)).json()).toMatchObject({ id: ticketId, unreadMessages: 0 });
    const [accessed, read] = (await eventsOf(ticketId)).filter((event) => event.type === 'TicketAccessed' || event.type === 'TicketMessagesRead');
    expect([accessed?.type, read?.type]).toEqual(['TicketAccessed', 'TicketMessagesRead']);
    expect(read!.position.commit).toBe(accessed!.position.commit);
  });

  it('refuses a plain user opening a ticket outside any queue before the contact is held', async () => {
    phone += 1;
    const contactId = (await call('POST', '/contacts', { name: 'Not Held', number: String(phone) })).json().id as number;
    const plain = await createUser(server, admin.companyId, 'Plain Paulo', { queueIds: [5] });
    const refused = await server.app.inject({ method: 'POST', url: '/tickets', headers: bearer(plain.token), payload: { contactId, status: 'open' } });
    expect(refused.json()).toMatchObject({ error: 'ERR_TRANSFER_QUEUE_REQUIRED', message: 'Selecione uma fila' });
    // The contact's slot was never claimed: the admin opens a ticket for them at once.
    expect((await call('POST', '/tickets', { contactId, status: 'open' })).statusCode).toBe(201);
  });
});
