import type { SessionDriver } from '@conversa/channels';
import {
  createPresencePublisher,
  createWhatsappAuthStore,
  createWhatsappDriver,
  type PresencePublisher,
  type WhatsappAuthStore,
} from '@conversa/channels/whatsapp/index';
import { connectionStream, messageStream } from '@conversa/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { recorded } from '../../channels/test/whatsapp-fixtures';
import { FakeSocketFactory, type FakeSocket } from '../../channels/test/whatsapp-fakes';
import { samples } from '../../media/test/samples';
import { bearer, signupCompany, type TestServer } from './harness';
import { startChannelServer } from './meta-harness';

/**
 * WhatsApp end to end on the real product: the session manager runs the Baileys driver on a fake
 * socket, the hooks record into the event store, and the read models answer the API.
 */

const PHONE_JID = '5511912345678:3@s.whatsapp.net';
const factory = new FakeSocketFactory();
let auth: WhatsappAuthStore;
let presence: PresencePublisher;
let server: TestServer;
let a: { token: string; userId: number; companyId: number };
let connectionId: number;

// The driver's dependencies exist once the wiring does; the manager starts it only later.
const driver: SessionDriver = {
  channel: 'whatsapp',
  start: (connection, hooks, options) =>
    createWhatsappDriver({
      auth,
      makeSocket: factory.make,
      backoff: { initialMs: 1, maxMs: 4 },
      downloadMedia: async () => samples.jpeg,
      publishPresence: (...args) => presence(...args),
    }).start(connection, hooks, options),
  forget: (connection) => auth.clear(connection.id),
};

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(a.token), ...(payload ? { payload } : {}) });
const eventually = <T>(check: () => Promise<T>) => vi.waitFor(check, { timeout: 15_000, interval: 50 });
const connectionNow = async () => (await call('GET', `/whatsapp/${connectionId}`)).json();
const emit: FakeSocket['ev']['emit'] = (event, payload) => factory.current.ev.emit(event, payload);
/** Baileys' DisconnectReason codes (the server package does not load Baileys itself). */
const DisconnectReason = { restartRequired: 515, loggedOut: 401 } as const;

async function ticketOf(number: string) {
  return eventually(async () => {
    const tickets = (await call('GET', '/tickets?showAll=true&status=pending&pageNumber=1')).json().tickets as any[];
    const open = (await call('GET', '/tickets?showAll=true&status=open&pageNumber=1')).json().tickets as any[];
    const found = [...tickets, ...open].find((ticket) => ticket.contact?.number === number && ticket.whatsappId === connectionId);
    expect(found).toBeDefined();
    return found;
  });
}

async function messagesOf(ticketId: number): Promise<any[]> {
  const response = await call('GET', `/messages/${ticketId}?pageNumber=1`);
  return [...response.json().messages].sort((x: any, y: any) => x.createdAt.localeCompare(y.createdAt));
}

beforeAll(async () => {
  server = await startChannelServer({ sessionDrivers: [driver] });
  auth = createWhatsappAuthStore(server.wiring.db);
  presence = createPresencePublisher(server.wiring.ctx, server.wiring.bus);
  const company = await signupCompany(server, 'Zap Co', 91);
  a = { token: (await server.login(company.email, company.password)).token, userId: company.userId, companyId: company.companyId };
});
afterAll(async () => {
  await server?.close();
});

