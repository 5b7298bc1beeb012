import type { BusMessage } from '@conversa/bus';
import { RecordingChannelGateway } from '@conversa/channels';
import { BOT_MARK } from '@conversa/core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createUser, signupCompany, startTestServer, type TestServer, settle as settleAll } from './harness';

/**
 * userRandom and isBot end to end on the real product: a sandbox contact writes, the bot routes
 * it, and the ticket goes to a random online user of its queue; the ticket row says whether the bot
 * is handling the conversation.
 */
let server: TestServer;
let gateway: RecordingChannelGateway;
let admin: { token: string; companyId: number };
let colour = 0x300000;
let companies = 0;

beforeAll(async () => {
  gateway = new RecordingChannelGateway();
  server = await startTestServer({ channels: gateway });
});
beforeEach(async () => {
  companies++;
  const company = await signupCompany(server, `Aleatorio ${companies}`, 940 + companies);
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

/** Waits until the reactors (the bot, its effects, the random pick, the sender) and the read models have caught up. */
/** Every reactor and projector caught up, including what the reactors appended meanwhile. */
const settle = () => settleAll(server);

const setting = (column: string, data: string) => call(admin.token, 'PUT', '/companySettings', { column, data });
const queue = (name: string, extra: object = {}) =>
  call(admin.token, 'POST', '/queue', { name, color: `#${(colour++).toString(16)}`, greetingMessage: `Fila ${name}.`, ...extra });

async function sandbox(fields: object) {
  const created = await call(admin.token, 'POST', '/whatsapp', { name: `Sandbox ${colour++}`, channel: 'sandbox', ...fields });
  return { id: created.id as number, token: created.token as string };
}

let phone = 5511960000000;
function contact(connection: { id: number; token: string }, name: string) {
  const number = String(phone++);
  return {
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
    received: () => gateway.sent.filter((message) => message.contact.number === number).map((message) => message.body),
  };
}

const ticket = (id: number) => call(admin.token, 'GET', `/tickets/${id}`);

/** Users of the company; those online have pinged. */
async function staff(online: Array<{ name: string; queueIds: number[] }>, offline: Array<{ name: string; queueIds: number[] }> = []) {
  const created = [];
  for (const { name, queueIds } of [...online, ...offline]) created.push({ name, ...(await createUser(server, admin.companyId, name, { queueIds })) });
  for (const user of created.slice(0, online.length)) await server.wiring.presence.ping({ userId: user.userId, companyId: admin.companyId });
  await settle();
  return Object.fromEntries(created.map((user) => [user.name, user]));
}

describe('userRandom: a routed ticket goes to a random online user of its queue', () => {
  it('the menu routes to Vendas and the ticket opens for one of the online users of Vendas, never an offline one or one of another queue', async () => {
    await setting('userRandom', 'enabled');
    const sales = await queue('Vendas', { orderQueue: 1 });
    const support = await queue('Suporte', { orderQueue: 2 });
    const users = await staff(
      [
        { name: 'Ana', queueIds: [sales.id] },
        { name: 'Dan', queueIds: [sales.id] },
        { name: 'Caio', queueIds: [support.id] },
      ],
      [{ name: 'Bia', queueIds: [sales.id] }],
    );
    const line = await sandbox({ greetingMessage: 'Escolha:', queueIds: [sales.id, support.id] });

    const tickets: number[] = [];
    for (const name of ['Rita', 'Saulo', 'Tito']) {
      const person = contact(line, name);
      const { ticketId } = await person.say('oi');
      await person.say('1');
      const routed = await ticket(ticketId);
      expect(routed).toMatchObject({ status: 'open', queueId: sales.id, isBot: false });
      expect([users.Ana!.userId, users.Dan!.userId]).toContain(routed.userId);
      tickets.push(ticketId);
      // The holder sees it among their open tickets (their own tickets).
      const holderToken = [users.Ana!, users.Dan!].find((user) => user.userId === routed.userId)!.token;
      const mine = await call(holderToken, 'GET', '/tickets?status=open');
      expect(mine.tickets.map((row: { id: number }) => row.id)).toContain(ticketId);
      // The bot said its queue greeting and stepped aside: nothing more for the contact.
      expect(person.received().at(-1)).toBe(`${BOT_MARK}Fila Vendas.`);
    }
    // The history: created, placed in the queue by the bot, received by the drawn user.
    const log = await call(admin.token, 'GET', `/tickets-log/${tickets[0]}`);
    expect(log.map((entry: { type: string }) => entry.type)).toEqual(expect.arrayContaining(['create', 'queue', 'receivedTransfer']));
  });

  it('the only queue of a connection: straight in and to its online user', async () => {
    await setting('userRandom', 'enabled');
    const only = await queue('Única');
    const users = await staff([{ name: 'Lia', queueIds: [only.id] }]);
    const line = await sandbox({ greetingMessage: 'Olá!', queueIds: [only.id] });
    const { ticketId } = await contact(line, 'Mara').say('oi');
    expect(await ticket(ticketId)).toMatchObject({ status: 'open', queueId: only.id, userId: users.Lia!.userId });
  });

  it('with userRandom off, or nobody of the queue online, the ticket waits in its queue', async () => {
    const only = await queue('Espera');
    await staff([], [{ name: 'Off', queueIds: [only.id] }]);
    const line = await sandbox({ greetingMessage: '', queueIds: [only.id] });
    const first = await contact(line, 'Nina').say('oi');
    expect(await ticket(first.ticketId)).toMatchObject({ status: 'pending', queueId: only.id, userId: null });

    await setting('userRandom', 'enabled');
    const second = await contact(line, 'Olga').say('oi');
    expect(await ticket(second.ticketId)).toMatchObject({ status: 'pending', queueId: only.id, userId: null });
  });

  it('leaves a queue with rotation (ativarRoteador) to its turn order', async () => {
    await setting('userRandom', 'enabled');
    const rotating = await queue('Rodízio', { ativarRoteador: true, tempoRoteador: 2 });
    const users = await staff([{ name: 'Rui', queueIds: [rotating.id] }]);
    const line = await sandbox({ greetingMessage: '', queueIds: [rotating.id] });
    const start = new Date();
    const { ticketId } = await contact(line, 'Pia').say('oi');
    expect(await ticket(ticketId)).toMatchObject({ status: 'pending', queueId: rotating.id, userId: null });

    const due = new Date(start.getTime() + 3 * 60_000);
    server.wiring.ctx.now = () => due;
    expect((await server.wiring.routing.timers.tick(due)).rotated).toEqual([ticketId]);
    await settle();
    expect(await ticket(ticketId)).toMatchObject({ status: 'open', userId: users.Rui!.userId });
  });

  it('timeSendQueue: a ticket moved to the fallback queue goes to an online user of that queue', async () => {
    await setting('userRandom', 'enabled');
    const first = await queue('Primeira');
    const fallback = await queue('Reserva');
    const users = await staff([{ name: 'Téo', queueIds: [fallback.id] }]);
    const line = await sandbox({ greetingMessage: 'Escolha:', queueIds: [first.id, fallback.id], timeSendQueue: 5, sendIdQueue: fallback.id });
    const start = new Date();
    const { ticketId } = await contact(line, 'Quel').say('oi');
    expect(await ticket(ticketId)).toMatchObject({ status: 'pending', queueId: null, isBot: true });

    const later = new Date(start.getTime() + 6 * 60_000);
    server.wiring.ctx.now = () => later;
    expect((await server.wiring.routing.timers.tick(later)).movedToQueue).toEqual([ticketId]);
    await settle();
    expect(await ticket(ticketId)).toMatchObject({ status: 'open', queueId: fallback.id, userId: users.Téo!.userId, isBot: false });
  });
});

async function framesOf(companyId: number) {
  const frames: any[] = [];
  const subscription = await server.wiring.bus.subscribe(`company.${companyId}.ticket`, (message: BusMessage) => {
    frames.push(message.data);
  });
  return { frames, stop: () => subscription.unsubscribe() };
}

describe('isBot: the ticket row says the bot is handling the conversation', () => {
  it('is true while the bot waits on the consent, the queue menu and the chatbot options; false once a person has it', async () => {
    await setting('enableLGPD', 'enabled');
    const sales = await queue('Loja', { orderQueue: 1 });
    const support = await queue('Ajuda', { orderQueue: 2, chatbots: [{ name: 'Boletos', greetingMessage: 'Sobre boletos.', queueType: 'text' }] });
    const line = await sandbox({ greetingMessage: 'Escolha:', queueIds: [sales.id, support.id] });
    const { frames, stop } = await framesOf(admin.companyId);
    const ivo = contact(line, 'Ivo');

    const { ticketId } = await ivo.say('oi');
    expect(await ticket(ticketId)).toMatchObject({ status: 'lgpd', isBot: true });
    await ivo.say('1');
    expect(await ticket(ticketId)).toMatchObject({ status: 'pending', isBot: true });
    const waiting = await call(admin.token, 'GET', '/tickets?status=pending&showAll=true');
    expect(waiting.tickets.find((row: { id: number }) => row.id === ticketId)).toMatchObject({ isBot: true });
    await ivo.say('2');
    expect(await ticket(ticketId)).toMatchObject({ queueId: support.id, isBot: true });

    // An attendant takes it in the middle of the tree: from here it is theirs.
    await call(admin.token, 'PUT', `/tickets/${ticketId}`, { status: 'open' });
    await settle();
    expect(await ticket(ticketId)).toMatchObject({ status: 'open', isBot: false });
    // A projector publishes after its commit: the accept's frame may trail the answer.
    const mine = () => frames.filter((frame) => frame.ticketId === ticketId).map((frame) => frame.ticket.isBot);
    await expect.poll(() => mine().at(-1)).toBe(false);
    await stop();
    expect(mine()).toContain(true);
  });

  it('is false for a ticket the bot handed over: after the queue greeting, and after it gave up on the menu', async () => {
    const first = await queue('Um', { orderQueue: 1 });
    const second = await queue('Dois', { orderQueue: 2 });
    const line = await sandbox({ greetingMessage: 'Escolha:', maxUseBotQueues: 1, queueIds: [first.id, second.id] });
    const routed = contact(line, 'Gil');
    const { ticketId } = await routed.say('oi');
    expect(await ticket(ticketId)).toMatchObject({ isBot: true });
    await routed.say('1');
    expect(await ticket(ticketId)).toMatchObject({ status: 'pending', queueId: first.id, isBot: false });

    const lost = contact(line, 'Hugo');
    const other = await lost.say('oi');
    await lost.say('nada');
    expect(await ticket(other.ticketId)).toMatchObject({ status: 'pending', queueId: null, isBot: false });
  });
});
