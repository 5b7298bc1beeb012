import type { defaultUserDetails } from '@conversa/contracts';
import { ticketStream } from '@conversa/contracts';
import { openTicket, systemActor } from '@conversa/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signupCompany, startTestServer, type TestServer, createUser, settle } from './harness';

let server: TestServer;
let admin: { token: string; userId: number; companyId: number };
let phone = 5511900000000;

beforeAll(async () => {
  server = await startTestServer();
  const signup = await signupCompany(server, 'Tickets Co', 21);
  const { token } = await server.login(signup.email, signup.password);
  admin = { token, userId: signup.userId, companyId: signup.companyId };
});
afterAll(() => server?.close());

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function newContact(name = 'Maria Souza'): Promise<number> {
  phone += 1;
  const response = await call(admin.token, 'POST', '/contacts', { name, number: String(phone) });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json().id;
}

const newUser = (name: string, details: Partial<typeof defaultUserDetails> = {}) => createUser(server, admin.companyId, name, details);

/** A waiting ticket as an inbound message would make it. */
async function pendingTicket(contactId: number, queueId: number | null = 5, whatsappId: number | null = null) {
  const opened = await openTicket(server.wiring.ctx, {
    companyId: admin.companyId,
    actor: systemActor,
    contactId,
    whatsappId,
    channel: 'whatsapp',
    isGroup: false,
    queueId,
    reuseOpen: true,
  });
  await server.wiring.ctx.waitForProjections(opened.position);
  return opened.ticketId;
}

/** A queue of the admin's company (tickets may only move into queues that exist). */
async function realQueue(name: string, color: string): Promise<number> {
  const created = await call(admin.token, 'POST', '/queue', { name, color, greetingMessage: `Bem-vindo à ${name}` });
  if (created.statusCode !== 201) throw new Error(`POST /queue: ${created.statusCode} ${created.body}`);
  return created.json().id as number;
}

async function setting(key: string, value: string) {
  const response = await call(admin.token, 'PUT', `/settings/${key}`, { value });
  expect(response.statusCode, response.body).toBe(200);
}

async function eventsOf(ticketId: number) {
  return server.wiring.store.readStream(ticketStream(ticketId));
}

describe('creating tickets', () => {
  it('opens a ticket for the attendant and names the holder when the contact already has one', async () => {
    const contactId = await newContact();
    const created = await call(admin.token, 'POST', '/tickets', { contactId, status: 'open', userId: admin.userId, queueId: null, whatsappId: null });
    expect(created.statusCode, created.body).toBe(201);
    const ticket = created.json();
    expect(ticket).toMatchObject({ status: 'open', userId: admin.userId, contactId, contact: { id: contactId, name: 'Maria Souza' } });
    expect(ticket.uuid).toMatch(/^[0-9a-f-]{36}$/);

    const again = await call(admin.token, 'POST', '/tickets', { contactId, status: 'open' });
    expect(again.statusCode).toBe(409);
    const body = again.json();
    expect(body.error).toBe('ERR_OTHER_OPEN_TICKET');
    expect(JSON.parse(body.message)).toEqual({ userId: admin.userId, userName: 'Tickets Co Admin', queueName: null, uuid: ticket.uuid });
    expect(body).toMatchObject({ userId: admin.userId, userName: 'Tickets Co Admin', uuid: ticket.uuid });
  });

  it('makes exactly one ticket when 200 attendants race to open one for the same contact', async () => {
    const contactId = await newContact('Race Contact');
    const answers = await Promise.all(Array.from({ length: 200 }, () => call(admin.token, 'POST', '/tickets', { contactId, status: 'open' })));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(199);
    const rows = await server.wiring.db.selectFrom('read.tickets').select('id').where('contact_id', '=', contactId).execute();
    expect(rows).toHaveLength(1);
    const streams = await sql<{
      n: string;
    }>`select count(*) as n from eventstore.streams where stream_id like 'ticket-%' and stream_id in (select stream_id from eventstore.events where type = 'TicketCreated' and (data->>'contactId')::int = ${contactId})`.execute(
      server.wiring.db,
    );
    expect(Number(streams.rows[0]!.n)).toBe(1);
  });

  it('refuses a missing contact, another company’s contact and a plain user without a queue', async () => {
    expect((await call(admin.token, 'POST', '/tickets', { contactId: 999_999, status: 'open' })).json().error).toBe('ERR_NO_CONTACT_FOUND');
    const other = await signupCompany(server, 'Other Tickets Co', 22);
    const otherToken = (await server.login(other.email, other.password)).token;
    const contactId = await newContact('Foreign');
    expect((await call(otherToken, 'POST', '/tickets', { contactId, status: 'open' })).json().error).toBe('ERR_NO_CONTACT_FOUND');
    const plain = await newUser('Plain Paula', { queueIds: [5] });
    const refused = await call(plain.token, 'POST', '/tickets', { contactId, status: 'open' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'ERR_TRANSFER_QUEUE_REQUIRED', message: 'Selecione uma fila' });
    expect((await call(admin.token, 'POST', '/tickets', { contactId: 'x' })).json().error).toBe('ERR_VALIDATION');
  });
});

