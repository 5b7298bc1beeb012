import { RecordingChannelGateway } from '@conversa/channels';
import { BOT_MARK, BOT_TEXTS } from '@conversa/core';
import { createRoutingEffectsReactor, createRoutingReactor, readModelDirectory, ROUTING_EFFECTS, routingRuntime } from '@conversa/routing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createUser, signupCompany, startTestServer, type TestServer, settle as settleAll } from './harness';

/**
 * The routing bot end to end on the real product: a sandbox contact writes, the bot greets and
 * routes, attendants work the ticket, the contact rates; and the routing timers on a moved clock.
 */
let server: TestServer;
let gateway: RecordingChannelGateway;
/** The company of the running test (each gets its own: a company holds at most 3 sandbox connections). */
let admin: { token: string; companyId: number };
let colour = 0x200000;
let companies = 0;

beforeAll(async () => {
  gateway = new RecordingChannelGateway();
  server = await startTestServer({ channels: gateway });
});
beforeEach(async () => {
  companies++;
  const company = await signupCompany(server, `Routing ${companies}`, 910 + companies);
  admin = { token: (await server.login(company.email, company.password)).token, companyId: company.companyId };
});
afterAll(() => server?.close());

const realNow = () => new Date();
afterEach(() => {
  server.wiring.ctx.now = realNow;
});

const call = async (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
  const response = await server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json();
};

/** Waits until the reactors (the bot, its effects, the sender) and the read models have caught up with everything stored. */
/** Every reactor and projector caught up, including what the reactors appended meanwhile. */
const settle = () => settleAll(server);

const queue = (name: string, extra: object = {}) =>
  call(admin.token, 'POST', '/queue', { name, color: `#${(colour++).toString(16)}`, greetingMessage: `Fila ${name}.`, ...extra });

async function sandbox(fields: object) {
  const created = await call(admin.token, 'POST', '/whatsapp', { name: `Sandbox ${colour++}`, channel: 'sandbox', ...fields });
  return { id: created.id as number, token: created.token as string };
}

let phone = 5511970000000;
/** A contact of the sandbox connection; `say` delivers a message from them and waits for the bot. */
function contact(connection: { id: number; token: string }, name = 'Maria Souza') {
  const number = String(phone++);
  return {
    number,
    async say(body: string): Promise<{ ticketId: number }> {
      const response = await server.app.inject({
        method: 'POST',
        url: `/sandbox/${connection.id}/messages`,
        headers: bearer(connection.token),
        payload: { from: number, name, body },
      });
      expect(response.statusCode, response.body).toBe(202);
      await settle();
      return response.json();
    },
    /** What the bot and attendants sent this contact, oldest first. */
    received: () => gateway.sent.filter((message) => message.contact.number === number).map((message) => message.body),
  };
}

const ticket = (id: number) => call(admin.token, 'GET', `/tickets/${id}`);