describe('WhatsApp through Baileys on the real product', () => {
  it('a new connection shows the QR code live, then CONNECTED with its number once the phone pairs', async () => {
    const created = await call('POST', '/whatsapp', { name: 'Celular' });
    expect(created.statusCode, created.body).toBe(201);
    connectionId = created.json().id;
    const first = await factory.socket(1);
    first.ev.emit('connection.update', { qr: '2@QRCODE-ONE' });
    await eventually(async () => expect(await connectionNow()).toMatchObject({ status: 'qrcode', qrcode: '2@QRCODE-ONE' }));
    first.paired(PHONE_JID);
    first.close(DisconnectReason.restartRequired);
    const second = await factory.socket(2);
    second.open(PHONE_JID);
    await eventually(async () => expect(await connectionNow()).toMatchObject({ status: 'CONNECTED', qrcode: '', number: '5511912345678', retries: 0 }));
    expect(await auth.isRegistered(connectionId)).toBe(true);
  });

  it('inbound text and media open a ticket for the contact (the LID resolved to the phone), with the file in the media store', async () => {
    emit('messages.upsert', recorded('text-lid', 'messages.upsert').payload);
    emit('messages.upsert', recorded('image', 'messages.upsert').payload);
    // Delivered again after a reconnect: recorded once.
    emit('messages.upsert', recorded('text-lid', 'messages.upsert').payload);
    const ticket = await ticketOf('5511987654321');
    expect(ticket).toMatchObject({ channel: 'whatsapp', contact: { name: 'Ana Souza' } });
    const messages = await eventually(async () => {
      const list = await messagesOf(ticket.id);
      expect(list).toHaveLength(2);
      return list;
    });
    expect(messages.map((message) => [message.fromMe, message.mediaType, message.body])).toEqual([
      [false, 'chat', 'Olá, preciso de ajuda com meu pedido'],
      [false, 'image', 'Foto da nota fiscal'],
    ]);
    const file = await server.app.inject({ method: 'GET', url: messages[1].mediaUrl, headers: bearer(a.token) });
    expect(file.rawPayload.equals(samples.jpeg)).toBe(true);
  });

  it('the attendant’s reply goes out through the socket, and the read receipt acks it', async () => {
    const ticket = await ticketOf('5511987654321');
    expect((await call('PUT', `/tickets/${ticket.id}`, { status: 'open', userId: a.userId })).statusCode).toBe(200);
    const reply = await call('POST', `/messages/${ticket.id}`, { body: 'Claro, qual o número do pedido?' });
    expect(reply.statusCode, reply.body).toBe(200);
    const messageId = reply.json().messages[0].id;
    const providerId = await eventually(async () => {
      const sent = (await server.wiring.store.readStream(messageStream(messageId))).find((event) => event.type === 'MessageSent');
      expect(sent).toBeDefined();
      return (sent!.data as { providerId: string }).providerId;
    });
    expect(factory.current.sent.at(-1)).toMatchObject({ jid: '5511987654321@s.whatsapp.net', content: { text: 'Claro, qual o número do pedido?' } });
    emit('messages.update', [{ key: { remoteJid: '5511987654321@s.whatsapp.net', fromMe: true, id: providerId }, update: { status: 4 } }]);
    await eventually(async () => expect((await messagesOf(ticket.id)).find((message) => message.id === messageId)).toMatchObject({ ack: 3, providerId }));
  });

  it('edits and deletions by the contact, and a message sent from the phone itself (recorded, never sent again)', async () => {
    const ticket = await ticketOf('5511987654321');
    const sentBefore = factory.current.sent.length;
    emit('messages.update', recorded('edit', 'messages.update').payload);
    emit('messages.update', [recorded('revoke', 'messages.update').payload[0]!]);
    emit('messages.upsert', recorded('from-me-phone', 'messages.upsert').payload);
    await eventually(async () => {
      const messages = await messagesOf(ticket.id);
      expect(messages.map((message) => [message.fromMe, message.body, message.isEdited, message.isDeleted])).toEqual([
        [false, 'Olá, preciso de ajuda com o pedido 4521', true, false],
        [false, 'Foto da nota fiscal', false, true],
        // In time order: the recorded phone message is older than the reply written now.
        [true, 'Seu pedido saiu para entrega', false, false],
        [true, 'Claro, qual o número do pedido?', false, false],
      ]);
    });
    await server.wiring.reactors.waitForPosition((await server.wiring.store.readStream(connectionStream(connectionId))).at(-1)!.position);
    expect(factory.current.sent.length).toBe(sentBefore);
  });

  it('typing reaches the company’s sockets as a presence frame of the ticket', async () => {
    const ticket = await ticketOf('5511987654321');
    const frames: unknown[] = [];
    const subscription = await server.wiring.bus.subscribe(`company.${a.companyId}.presence`, (message) => void frames.push(message.data));
    try {
      emit('presence.update', { id: '5511987654321@s.whatsapp.net', presences: { '5511987654321@s.whatsapp.net': { lastKnownPresence: 'composing' } } });
      // `audience` is what the edge's visibility rule reads (the ticket's status, holder, queue).
      await eventually(async () =>
        expect(frames).toEqual([{ ticketId: ticket.id, presence: 'composing', audience: expect.objectContaining({ status: ticket.status }) }]),
      );
    } finally {
      await subscription.unsubscribe();
    }
  });

  it('a call is rejected when the company does not take calls, and logged in the conversation', async () => {
    expect((await call('PUT', '/settings/acceptCallWhatsapp', { value: 'disabled' })).statusCode).toBe(200);
    emit('call', recorded('call-offer', 'call').payload);
    const ticket = await ticketOf('5511987654321');
    await eventually(async () =>
      expect((await messagesOf(ticket.id)).find((message) => message.mediaType === 'call_log')).toMatchObject({
        fromMe: false,
        body: expect.stringContaining('recusada'),
      }),
    );
    expect(factory.current.rejectedCalls).toEqual([{ callId: 'D2A1C0B9E8F7A6B5C4D3E2F1A0B9C8D7', from: '140913951141911@lid' }]);
  });

  it('a restart resumes the pairing from Postgres without a QR code; logged out on the phone → DISCONNECTED with the pairing forgotten', async () => {
    const before = factory.sockets.length;
    await server.wiring.sessions.stop();
    await server.wiring.sessions.start();
    const resumed = await factory.socket(before + 1);
    expect(resumed.auth.creds.me?.id).toBe(PHONE_JID);
    resumed.open(PHONE_JID);
    await eventually(async () => expect(await connectionNow()).toMatchObject({ status: 'CONNECTED' }));
    const reported = (await server.wiring.store.readStream(connectionStream(connectionId)))
      .filter((event) => event.type === 'ConnectionSessionChanged')
      .map((event) => (event.data as { status: string }).status);
    expect(reported.slice(reported.lastIndexOf('CONNECTED', reported.length - 2) + 1)).not.toContain('qrcode');

    resumed.close(DisconnectReason.loggedOut);
    await eventually(async () => expect(await connectionNow()).toMatchObject({ status: 'DISCONNECTED', qrcode: '' }));
    const rows = await sql<{ count: string }>`select count(*) from channels.whatsapp_auth where connection_id = ${connectionId}`.execute(server.wiring.db);
    expect(Number(rows.rows[0]!.count)).toBe(0);
    expect(factory.sockets.length).toBe(before + 1);
  });
});