describe('ticket transitions', () => {
  it('accepts, transfers, returns, closes and reopens, logging each step', async () => {
    const contactId = await newContact('Lifecycle');
    const ticketId = await pendingTicket(contactId, 5);
    const bruno = await newUser('Bruno', { queueIds: [5] });
    const six = await realQueue('Fila seis', '#060606');
    const seven = await realQueue('Fila sete', '#070707');

    const accepted = await call(admin.token, 'PUT', `/tickets/${ticketId}`, { status: 'open', userId: admin.userId });
    expect(accepted.json()).toMatchObject({ status: 'open', userId: admin.userId, queueId: 5 });

    const transferred = await call(admin.token, 'PUT', `/tickets/${ticketId}`, { status: 'open', userId: bruno.userId, queueId: six });
    expect(transferred.json()).toMatchObject({ status: 'open', userId: bruno.userId, queueId: six, user: { id: bruno.userId, name: 'Bruno' } });

    const toQueue = await call(admin.token, 'PUT', `/tickets/${ticketId}`, { status: 'pending', userId: null, queueId: seven });
    expect(toQueue.json()).toMatchObject({ status: 'pending', userId: null, queueId: seven });

    await call(admin.token, 'PUT', `/tickets/${ticketId}`, { status: 'open', userId: admin.userId });
    const returned = await call(admin.token, 'PUT', `/tickets/${ticketId}`, { status: 'pending', userId: null });
    expect(returned.json()).toMatchObject({ status: 'pending', userId: null, queueId: seven });

    await call(admin.token, 'PUT', `/tickets/${ticketId}`, { status: 'open', userId: admin.userId });
    const closed = await call(admin.token, 'PUT', `/tickets/${ticketId}`, { status: 'closed', userId: admin.userId, sendFarewellMessage: false });
    expect(closed.json()).toMatchObject({ status: 'closed' });

    const reopened = await call(admin.token, 'PUT', `/tickets/${ticketId}`, { status: 'open', userId: admin.userId });
    expect(reopened.json()).toMatchObject({ status: 'open', userId: admin.userId });

    const types = (await eventsOf(ticketId)).map((event) => event.type);
    expect(types).toEqual([
      'TicketCreated',
      'TicketAccepted',
      'TicketTransferred',
      'TicketTransferred',
      'TicketAccepted',
      'TicketReturnedToQueue',
      'TicketAccepted',
      'TicketClosed',
      'TicketReopened',
    ]);

    const log = (await call(admin.token, 'GET', `/tickets-log/${ticketId}`)).json();
    expect(log.map((entry: { type: string }) => entry.type)).toEqual([
      'create',
      'open',
      'transfered',
      'receivedTransfer',
      'transfered',
      'open',
      'pending',
      'open',
      'closed',
      'open',
    ]);
    expect(log[3]).toMatchObject({ type: 'receivedTransfer', user: { id: bruno.userId, name: 'Bruno' } });
  });

  it("refuses to put a ticket in another company's queue or on another company's connection", async () => {
    const elsewhere = await signupCompany(server, 'Filas Alheias', 47);
    const theirToken = (await server.login(elsewhere.email, elsewhere.password)).token;
    const theirQueue = (await call(theirToken, 'POST', '/queue', { name: 'Fila alheia', color: '#474747' })).json().id as number;
    const theirConnection = (await call(theirToken, 'POST', '/whatsapp', { name: 'Sandbox alheio', channel: 'sandbox' })).json().id as number;
    const contactId = await newContact('Alheio');
    const intoTheirQueue = await call(admin.token, 'POST', '/tickets', { contactId, status: 'open', userId: admin.userId, queueId: theirQueue });
    expect(intoTheirQueue.statusCode).toBe(404);
    expect(intoTheirQueue.json().error).toBe('ERR_NO_QUEUE_FOUND');
    const onTheirConnection = await call(admin.token, 'POST', '/tickets', { contactId, status: 'open', userId: admin.userId, whatsappId: theirConnection });
    expect(onTheirConnection.json().error).toBe('ERR_NO_WAPP_FOUND');
    const ticketId = await pendingTicket(contactId, 5);
    const transfer = await call(admin.token, 'PUT', `/tickets/${ticketId}`, { status: 'pending', userId: null, queueId: theirQueue });
    expect(transfer.json().error).toBe('ERR_NO_QUEUE_FOUND');
    expect((await eventsOf(ticketId)).map((event) => event.type)).toEqual(['TicketCreated']);
  });

  it('opens a ticket on "Conexão padrão" on the company’s default connection, with its channel, and shows both in the report', async () => {
    const company = await signupCompany(server, 'Conexão Padrão Co', 48);
    const token = (await server.login(company.email, company.password)).token;
    const sandbox = (await call(token, 'POST', '/whatsapp', { name: 'Sandbox da loja', channel: 'sandbox' })).json() as { id: number };
    phone += 1;
    const contactId = (await call(token, 'POST', '/contacts', { name: 'Padrão', number: String(phone) })).json().id as number;
    const created = await call(token, 'POST', '/tickets', { contactId, status: 'open', userId: company.userId, queueId: null, whatsappId: null });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ whatsappId: sandbox.id, channel: 'sandbox', whatsapp: { name: 'Sandbox da loja' } });
    await settle(server);
    const report = (await call(token, 'GET', '/ticket/reports?page=1&pageSize=10')).json();
    expect(report.tickets).toEqual([expect.objectContaining({ id: created.json().id, whatsappName: 'Sandbox da loja', channel: 'sandbox' })]);
  });

  it('answers a second accept with the ticket as the first attendant left it (the already-taken answer)', async () => {
    const ticketId = await pendingTicket(await newContact('Taken'), 5);
    const carla = await newUser('Carla', { queueIds: [5] });
    await call(carla.token, 'PUT', `/tickets/${ticketId}`, { status: 'open', userId: carla.userId });
    const late = await call(admin.token, 'PUT', `/tickets/${ticketId}`, { status: 'open', userId: admin.userId, queueId: 5 });
    expect(late.statusCode).toBe(200);
    expect(late.json()).toMatchObject({ status: 'open', userId: carla.userId, user: { name: 'Carla' } });
  });

  it('ignores a waiting ticket without farewell, and frees the contact for a new ticket', async () => {
    const contactId = await newContact('Ignored');
    const ticketId = await pendingTicket(contactId, 5);
    const ignored = await call(admin.token, 'PUT', `/tickets/${ticketId}`, { status: 'closed', sendFarewellMessage: false, amountUsedBotQueues: 0 });
    expect(ignored.json()).toMatchObject({ status: 'closed', amountUsedBotQueues: 0 });
    const closedEvent = (await eventsOf(ticketId)).find((event) => event.type === 'TicketClosed');
    expect(closedEvent?.data).toMatchObject({ reason: 'ignored', farewell: false });
    expect((await call(admin.token, 'POST', '/tickets', { contactId, status: 'open' })).statusCode).toBe(201);
    // The old ticket cannot come back while the new one is open.
    const reopen = await call(admin.token, 'PUT', `/tickets/${ticketId}`, { status: 'open', userId: admin.userId });
    expect(reopen.json().error).toBe('ERR_OTHER_OPEN_TICKET');
  });

  it('requires a tag on the contact before closing when requiredTag is enabled', async () => {
    const contactId = await newContact('Needs Tag');
    const ticket = (await call(admin.token, 'POST', '/tickets', { contactId, status: 'open' })).json();
    await setting('requiredTag', 'enabled');
    try {
      const refused = await call(admin.token, 'PUT', `/tickets/${ticket.id}`, { status: 'closed' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error: 'ERR_TICKET_REQUIRES_TAG', message: 'Você deve atribuir uma tag antes de fechar o ticket.' });
      const tag = (await call(admin.token, 'POST', '/tags', { name: 'VIP', color: '#ff0000', kanban: 0 })).json();
      expect((await call(admin.token, 'POST', '/tags/sync', { contactId, ticketId: ticket.id, tags: [{ id: tag.id }] })).statusCode).toBeLessThan(300);
      expect((await call(admin.token, 'PUT', `/tickets/${ticket.id}`, { status: 'closed' })).json()).toMatchObject({ status: 'closed' });
    } finally {
      await setting('requiredTag', 'disabled');
    }
  });

  it('posts the greeting on accept (sendGreetingAccepted) and the farewell on close', async () => {
    const contactId = await newContact('Greeted Person');
    const ticketId = await pendingTicket(contactId, 5);
    await setting('sendGreetingAccepted', 'enabled');
    const farewell = await call(admin.token, 'PUT', `/users/${admin.userId}`, { farewellMessage: 'Obrigado pelo contato!' });
    expect(farewell.statusCode, farewell.body).toBe(200);
    try {
      await call(admin.token, 'PUT', `/tickets/${ticketId}`, { status: 'open', userId: admin.userId });
      await call(admin.token, 'PUT', `/tickets/${ticketId}`, { status: 'closed', sendFarewellMessage: true });
      // Posted by a reactor from the accept and close events: wait for it.
      await settle(server);
      const queued = (await server.wiring.store.readAll({ filter: { eventTypes: ['MessageQueued'] }, maxCount: 10_000 })).filter(
        (event) => (event.data as { ticketId: number }).ticketId === ticketId,
      );
      expect(queued.map((event) => (event.data as { body: string }).body)).toEqual([
        'Olá *Greeted Person*, meu nome é *Tickets Co Admin* e agora vou prosseguir com seu atendimento!',
        'Obrigado pelo contato!',
      ]);
    } finally {
      await setting('sendGreetingAccepted', 'disabled');
      await call(admin.token, 'PUT', `/users/${admin.userId}`, { farewellMessage: '' });
    }
  });

  it('refuses a transfer without a queue and transitions of a closed ticket', async () => {
    const ticketId = await pendingTicket(await newContact('No Queue'), null);
    const refused = await call(admin.token, 'PUT', `/tickets/${ticketId}`, { status: 'open', userId: 999, queueId: null });
    expect(refused.json().error).toBe('ERR_NO_USER_FOUND');
    const bruna = await newUser('Bruna');
    expect((await call(admin.token, 'PUT', `/tickets/${ticketId}`, { status: 'open', userId: bruna.userId, queueId: null })).json().error).toBe(
      'ERR_TRANSFER_QUEUE_REQUIRED',
    );
    expect((await call(admin.token, 'PUT', `/tickets/${ticketId}`, { bogus: 1 })).json().error).toBe('ERR_VALIDATION');
  });

  it('deletes only with ticket-options:deleteTicket, and closes all of a status', async () => {
    const plain = await newUser('Plain Pedro', { queueIds: [5] });
    const ticketId = await pendingTicket(await newContact('Deleted'), 5);
    expect((await call(plain.token, 'DELETE', `/tickets/${ticketId}`)).statusCode).toBe(403);
    expect((await call(admin.token, 'DELETE', `/tickets/${ticketId}`)).statusCode).toBe(200);
    expect((await call(admin.token, 'GET', `/tickets/${ticketId}`)).statusCode).toBe(404);

    const waiting = await Promise.all([1, 2, 3].map(async (n) => pendingTicket(await newContact(`Close All ${n}`), 9)));
    expect((await call(plain.token, 'POST', '/tickets/closeAll', { status: 'pending', queueIds: [9] })).statusCode).toBe(403);
    const all = await call(admin.token, 'POST', '/tickets/closeAll', { status: 'pending', queueIds: [9] });
    expect(all.json()).toEqual({ closed: 3 });
    for (const id of waiting) expect((await call(admin.token, 'GET', `/tickets/${id}`)).json().status).toBe('closed');
  });

  it('records an access and reads the waiting messages when a user opens the ticket', async () => {
    const contactId = await newContact('Opened');
    const ticketId = await pendingTicket(contactId, 5);
    await sql`update read.tickets set unread_messages = 3 where id = ${ticketId}`.execute(server.wiring.db);
    const ticket = (await call(admin.token, 'GET', `/tickets/${ticketId}`)).json();
    const opened = await call(admin.token, 'GET', `/tickets/u/${ticket.uuid}`);
    expect(opened.json()).toMatchObject({ id: ticketId, unreadMessages: 0, contact: { name: 'Opened' } });
    await call(admin.token, 'GET', `/tickets/u/${ticket.uuid}`);
    const types = (await eventsOf(ticketId)).map((event) => event.type);
    expect(types.filter((type) => type === 'TicketAccessed')).toHaveLength(1);
    expect(types).toContain('TicketMessagesRead');
    expect((await call(admin.token, 'GET', '/tickets/u/not-a-uuid')).statusCode).toBe(404);
  });
});