describe('routing: a conversation from greeting to rating', () => {
  it('greets with the queue menu, routes the answer 2 to that queue, and after the close records the rating 5 on the ticket', async () => {
    await call(admin.token, 'PUT', '/companySettings', { column: 'userRating', data: 'enabled' });
    // The menu lists queues by orderQueue (then name).
    const sales = await queue('Vendas', { orderQueue: 1 });
    const support = await queue('Suporte', { orderQueue: 2 });
    const ana = await createUser(server, admin.companyId, 'Ana', { queueIds: [support.id], farewellMessage: '' });
    const line = await sandbox({
      greetingMessage: 'Olá {{firstName}}! Escolha um setor:',
      complationMessage: 'Obrigado pelo contato!',
      ratingMessage: 'Como foi o atendimento?',
      queueIds: [sales.id, support.id],
    });
    const maria = contact(line);

    const { ticketId } = await maria.say('oi');
    await expect.poll(() => maria.received()).toEqual([`${BOT_MARK}Olá Maria! Escolha um setor:\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte`]);

    await maria.say('2');
    await expect.poll(() => maria.received().at(-1)).toBe(`${BOT_MARK}Fila Suporte.`);
    await expect.poll(() => ticket(ticketId)).toMatchObject({ status: 'pending', queueId: support.id, userId: null, queue: { name: 'Suporte' } });
    const waiting = await call(ana.token, 'GET', `/tickets?status=pending&queueIds=${encodeURIComponent(JSON.stringify([support.id]))}`);
    expect(waiting.tickets.map((row: { id: number }) => row.id)).toContain(ticketId);
    const log = await call(admin.token, 'GET', `/tickets-log/${ticketId}`);
    expect(log.map((entry: { type: string }) => entry.type)).toContain('queue');

    await call(ana.token, 'PUT', `/tickets/${ticketId}`, { status: 'open' });
    await call(ana.token, 'PUT', `/tickets/${ticketId}`, { status: 'closed' });
    await settle();
    await expect.poll(() => ticket(ticketId)).toMatchObject({ status: 'nps', userRating: null });
    await expect.poll(() => maria.received().at(-1)).toBe(`${BOT_MARK}Como foi o atendimento?\n\n${BOT_TEXTS.ratingScale}`);

    const answer = await maria.say('5');
    expect(answer.ticketId).toBe(ticketId);
    await expect.poll(() => ticket(ticketId)).toMatchObject({ status: 'closed', userRating: 5 });
    await expect.poll(() => maria.received().at(-1)).toBe(`${BOT_MARK}Obrigado pelo contato!`);

    // The next message is a new conversation, greeted again.
    const next = await maria.say('olá de novo');
    expect(next.ticketId).not.toBe(ticketId);
    await expect.poll(() => maria.received().at(-1)).toContain('*[ 2 ]* - Suporte');
  });

  it('repeats the menu for an invalid answer and hands over after maxUseBotQueues showings', async () => {
    const sales = await queue('Comercial', { orderQueue: 1 });
    const support = await queue('Técnico', { orderQueue: 2 });
    const line = await sandbox({ greetingMessage: 'Escolha:', maxUseBotQueues: 2, queueIds: [sales.id, support.id] });
    const joao = contact(line, 'João');
    const { ticketId } = await joao.say('oi');
    await joao.say('nove');
    await expect.poll(() => joao.received()[1]).toBe(`${BOT_MARK}${BOT_TEXTS.invalidOption}\n\nEscolha:\n\n*[ 1 ]* - Comercial\n*[ 2 ]* - Técnico`);
    await joao.say('dez');
    await expect.poll(() => joao.received().at(-1)).toBe(`${BOT_MARK}${BOT_TEXTS.gaveUp}`);
    await joao.say('1');
    expect(joao.received()).toHaveLength(3);
    await expect.poll(() => ticket(ticketId)).toMatchObject({ status: 'pending', queueId: null });
  });

  it('leaves contacts with disableBot to the attendants', async () => {
    const sales = await queue('Loja');
    const line = await sandbox({ greetingMessage: 'Olá!', queueIds: [sales.id] });
    const quiet = contact(line, 'Quieto');
    const { ticketId } = await quiet.say('oi');
    // One queue: the greeting, then straight into the queue with its greeting.
    await expect.poll(() => quiet.received()).toEqual([`${BOT_MARK}Olá!`, `${BOT_MARK}Fila Loja.`]);
    const contactId = (await ticket(ticketId)).contactId;
    await call(admin.token, 'PUT', `/contacts/toggleDisableBot/${contactId}`, {});
    await call(admin.token, 'PUT', `/tickets/${ticketId}`, { status: 'closed' });
    await settle();
    const again = await quiet.say('oi de novo');
    expect(again.ticketId).not.toBe(ticketId);
    expect(quiet.received()).toHaveLength(2);
  });
});

describe('routing: consent and transfers', () => {
  it('asks for LGPD consent first (status lgpd), routes on after 1, and does not ask the same contact again', async () => {
    await call(admin.token, 'PUT', '/companySettings', { column: 'enableLGPD', data: 'enabled' });
    await call(admin.token, 'PUT', '/companySettings', { column: 'lgpdMessage', data: 'Usamos seus dados só para atender você.' });
    const sales = await queue('Atendimento', { orderQueue: 1 });
    const other = await queue('Financeiro', { orderQueue: 2 });
    const line = await sandbox({ greetingMessage: 'Escolha:', queueIds: [sales.id, other.id] });
    const lia = contact(line, 'Lia');

    const { ticketId } = await lia.say('oi');
    await expect.poll(() => lia.received()).toEqual([`${BOT_MARK}Usamos seus dados só para atender você.\n\n${BOT_TEXTS.lgpdQuestion}`]);
    await expect.poll(() => ticket(ticketId)).toMatchObject({ status: 'lgpd' });
    await lia.say('1');
    await expect.poll(() => ticket(ticketId)).toMatchObject({ status: 'pending' });
    await expect.poll(() => lia.received().at(-1)).toBe(`${BOT_MARK}Escolha:\n\n*[ 1 ]* - Atendimento\n*[ 2 ]* - Financeiro`);

    await call(admin.token, 'PUT', `/tickets/${ticketId}`, { status: 'closed' });
    await settle();
    const next = await lia.say('voltei');
    expect(next.ticketId).not.toBe(ticketId);
    await expect.poll(() => lia.received().at(-1)).toContain('*[ 1 ]* - Atendimento');
  });

  it('closes the ticket when the contact refuses consent', async () => {
    await call(admin.token, 'PUT', '/companySettings', { column: 'enableLGPD', data: 'enabled' });
    const line = await sandbox({ greetingMessage: 'Escolha:', queueIds: [(await queue('Única')).id] });
    const rui = contact(line, 'Rui');
    const { ticketId } = await rui.say('oi');
    await rui.say('2');
    await expect.poll(() => rui.received().at(-1)).toBe(`${BOT_MARK}${BOT_TEXTS.lgpdRefused}`);
    await expect.poll(() => ticket(ticketId)).toMatchObject({ status: 'closed' });
  });

  it('tells the contact where an attendant transferred them (sendMsgTransfTicket)', async () => {
    await call(admin.token, 'PUT', '/companySettings', { column: 'sendMsgTransfTicket', data: 'enabled' });
    const first = await queue('Balcão');
    const second = await queue('Entregas');
    const line = await sandbox({ greetingMessage: '', queueIds: [first.id] });
    const edu = contact(line, 'Edu');
    const { ticketId } = await edu.say('oi');
    await call(admin.token, 'PUT', `/tickets/${ticketId}`, { status: 'pending', queueId: second.id });
    await settle();
    await expect.poll(() => edu.received().at(-1)).toBe(`${BOT_MARK}${BOT_TEXTS.transfer('Entregas', null)}`);
  });
});

