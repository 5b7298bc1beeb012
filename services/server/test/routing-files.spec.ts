import { RecordingChannelGateway } from '@conversa/channels';
import { BOT_MARK } from '@conversa/core';
import { createRoutingEffectsReactor, readModelDirectory, routingRuntime } from '@conversa/routing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { samples } from '../../media/test/samples';
import { bearer, signupCompany, startTestServer, type TestServer, settle as settleAll } from './harness';

/**
 * File lists in the conversation: a queue's list when the bot places the ticket in the queue, a
 * `file` option's list when the contact picks it; the journal applied again sends no file twice.
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
  const company = await signupCompany(server, `Arquivos no chat ${companies}`, 930 + companies);
  admin = { token: (await server.login(company.email, company.password)).token, companyId: company.companyId };
});
afterAll(() => server?.close());

const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
  const response = await server.app.inject({ method, url, headers: bearer(admin.token), ...(payload ? { payload } : {}) });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json();
};

/** Every reactor and projector caught up, including what the reactors appended meanwhile. */
const settle = () => settleAll(server);

/** A file list with a PNG and a PDF. */
async function fileList(name: string, message: string): Promise<number> {
  const created = await call('POST', '/files', { name, message });
  const boundary = 'routing-files';
  const parts = [
    { name: 'Foto', fileName: 'foto.png', data: samples.png, type: 'image/png' },
    { name: 'Tabela', fileName: 'tabela.pdf', data: samples.pdf, type: 'application/pdf' },
  ].flatMap((file) => [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\n${file.name}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.fileName}"\r\nContent-Type: ${file.type}\r\n\r\n`),
    file.data,
    Buffer.from('\r\n'),
  ]);
  const payload = Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]);
  const uploaded = await server.app.inject({
    method: 'POST',
    url: `/files/uploadList/${created.id}`,
    headers: { ...bearer(admin.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  return created.id;
}

const queue = (name: string, extra: object = {}) =>
  call('POST', '/queue', { name, color: `#${(colour++).toString(16)}`, greetingMessage: `Fila ${name}.`, ...extra });
const sandbox = async (fields: object) => {
  const created = await call('POST', '/whatsapp', { name: `Sandbox ${colour++}`, channel: 'sandbox', ...fields });
  return { id: created.id as number, token: created.token as string };
};

let phone = 5511980000000;
function contact(connection: { id: number; token: string }, name = 'Maria Souza') {
  const number = String(phone++);
  const mine = () => gateway.sent.filter((message) => message.contact.number === number);
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
    /** What the contact received, oldest first: texts, and files as `[mediaType] caption (file name)`. */
    received: () => mine().map((message) => (message.media ? `[${message.mediaType}] ${message.body} (${message.media.name})` : message.body)),
  };
}

describe('routing: file lists in the conversation', () => {
  it("sends the queue's file list after its greeting when the bot places the ticket in the queue, and never twice", async () => {
    const catalogue = await fileList('Catálogo', 'Segue o catálogo, {{firstName}}');
    const sales = await queue('Vendas', { fileListId: catalogue });
    const line = await sandbox({ greetingMessage: 'Oi!', queueIds: [sales.id] });
    const maria = contact(line);

    const { ticketId } = await maria.say('oi');
    await expect
      .poll(() => maria.received())
      .toEqual([
        `${BOT_MARK}Oi!`,
        `${BOT_MARK}Fila Vendas.`,
        `${BOT_MARK}Segue o catálogo, Maria`,
        `[image] ${BOT_MARK}Foto (foto.png)`,
        `[application] ${BOT_MARK}Tabela (tabela.pdf)`,
      ]);
    // The files are the ticket's messages, shown in the conversation like any other.
    const messages = await call('GET', `/messages/${ticketId}`);
    expect(messages.messages.filter((message: { mediaType: string }) => message.mediaType !== 'chat')).toHaveLength(2);

    // The journal applied again (a restart before the checkpoint) queues nothing new.
    const journal = (await server.wiring.store.readStream(`ticketbot-${ticketId}`)).filter((event) => event.type === 'BotFilesSent');
    expect(journal).toHaveLength(1);
    const queuedBefore = (await server.wiring.store.readAll({ filter: { eventTypes: ['MessageQueued'] } })).length;
    const replay = createRoutingEffectsReactor(routingRuntime(server.wiring.ctx, readModelDirectory(server.wiring.db)));
    await replay.react!(journal);
    await replay.react!(journal);
    await settle();
    expect((await server.wiring.store.readAll({ filter: { eventTypes: ['MessageQueued'] } })).length).toBe(queuedBefore);
    // Another message on the same ticket: the list went already.
    await maria.say('e o preço?');
    expect(maria.received()).toHaveLength(5);
  });

  it("sends a `file` option's message, then the list's message and files, then hands over (or closes with closeTicket)", async () => {
    const prices = await fileList('Tabela de preços', 'Nossos preços');
    const support = await queue('Atendimento', {
      chatbots: [
        { name: 'Preços', queueType: 'file', optFileId: prices, greetingMessage: 'Enviando os preços' },
        { name: 'Catálogo e tchau', queueType: 'file', optFileId: prices, closeTicket: true },
      ],
    });
    const line = await sandbox({ greetingMessage: 'Oi!', queueIds: [support.id] });
    const ana = contact(line, 'Ana Lima');
    const { ticketId } = await ana.say('oi');
    await expect.poll(() => ana.received().at(-1)).toContain('*[ 1 ]* - Preços');
    await ana.say('1');
    await expect
      .poll(() => ana.received().slice(2))
      .toEqual([
        `${BOT_MARK}Enviando os preços`,
        `${BOT_MARK}Nossos preços`,
        `[image] ${BOT_MARK}Foto (foto.png)`,
        `[application] ${BOT_MARK}Tabela (tabela.pdf)`,
      ]);
    const journal = await server.wiring.store.readStream(`ticketbot-${ticketId}`);
    expect(journal.map((event) => event.type).slice(-2)).toEqual(['BotFilesSent', 'BotHandedOver']);
    expect((await call('GET', `/tickets/${ticketId}`)).status).toBe('pending');

    // The closing option: files first, then the ticket closes.
    const bia = contact(line, 'Bia');
    const second = await bia.say('oi');
    await bia.say('2');
    await expect
      .poll(() => bia.received().slice(2))
      .toEqual([`${BOT_MARK}Nossos preços`, `[image] ${BOT_MARK}Foto (foto.png)`, `[application] ${BOT_MARK}Tabela (tabela.pdf)`]);
    await expect.poll(async () => (await call('GET', `/tickets/${second.ticketId}`)).status).toBe('closed');
  });

  it('sends nothing for a file list deleted since the option was saved, and goes on as the option says', async () => {
    const gone = await fileList('Antiga', 'Lista antiga');
    const desk = await queue('Balcão', { chatbots: [{ name: 'Antiga', queueType: 'file', optFileId: gone, greetingMessage: 'Um momento' }] });
    await call('POST', '/files', { name: 'Outra', message: 'x' });
    const deleted = await server.app.inject({ method: 'DELETE', url: `/files/${gone}`, headers: bearer(admin.token) });
    expect(deleted.statusCode).toBe(200);
    const line = await sandbox({ greetingMessage: 'Oi!', queueIds: [desk.id] });
    const caio = contact(line, 'Caio');
    const { ticketId } = await caio.say('oi');
    await caio.say('1');
    await expect.poll(() => caio.received().at(-1)).toBe(`${BOT_MARK}Um momento`);
    const journal = await server.wiring.store.readStream(`ticketbot-${ticketId}`);
    expect(journal.some((event) => event.type === 'BotFilesSent')).toBe(false);
    expect(journal.at(-1)?.type).toBe('BotHandedOver');
  });
});
