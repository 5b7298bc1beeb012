import { createSessionHooks, inboundContext, RecordingChannelGateway } from '@conversa/channels';
import { messageStream } from '@conversa/contracts';
import { receiveMessage } from '@conversa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, settle, signupCompany, startTestServer, type TestServer } from './harness';

/**
 * GET /messages/{ticketId}?selectedQueues: every message records the queue its ticket
 * was in when it was written, and a viewer who selects queues sees their messages and the queueless
 * ones, so one department does not read another's part of a transferred conversation.
 */
let server: TestServer;
let admin: { token: string; userId: number; companyId: number };
let other: { token: string; userId: number; companyId: number };
let sales: number;
let support: number;
let ana: { token: string; userId: number };
let bia: { token: string; userId: number };
let phone = 5511960000000;

beforeAll(async () => {
  server = await startTestServer({ channels: new RecordingChannelGateway() });
  const a = await signupCompany(server, 'Filas Mensagens Co', 51);
  admin = { token: (await server.login(a.email, a.password)).token, userId: a.userId, companyId: a.companyId };
  const b = await signupCompany(server, 'Outra Filas Co', 52);
  other = { token: (await server.login(b.email, b.password)).token, userId: b.userId, companyId: b.companyId };
  sales = (await call(admin.token, 'POST', '/queue', { name: 'Vendas', color: '#aa0011', greetingMessage: 'Vendas' })).id;
  support = (await call(admin.token, 'POST', '/queue', { name: 'Suporte', color: '#00aa11', greetingMessage: 'Suporte' })).id;
  ana = await createUser(server, admin.companyId, 'Ana Vendas', { queueIds: [sales] });
  bia = await createUser(server, admin.companyId, 'Bia Suporte', { queueIds: [support] });
});
afterAll(() => server?.close());

async function call(token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const response = await server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json();
}

const list = (token: string, url: string) => server.app.inject({ method: 'GET', url, headers: bearer(token) });

/** The contact `number` writes `body`; waits for the read models. */
async function contactWrites(number: string, body: string) {
  const received = await receiveMessage(inboundContext(server.wiring.ctx), {
    companyId: admin.companyId,
    whatsappId: null,
    channel: 'whatsapp',
    contact: { number, name: 'Carla Cliente', isGroup: false },
    providerId: `fila-${number}-${body}`,
    body,
    mediaType: 'chat',
    receivedAt: server.wiring.ctx.now(),
  });
  await server.wiring.ctx.waitForProjections(received.position);
  return received;
}

/** The stored event's queue: what the read model was written from. */
async function recordedQueue(messageId: string) {
  const [first] = await server.wiring.store.readStream(messageStream(messageId));
  return (first!.data as { queueId?: number | null }).queueId;
}

const bodies = (answer: { messages: Array<{ body: string }> }) => answer.messages.map((message) => message.body);