describe('routing: effects are applied once', () => {
  it('applying the bot journal again (a restart before the checkpoint) queues no reply and changes no ticket twice', async () => {
    const sales = await queue('Reaplicar');
    const other = await queue('Outra');
    const line = await sandbox({ greetingMessage: 'Oi!', queueIds: [sales.id, other.id] });
    const ze = contact(line, 'Zé');
    const { ticketId } = await ze.say('oi');
    await ze.say('1');
    // Everything the live reactors do about these two messages is done before counting.
    await settle();
    const journal = (await server.wiring.store.readStream(`ticketbot-${ticketId}`)).filter((event) =>
      (ROUTING_EFFECTS as readonly string[]).includes(event.type),
    );
    const messagesBefore = (await server.wiring.store.readAll({ filter: { eventTypes: ['MessageQueued'] } })).length;
    const ticketEventsBefore = (await server.wiring.store.readStream(`ticket-${ticketId}`)).length;

    const runtime = routingRuntime(server.wiring.ctx, readModelDirectory(server.wiring.db));
    const replay = createRoutingEffectsReactor(runtime);
    await replay.react!(journal);
    await replay.react!(journal);
    // The decisions too: the contact's messages routed again record nothing new in the journal.
    const journalLength = (await server.wiring.store.readStream(`ticketbot-${ticketId}`)).length;
    const received = (await server.wiring.store.readAll({ filter: { eventTypes: ['MessageReceived'] } })).filter(
      (event) => (event.data as { ticketId: number }).ticketId === ticketId,
    );
    await createRoutingReactor(runtime).react!(received);
    await settle();
    expect((await server.wiring.store.readStream(`ticketbot-${ticketId}`)).length).toBe(journalLength);

    expect((await server.wiring.store.readAll({ filter: { eventTypes: ['MessageQueued'] } })).length).toBe(messagesBefore);
    expect((await server.wiring.store.readStream(`ticket-${ticketId}`)).length).toBe(ticketEventsBefore);
    expect(ze.received()).toHaveLength(2);
  });
});