describe('ticket history', () => {
  it('lists every event with its actor and verifies the hash chain, and notices tampering', async () => {
    const ticket = (await call(admin.token, 'POST', '/tickets', { contactId: await newContact('History'), status: 'open' })).json();
    await call(admin.token, 'PUT', `/tickets/${ticket.id}`, { status: 'closed', sendFarewellMessage: false });
    const history = (await call(admin.token, 'GET', `/tickets/${ticket.id}/history`)).json();
    expect(history.verified).toBe(true);
    expect(history.events.map((event: { type: string }) => event.type)).toEqual(['TicketCreated', 'TicketClosed']);
    expect(history.events[1]).toMatchObject({ actor: { kind: 'user', name: 'Tickets Co Admin' }, changes: { reason: 'resolved', farewell: false } });

    await sql`update eventstore.events set data = jsonb_set(data, '{farewell}', 'true') where stream_id = ${ticketStream(ticket.id)} and type = 'TicketClosed'`.execute(
      server.wiring.db,
    );
    const tampered = (await call(admin.token, 'GET', `/tickets/${ticket.id}/history`)).json();
    expect(tampered.verified).toBe(false);
    expect(tampered.break).toMatchObject({ kind: 'hash-mismatch', revision: 1 });
  });

  it('names the users, queues and connections its events refer to, so the screen writes sentences', async () => {
    const queueId = await realQueue('Histórico Vendas', '#5a5a01');
    const whatsappId = (await call(admin.token, 'POST', '/whatsapp', { name: 'Linha do histórico', channel: 'sandbox' })).json().id as number;
    const ticket = (
      await call(admin.token, 'POST', '/tickets', {
        contactId: await newContact('History names'),
        status: 'open',
        userId: admin.userId,
        queueId: null,
        whatsappId,
      })
    ).json();
    await call(admin.token, 'PUT', `/tickets/${ticket.id}`, { queueId, userId: admin.userId, status: 'open' });
    const history = (await call(admin.token, 'GET', `/tickets/${ticket.id}/history`)).json();
    expect(history.events.map((event: { type: string }) => event.type)).toContain('TicketTransferred');
    expect(history.names).toEqual({
      users: { [admin.userId]: 'Tickets Co Admin' },
      queues: { [queueId]: 'Histórico Vendas' },
      connections: { [whatsappId]: 'Linha do histórico' },
      prompts: {},
    });
  });
});