describe('GET /messages/:ticketId with selectedQueues', () => {
  it('a ticket transferred from Vendas to Suporte: Suporte sees its part and the queueless start, Vendas its own; without a selection, everything', async () => {
    const number = String((phone += 1));
    const first = await contactWrites(number, 'Oi, quero comprar');
    const ticketId = first.ticketId;
    // The admin hands it to Ana in Vendas.
    await call(admin.token, 'PUT', `/tickets/${ticketId}`, { status: 'open', userId: ana.userId, queueId: sales });
    const offer = (await call(ana.token, 'POST', `/messages/${ticketId}`, { body: 'Temos o plano anual' })).messages[0];
    const question = await contactWrites(number, 'E se der defeito?');
    // Ana passes it to Suporte; Bia takes it there.
    await call(ana.token, 'PUT', `/tickets/${ticketId}`, { status: 'pending', queueId: support });
    const problem = await contactWrites(number, 'A tela não liga');
    await call(bia.token, 'PUT', `/tickets/${ticketId}`, { status: 'open', userId: bia.userId });
    const answer = (await call(bia.token, 'POST', `/messages/${ticketId}`, { body: 'Vou abrir uma garantia' })).messages[0];
    const note = (await call(bia.token, 'POST', `/messages/${ticketId}`, { body: 'Cliente já teve troca', isPrivate: true })).messages[0];

    // Each message records its ticket's queue at the time it was written, in the event and in the list.
    expect(await recordedQueue(first.messageId)).toBeNull();
    expect(await recordedQueue(offer.id)).toBe(sales);
    expect(await recordedQueue(question.messageId)).toBe(sales);
    expect(await recordedQueue(problem.messageId)).toBe(support);
    expect(await recordedQueue(answer.id)).toBe(support);
    expect(note.queueId).toBe(support);

    const forSupport = await call(bia.token, 'GET', `/messages/${ticketId}?selectedQueues=${encodeURIComponent(JSON.stringify([support]))}`);
    expect(bodies(forSupport)).toEqual(['Oi, quero comprar', 'A tela não liga', 'Vou abrir uma garantia', 'Cliente já teve troca']);
    expect(forSupport.messages.map((message: { queueId: number | null }) => message.queueId)).toEqual([null, support, support, support]);
    expect(forSupport).toMatchObject({ count: 4, hasMore: false });

    // Admins too, when they send a selection (as the browser does with the queues chosen in the list).
    const salesOnly = await call(admin.token, 'GET', `/messages/${ticketId}?selectedQueues=${sales}`);
    expect(bodies(salesOnly)).toEqual(['Oi, quero comprar', 'Temos o plano anual', 'E se der defeito?']);
    expect(salesOnly).toMatchObject({ count: 3, hasMore: false });

    const all = ['Oi, quero comprar', 'Temos o plano anual', 'E se der defeito?', 'A tela não liga', 'Vou abrir uma garantia', 'Cliente já teve troca'];
    expect(bodies(await call(bia.token, 'GET', `/messages/${ticketId}?selectedQueues=${sales},${support}`))).toEqual(all);
    // No selection, or an empty one (a user without queues), filters nothing.
    for (const query of ['', '?selectedQueues=', `?selectedQueues=${encodeURIComponent('[]')}`, '?pageNumber=1']) {
      const page = await call(bia.token, 'GET', `/messages/${ticketId}${query}`);
      expect(bodies(page), query).toEqual(all);
      expect(page.count).toBe(6);
    }

    // Another company: the ticket does not exist for it, whatever it selects.
    const foreign = await list(other.token, `/messages/${ticketId}?selectedQueues=${encodeURIComponent(JSON.stringify([support]))}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe('ERR_NO_TICKET_FOUND');
    expect(foreign.body).not.toContain('garantia');
    // Selecting the other company's queue ids reads nothing of theirs either.
    const otherTicket = await receiveMessage(inboundContext(server.wiring.ctx), {
      companyId: other.companyId,
      whatsappId: null,
      channel: 'whatsapp',
      contact: { number: String((phone += 1)), name: 'Outro', isGroup: false },
      providerId: `outra-${phone}`,
      body: 'Mensagem da outra empresa',
      mediaType: 'chat',
      receivedAt: server.wiring.ctx.now(),
    });
    await server.wiring.ctx.waitForProjections(otherTicket.position);
    expect((await list(admin.token, `/messages/${otherTicket.ticketId}?selectedQueues=${support}`)).statusCode).toBe(404);
  });

  it('count and hasMore follow the filter across pages', async () => {
    const number = String((phone += 1));
    const { ticketId } = await contactWrites(number, 'início');
    await call(admin.token, 'PUT', `/tickets/${ticketId}`, { queueId: sales });
    for (let n = 0; n < 3; n++) await contactWrites(number, `vendas ${n}`);
    await call(admin.token, 'PUT', `/tickets/${ticketId}`, { queueId: support });
    for (let n = 0; n < 21; n++) await contactWrites(number, `suporte ${n}`);

    const selected = encodeURIComponent(JSON.stringify([support]));
    const first = await call(admin.token, 'GET', `/messages/${ticketId}?selectedQueues=${selected}`);
    expect(first).toMatchObject({ count: 22, hasMore: true });
    expect(first.messages).toHaveLength(20);
    expect(bodies(first)[0]).toBe('suporte 1');
    const second = await call(admin.token, 'GET', `/messages/${ticketId}?pageNumber=2&selectedQueues=${selected}`);
    expect(second).toMatchObject({ count: 22, hasMore: false });
    expect(bodies(second)).toEqual(['início', 'suporte 0']);

    expect(await call(admin.token, 'GET', `/messages/${ticketId}?selectedQueues=${sales}`)).toMatchObject({ count: 4, hasMore: false });
    expect(await call(admin.token, 'GET', `/messages/${ticketId}`)).toMatchObject({ count: 25, hasMore: true });
  });

  it('the greeting on accept belongs to the queue the accept placed the ticket in', async () => {
    const number = String((phone += 1));
    const { ticketId } = await contactWrites(number, 'Alguém aí?');
    await call(admin.token, 'PUT', '/settings/sendGreetingAccepted', { value: 'enabled' });
    try {
      await call(admin.token, 'PUT', `/tickets/${ticketId}`, { status: 'open', userId: admin.userId, queueId: sales });
    } finally {
      await call(admin.token, 'PUT', '/settings/sendGreetingAccepted', { value: 'disabled' });
    }
    // Posted by a reactor from the accept event (with the setting as it stood then): wait for it.
    await settle(server);
    const page = await call(admin.token, 'GET', `/messages/${ticketId}?selectedQueues=${sales}`);
    const greeting = page.messages.find((message: { fromMe: boolean }) => message.fromMe);
    expect(greeting).toMatchObject({ queueId: sales });
    expect(greeting.body).toContain('agora vou prosseguir com seu atendimento');
    expect(bodies(await call(admin.token, 'GET', `/messages/${ticketId}?selectedQueues=${support}`))).toEqual(['Alguém aí?']);
  });

  it('a message the connection’s own phone sent records the ticket’s queue as well', async () => {
    const line = await call(admin.token, 'POST', '/whatsapp', { name: 'Sandbox Filas', channel: 'sandbox', greetingMessage: '' });
    const hooks = createSessionHooks(server.wiring.ctx, { id: line.id, companyId: admin.companyId, channel: 'sandbox' });
    const contact = { number: String((phone += 1)), name: 'Davi', isGroup: false };
    const first = await hooks.receiveMessage({ contact, providerId: 'celular-1', body: 'Bom dia', mediaType: 'chat', receivedAt: new Date() });
    await server.wiring.ctx.waitForProjections(first.position);
    await call(admin.token, 'PUT', `/tickets/${first.ticketId}`, { status: 'open', userId: admin.userId, queueId: support });
    const fromPhone = await hooks.recordSentElsewhere({
      contact,
      providerId: 'celular-2',
      body: 'Respondi pelo celular',
      mediaType: 'chat',
      receivedAt: new Date(),
    });
    expect(fromPhone).toMatchObject({ ticketId: first.ticketId, duplicate: false });
    expect(await recordedQueue(fromPhone.messageId)).toBe(support);
  });

  it('refuses a selection that is not a list of ids with 400, never 500', async () => {
    const { ticketId } = await contactWrites(String((phone += 1)), 'teste');
    for (const query of [
      'selectedQueues=%5B1',
      'selectedQueues=abc',
      'selectedQueues=%5B1&selectedQueues=%5B2',
      'selectedQueues=%5B-1%5D',
      'selectedQueues=%7B%7D',
    ]) {
      const response = await list(admin.token, `/messages/${ticketId}?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error).toBe('ERR_VALIDATION');
    }
  });
});