describe('routing: timers', () => {
  const minutes = (from: Date, count: number) => new Date(from.getTime() + count * 60_000);
  const moveClockTo = (at: Date) => {
    server.wiring.ctx.now = () => at;
  };

  it('warns an idle attended ticket once, then closes it after expiresTicket; a tick run twice records once', async () => {
    const sales = await queue('Expira');
    const line = await sandbox({
      greetingMessage: '',
      queueIds: [sales.id],
      expiresTicket: 60,
      expiresInactiveMessage: 'Encerramos por falta de resposta.',
      timeInactiveMessage: 20,
      inactiveMessage: 'Ainda está aí?',
    });
    const bia = contact(line, 'Bia');
    const start = new Date();
    const { ticketId } = await bia.say('oi');
    await call(admin.token, 'PUT', `/tickets/${ticketId}`, { status: 'open' });
    const sentBefore = bia.received().length;

    moveClockTo(minutes(start, 25));
    const first = await server.wiring.routing.timers.tick(minutes(start, 25));
    const second = await server.wiring.routing.timers.tick(minutes(start, 25));
    expect(first.warned).toEqual([ticketId]);
    expect(second.warned).toEqual([]);
    await settle();
    await expect.poll(() => bia.received().slice(sentBefore)).toEqual([`${BOT_MARK}Ainda está aí?`]);

    moveClockTo(minutes(start, 61));
    expect((await server.wiring.routing.timers.tick(minutes(start, 61))).expired).toEqual([ticketId]);
    expect((await server.wiring.routing.timers.tick(minutes(start, 61))).expired).toEqual([]);
    await settle();
    await expect.poll(() => ticket(ticketId)).toMatchObject({ status: 'closed' });
    await expect.poll(() => bia.received().slice(sentBefore)).toEqual([`${BOT_MARK}Ainda está aí?`, `${BOT_MARK}Encerramos por falta de resposta.`]);
  });

  it('moves a ticket left without a queue for timeSendQueue minutes to sendIdQueue', async () => {
    const first = await queue('Primeira');
    const fallback = await queue('Reserva');
    const line = await sandbox({ greetingMessage: 'Escolha:', queueIds: [first.id, fallback.id], timeSendQueue: 5, sendIdQueue: fallback.id });
    const caio = contact(line, 'Caio');
    const start = new Date();
    const { ticketId } = await caio.say('oi');
    await expect.poll(() => caio.received()).toHaveLength(1);

    moveClockTo(minutes(start, 4));
    expect((await server.wiring.routing.timers.tick(minutes(start, 4))).movedToQueue).toEqual([]);
    moveClockTo(minutes(start, 6));
    expect((await server.wiring.routing.timers.tick(minutes(start, 6))).movedToQueue).toEqual([ticketId]);
    expect((await server.wiring.routing.timers.tick(minutes(start, 6))).movedToQueue).toEqual([]);
    await settle();
    await expect.poll(() => ticket(ticketId)).toMatchObject({ status: 'pending', queueId: fallback.id, userId: null });
    // The bot stopped asking: an answer now is for the attendants.
    await caio.say('1');
    expect(caio.received()).toHaveLength(1);
  });

  it('lets a rating lapse after expiresTicketNPS and frees the contact for a new conversation', async () => {
    await call(admin.token, 'PUT', '/companySettings', { column: 'userRating', data: 'enabled' });
    const only = await queue('Avaliação');
    const line = await sandbox({ greetingMessage: '', queueIds: [only.id], expiresTicketNPS: 30 });
    const noa = contact(line, 'Noa');
    const { ticketId } = await noa.say('oi');
    await call(admin.token, 'PUT', `/tickets/${ticketId}`, { status: 'open' });
    await call(admin.token, 'PUT', `/tickets/${ticketId}`, { status: 'closed' });
    await settle();
    await expect.poll(() => ticket(ticketId)).toMatchObject({ status: 'nps' });

    const asked = new Date();
    moveClockTo(minutes(asked, 31));
    expect((await server.wiring.routing.timers.tick(minutes(asked, 31))).ratingsLapsed).toEqual([ticketId]);
    expect((await server.wiring.routing.timers.tick(minutes(asked, 31))).ratingsLapsed).toEqual([]);
    await settle();
    await expect.poll(() => ticket(ticketId)).toMatchObject({ status: 'closed', userRating: null });
    const next = await noa.say('5');
    expect(next.ticketId).not.toBe(ticketId);
  });

  it('gives waiting tickets of a rotating queue to its online users in turn', async () => {
    const rotating = await queue('Rodízio', { ativarRoteador: true, tempoRoteador: 2 });
    const line = await sandbox({ greetingMessage: '', queueIds: [rotating.id] });
    const users = [
      await createUser(server, admin.companyId, 'Rui', { queueIds: [rotating.id] }),
      await createUser(server, admin.companyId, 'Sol', { queueIds: [rotating.id] }),
    ];
    for (const user of users) await server.wiring.presence.ping({ userId: user.userId, companyId: admin.companyId });
    await settle();
    const start = new Date();
    const tickets = [];
    for (const name of ['Ada', 'Bel', 'Cid']) tickets.push((await contact(line, name).say('oi')).ticketId);
    for (const id of tickets) await expect.poll(() => ticket(id)).toMatchObject({ queueId: rotating.id });

    moveClockTo(minutes(start, 3));
    const report = await server.wiring.routing.timers.tick(minutes(start, 3));
    expect(report.rotated.sort()).toEqual([...tickets].sort());
    expect((await server.wiring.routing.timers.tick(minutes(start, 3))).rotated).toEqual([]);
    await settle();
    const holders = await Promise.all(tickets.map(async (id) => (await ticket(id)).userId));
    const [rui, sol] = users.map((user) => user.userId).sort((a, b) => a - b);
    expect(holders).toEqual([rui, sol, rui]);
    for (const id of tickets) await expect.poll(() => ticket(id)).toMatchObject({ status: 'open', queueId: rotating.id });
  });
});