describe('ticket list', () => {
  it('shows a plain user their own tickets and the waiting ones of their queues, with matching counts', async () => {
    const dora = await newUser('Dora', { queueIds: [41] });
    const inMyQueue = await pendingTicket(await newContact('Q41 waiting'), 41);
    const otherQueue = await pendingTicket(await newContact('Q42 waiting'), 42);
    const queueless = await pendingTicket(await newContact('No queue waiting'), null);
    const mine = await pendingTicket(await newContact('Dora holds'), 42);
    await call(admin.token, 'PUT', `/tickets/${mine}`, { status: 'open', userId: dora.userId, queueId: 42 });

    const pending = (await call(dora.token, 'GET', '/tickets?status=pending&showAll=true')).json();
    const pendingIds = pending.tickets.map((t: { id: number }) => t.id);
    expect(pendingIds).toContain(inMyQueue);
    expect(pendingIds).not.toContain(otherQueue);
    expect(pendingIds).not.toContain(queueless);
    expect(pending.count).toBe(pending.tickets.length);

    const open = (await call(dora.token, 'GET', '/tickets?status=open')).json();
    expect(open.tickets.map((t: { id: number }) => t.id)).toEqual([mine]);
    expect(open.count).toBe(1);
    expect((await call(dora.token, 'GET', `/tickets/${otherQueue}`)).statusCode).toBe(404);

    const eli = await newUser('Eli', { queueIds: [41], allTicket: 'enable' });
    const eliPending = (await call(eli.token, 'GET', '/tickets?status=pending')).json().tickets.map((t: { id: number }) => t.id);
    expect(eliPending).toContain(queueless);

    const adminPending = (await call(admin.token, 'GET', '/tickets?status=pending&showAll=true')).json();
    expect(adminPending.tickets.map((t: { id: number }) => t.id)).toEqual(expect.arrayContaining([inMyQueue, otherQueue, queueless]));
    const counted = await sql<{
      n: string;
    }>`select count(*) as n from read.tickets where company_id = ${admin.companyId} and status = 'pending' and not deleted`.execute(server.wiring.db);
    expect(adminPending.count).toBe(Number(counted.rows[0]!.n));
  });

  it('pages 40 at a time, newest activity first, with hasMore', async () => {
    const queueId = 77;
    const ids: number[] = [];
    for (let n = 0; n < 45; n++) ids.push(await pendingTicket(await newContact(`Paged ${n}`), queueId));
    const first = (await call(admin.token, 'GET', `/tickets?status=pending&showAll=true&queueIds=[${queueId}]&pageNumber=1`)).json();
    const second = (await call(admin.token, 'GET', `/tickets?status=pending&showAll=true&queueIds=${queueId}&pageNumber=2`)).json();
    expect(first.tickets).toHaveLength(40);
    expect(first).toMatchObject({ count: 45, hasMore: true });
    expect(second.tickets).toHaveLength(5);
    expect(second).toMatchObject({ count: 45, hasMore: false });
    expect([...first.tickets, ...second.tickets].map((t: { id: number }) => t.id)).toEqual([...ids].reverse());

    // The cursor walk gives the same pages; a row that moves to the top meanwhile is neither repeated nor skipped.
    expect(first.nextCursor).toMatch(/^\d+\.\d+$/);
    expect(second.nextCursor).toBeUndefined();
    const moved: number = second.tickets[0].id;
    await call(admin.token, 'PUT', `/tickets/${moved}`, { status: 'open', userId: admin.userId });
    await call(admin.token, 'PUT', `/tickets/${moved}`, { status: 'pending', queueId });
    const top = (await call(admin.token, 'GET', `/tickets?status=pending&showAll=true&queueIds=${queueId}`)).json();
    expect(top.tickets[0].id).toBe(moved);
    const next = (await call(admin.token, 'GET', `/tickets?status=pending&showAll=true&queueIds=${queueId}&pageNumber=2&cursor=${first.nextCursor}`)).json();
    // An offset would now repeat page one's last row; the cursor continues after it.
    expect(next.tickets.map((t: { id: number }) => t.id)).toEqual(second.tickets.slice(1).map((t: { id: number }) => t.id));
    // Pages by cursor leave the count out: the first page gave it (counting again is what a deep page must not pay).
    expect(next.count).toBeUndefined();
    for (const cursor of ['1.2.3', 'abc', '1.99999999999', `${'9'.repeat(18)}.1`]) {
      const refused = await call(admin.token, 'GET', `/tickets?status=pending&cursor=${cursor}`);
      expect(refused.statusCode, cursor).toBe(400);
    }
  });

  it('pages across several queues in one list order, and filters by several statuses at once', async () => {
    const ids: number[] = [];
    // Alternating queues, so each page interleaves both queues' tickets.
    for (let n = 0; n < 45; n++) ids.push(await pendingTicket(await newContact(`Two queues ${n}`), n % 2 === 0 ? 78 : 79));
    const path = (page: number) => `/tickets?status=pending&showAll=true&queueIds=[78,79]&pageNumber=${page}`;
    const first = (await call(admin.token, 'GET', path(1))).json();
    const second = (await call(admin.token, 'GET', path(2))).json();
    expect(first).toMatchObject({ count: 45, hasMore: true });
    expect(second).toMatchObject({ count: 45, hasMore: false });
    expect([...first.tickets, ...second.tickets].map((t: { id: number }) => t.id)).toEqual([...ids].reverse());
    const byCursor = (await call(admin.token, 'GET', `${path(2)}&cursor=${first.nextCursor}`)).json();
    expect(byCursor.tickets.map((t: { id: number }) => t.id)).toEqual(second.tickets.map((t: { id: number }) => t.id));

    const accepted = ids[0]!;
    await call(admin.token, 'PUT', `/tickets/${accepted}`, { status: 'open', userId: admin.userId });
    const both = (await call(admin.token, 'GET', `/tickets?showAll=true&queueIds=[78,79]&statusFilter=["open","pending"]&pageNumber=2`)).json();
    expect(both.count).toBe(45);
    const openOnly = (await call(admin.token, 'GET', `/tickets?showAll=true&queueIds=[78,79]&statusFilter=["open"]`)).json();
    expect(openOnly.tickets.map((t: { id: number }) => t.id)).toEqual([accepted]);
  });

  it('filters by search over name and number, tags, connection, unread and day', async () => {
    const contactId = await newContact('Zuleica Findme');
    const ticketId = await pendingTicket(contactId, 5, 3);
    const byName = (await call(admin.token, 'GET', '/tickets?searchParam=zuleica&showAll=true')).json();
    expect(byName.tickets.map((t: { id: number }) => t.id)).toEqual([ticketId]);
    expect(byName.count).toBe(1);
    const number = (await call(admin.token, 'GET', `/contacts/${contactId}`)).json().number as string;
    expect((await call(admin.token, 'GET', `/tickets?searchParam=${number.slice(-6)}&showAll=true`)).json().tickets.map((t: { id: number }) => t.id)).toEqual([
      ticketId,
    ]);
    expect((await call(admin.token, 'GET', '/tickets?whatsappIds=[3]&showAll=true')).json().tickets.map((t: { id: number }) => t.id)).toEqual([ticketId]);

    const tag = (await call(admin.token, 'POST', '/tags', { name: 'Findme tag', color: '#00ff00', kanban: 0 })).json();
    await call(admin.token, 'POST', '/tags/sync', { contactId, tags: [{ id: tag.id }] });
    const tagged = (await call(admin.token, 'GET', `/tickets?tags=[${tag.id}]&showAll=true`)).json();
    expect(tagged.tickets.map((t: { id: number }) => t.id)).toEqual([ticketId]);
    expect(tagged.tickets[0].tags).toEqual([{ id: tag.id, name: 'Findme tag', color: '#00ff00' }]);

    await sql`update read.tickets set unread_messages = 2 where id = ${ticketId}`.execute(server.wiring.db);
    expect(
      (await call(admin.token, 'GET', '/tickets?withUnreadMessages=true&showAll=true&whatsappIds=[3]')).json().tickets.map((t: { id: number }) => t.id),
    ).toEqual([ticketId]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await call(admin.token, 'GET', `/tickets?date=${today}&whatsappIds=[3]&showAll=true`)).json().count).toBe(1);
    expect((await call(admin.token, 'GET', '/tickets?date=2001-01-01&showAll=true')).json().count).toBe(0);
    expect((await call(admin.token, 'GET', '/tickets?date=yesterday')).json().error).toBe('ERR_VALIDATION');
  });

  it('never shows another company’s tickets', async () => {
    const ticketId = await pendingTicket(await newContact('Private to A'), 5);
    const other = await signupCompany(server, 'Snooper Co', 23);
    const token = (await server.login(other.email, other.password)).token;
    const list = await call(token, 'GET', '/tickets?showAll=true&status=pending');
    expect(list.json()).toMatchObject({ tickets: [], count: 0, hasMore: false });
    for (const url of [`/tickets/${ticketId}`, `/tickets-log/${ticketId}`, `/tickets/${ticketId}/history`])
      expect((await call(token, 'GET', url)).statusCode).toBe(404);
    expect((await call(token, 'PUT', `/tickets/${ticketId}`, { status: 'open' })).statusCode).toBe(404);
  });
});
