import { testDatabase } from '@conversa/testing/database';
import { DisconnectReason, type BaileysEventMap, type WAMessage } from '@whiskeysockets/baileys';
import type { ReadDatabase } from '@conversa/projections/database';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OutboundMessage } from '../src/port';
import type { SessionConnection } from '../src/session-port';
import { createWhatsappAuthStore, migrateWhatsappAuth, type WhatsappAuthStore } from '../src/whatsapp/auth-state';
import { createWhatsappDriver } from '../src/whatsapp/driver';
import type { WhatsappSession, WhatsappSessionOptions } from '../src/whatsapp/session';
import { recorded } from './whatsapp-fixtures';
import { connectionView, FakeSocketFactory, RecordingHooks } from './whatsapp-fakes';

let db: Kysely<ReadDatabase>;
let drop: () => Promise<void>;
let auth: WhatsappAuthStore;
let nextConnection = 100;
const running: WhatsappSession[] = [];

beforeAll(async () => {
  const database = await testDatabase('wa_session');
  drop = database.drop;
  const pool = new pg.Pool({ connectionString: database.url, max: 4 });
  // The teardown's drop terminates connections the pool may still be closing; that is no test failure.
  pool.on('error', () => {});
  db = new Kysely<ReadDatabase>({ dialect: new PostgresDialect({ pool }) });
  await migrateWhatsappAuth(db);
  auth = createWhatsappAuthStore(db);
});
afterEach(async () => {
  for (const session of running.splice(0)) await session.stop();
});
afterAll(async () => {
  await db?.destroy();
  await drop?.();
});

const PHONE_JID = '5511912345678:3@s.whatsapp.net';

interface Setup {
  factory: FakeSocketFactory;
  hooks: RecordingHooks;
  session: WhatsappSession;
  connection: SessionConnection;
  downloads: string[];
  presences: Array<{ number: string; presence: string }>;
}

/** A session on a fake socket, with hooks that record; `view` overrides the connection's settings. */
async function startSession(
  options: { view?: Parameters<typeof connectionView>[0]; fresh?: boolean; session?: Partial<WhatsappSessionOptions>; id?: number } = {},
): Promise<Setup> {
  const factory = new FakeSocketFactory();
  const id = options.id ?? (nextConnection += 1);
  const view = connectionView({ id, ...options.view });
  const hooks = new RecordingHooks(view);
  const downloads: string[] = [];
  const presences: Setup['presences'] = [];
  const driver = createWhatsappDriver({
    auth,
    makeSocket: factory.make,
    backoff: { initialMs: 1, maxMs: 4 },
    historyQuietMs: 5,
    sendWaitMs: 2_000,
    downloadMedia: async (message: WAMessage) => {
      downloads.push(message.key.id!);
      return Readable.from([Buffer.from(`bytes of ${message.key.id}`)]);
    },
    publishPresence: async (_target, chat, presence) => {
      presences.push({ number: chat.number, presence });
    },
    ...options.session,
  });
  const connection: SessionConnection = { id, companyId: 1, channel: 'whatsapp', settings: view, account: null };
  const session = (await driver.start(connection, hooks, { fresh: options.fresh ?? false })) as WhatsappSession;
  running.push(session);
  return { factory, hooks, session, connection, downloads, presences };
}

/** A connected session (already paired in the store). */
async function connected(options: Parameters<typeof startSession>[0] = {}): Promise<Setup> {
  const setup = await startSession(options);
  setup.factory.current.open(PHONE_JID);
  await setup.session.idle();
  return setup;
}

const upsert = (setup: Setup, name: string) => setup.factory.current.ev.emit('messages.upsert', recorded(name, 'messages.upsert').payload);

function outbound(overrides: Partial<OutboundMessage> = {}): OutboundMessage {
  return {
    companyId: 1,
    whatsappId: 7,
    channel: 'whatsapp',
    contact: { number: '5511987654321', isGroup: false },
    messageId: '0190f1a2-0000-7000-8000-000000000001',
    body: 'Olá, Ana!',
    mediaType: 'chat',
    media: null,
    location: null,
    quotedProviderId: null,
    ...overrides,
  };
}

describe('WhatsApp session: pairing and connection', () => {
  it('shows QR codes, saves the pairing in Postgres, restarts when asked, and a later start resumes without a QR code', async () => {
    const { factory, hooks, session, connection } = await startSession({ fresh: true });
    const first = factory.current;
    first.ev.emit('connection.update', { qr: '2@first-qr', connection: 'connecting' });
    first.ev.emit('connection.update', { qr: '2@second-qr' });
    first.paired(PHONE_JID);
    // After pairing WhatsApp closes with restartRequired: a new socket opens at once, not a failure.
    first.close(DisconnectReason.restartRequired);
    const second = await factory.socket(2);
    second.open(PHONE_JID);
    await session.idle();

    expect(hooks.reports()).toEqual([
      { status: 'OPENING', qrcode: '', retries: 0 },
      { status: 'qrcode', qrcode: '2@first-qr', retries: 0 },
      { status: 'qrcode', qrcode: '2@second-qr', retries: 0 },
      { status: 'PAIRING', qrcode: '', retries: 0 },
      { status: 'CONNECTED', qrcode: '', retries: 0, number: '5511912345678' },
    ]);
    expect(await auth.isRegistered(connection.id)).toBe(true);
    // The new socket got the saved identity, not fresh credentials.
    expect(second.auth.creds.me?.id).toBe(PHONE_JID);
    expect(second.config.emitOwnEvents).toBe(false);

    await session.stop();
    expect(second.ended).toBe(true);
    // Another process (or a restart) takes the connection over: it opens straight away, no QR code.
    const resumed = await startSession({ id: connection.id });
    expect(resumed.factory.current.auth.creds.me?.id).toBe(PHONE_JID);
    resumed.factory.current.open(PHONE_JID);
    await resumed.session.idle();
    expect(resumed.hooks.reports().map((report) => report.status)).toEqual(['OPENING', 'CONNECTED']);
  });

  it('reconnects with backoff after a dropped connection, counting retries, showing TIMEOUT after five, and CONNECTED again with retries reset', async () => {
    const { factory, hooks, session } = await connected({ session: { timeoutAfterRetries: 5 } });
    for (let attempt = 1; attempt <= 6; attempt++) {
      factory.current.close(attempt % 2 === 0 ? DisconnectReason.connectionLost : DisconnectReason.connectionClosed);
      await factory.socket(attempt + 1);
    }
    factory.current.open(PHONE_JID);
    await session.idle();
    expect(hooks.reports().slice(2)).toEqual([
      { status: 'OPENING', qrcode: '', retries: 1 },
      { status: 'OPENING', qrcode: '', retries: 2 },
      { status: 'OPENING', qrcode: '', retries: 3 },
      { status: 'OPENING', qrcode: '', retries: 4 },
      { status: 'TIMEOUT', qrcode: '', retries: 5 },
      { status: 'TIMEOUT', qrcode: '', retries: 6 },
      { status: 'CONNECTED', qrcode: '', retries: 0, number: '5511912345678' },
    ]);
    expect(factory.sockets).toHaveLength(7);
  });

  it('logged out on the phone: the pairing is forgotten, the session ends (DISCONNECTED) and does not reconnect', async () => {
    const { factory, hooks, session, connection } = await connected();
    factory.current.paired(PHONE_JID);
    await session.idle();
    expect(await auth.isRegistered(connection.id)).toBe(true);
    factory.current.close(DisconnectReason.loggedOut);
    await session.settled();
    expect(hooks.of('ended')).toEqual([{ hook: 'ended', reason: 'logged out on the phone' }]);
    expect(await auth.isRegistered(connection.id)).toBe(false);
    expect(factory.sockets).toHaveLength(1);
  });

  it('a QR code nobody reads ends the session; disconnect logs the device out and forgets the pairing', async () => {
    const unread = await startSession({ fresh: true });
    unread.factory.current.ev.emit('connection.update', { qr: '2@qr' });
    unread.factory.current.close(DisconnectReason.timedOut);
    await unread.session.settled();
    expect(unread.hooks.of('ended').map((call) => call.reason)).toEqual(['the QR code expired without being read']);

    const { factory, session, connection } = await connected();
    factory.current.paired(PHONE_JID);
    await session.idle();
    await session.logout();
    expect(factory.current.loggedOut).toBe(true);
    expect(await auth.isRegistered(connection.id)).toBe(false);
  });

  it('sends wait for a reconnecting session, and fail with a reason when it does not come back in time', async () => {
    const { factory, session } = await connected();
    factory.current.close(DisconnectReason.connectionLost);
    await session.idle();
    const sending = session.send(outbound());
    const socket = await factory.socket(2);
    socket.open(PHONE_JID);
    expect(await sending).toEqual({ providerId: '3EB0FAKE000001' });
    expect(socket.sent[0]).toMatchObject({ jid: '5511987654321@s.whatsapp.net', content: { text: 'Olá, Ana!' } });

    const down = await startSession({ session: { sendWaitMs: 20 } });
    await expect(down.session.send(outbound())).rejects.toThrow('the WhatsApp session is not connected');
  });
});

describe('WhatsApp session: inbound events through the hooks', () => {
  it('text, media (downloaded into the media store), location, contact card and groups become received messages', async () => {
    const setup = await connected();
    const { hooks, session, downloads } = setup;
    for (const name of ['text-lid', 'image', 'document-with-caption', 'location', 'contact-vcard', 'group-text']) upsert(setup, name);
    await session.idle();

    const received = hooks.of('receiveMessage').map((call) => call.input);
    expect(received.map((input) => [input.providerId, input.contact.number, input.mediaType])).toEqual([
      ['3EB0C4F1A2B3D4E5F60718', '5511987654321', 'chat'],
      ['3EB0D1D2D3D4D5D6D7D8D9', '5511987654321', 'image'],
      ['3EB0E1E2E3E4E5E6E7E8E9', '5511987654321', 'application'],
      ['3EB0F1F2F3F4F5F6F7F8F9', '5511987654321', 'locationMessage'],
      ['3EB0A0A1A2A3A4A5A6A7A8', '5511987654321', 'contactMessage'],
      ['3EB0B1B2B3B4B5B6B7B8B9', '120363025246125486', 'chat'],
    ]);
    expect(received[0]).toMatchObject({
      contact: { name: 'Ana Souza', isGroup: false },
      body: 'Olá, preciso de ajuda com meu pedido',
      receivedAt: new Date(1763740800 * 1000),
    });
    expect(downloads).toEqual(['3EB0D1D2D3D4D5D6D7D8D9', '3EB0E1E2E3E4E5E6E7E8E9']);
    expect(hooks.of('saveMedia').map((call) => [call.name, call.mime, call.bytes])).toEqual([
      ['image.jpeg', 'image/jpeg', 'bytes of 3EB0D1D2D3D4D5D6D7D8D9'],
      ['boleto-novembro.pdf', 'application/pdf', 'bytes of 3EB0E1E2E3E4E5E6E7E8E9'],
    ]);
    expect(received[1]).toMatchObject({ body: 'Foto da nota fiscal', media: { name: 'image.jpeg' } });
    expect(received[3]).toMatchObject({ location: { latitude: -23.5613991, longitude: -46.6565712 } });
    // The group's subject comes from the socket; groupAsTicket disabled keeps it out of the queues.
    expect(received[5]).toMatchObject({
      contact: { name: 'Clientes VIP', isGroup: true },
      participant: { number: '5521998877665', name: 'Carlos Lima' },
      ticketStatus: 'group',
    });
  });

  it('a redelivered message is not downloaded or recorded again', async () => {
    const setup = await connected();
    upsert(setup, 'image');
    upsert(setup, 'image');
    await setup.session.idle();
    expect(setup.downloads).toHaveLength(1);
    expect(setup.hooks.of('receiveMessage')).toHaveLength(1);
  });

  it('a file the store refuses keeps the message with its text', async () => {
    const setup = await connected({
      session: {
        downloadMedia: async () => {
          throw new Error('media expired');
        },
      },
    });
    upsert(setup, 'audio-ptt');
    await setup.session.idle();
    expect(setup.hooks.of('receiveMessage').map((call) => [call.input.mediaType, call.input.body, call.input.media])).toEqual([
      ['chat', '[audio/ogg; codecs=opus]', null],
    ]);
  });

  it('messages from the phone itself are recorded as sent elsewhere; groups are ignored when the connection does not allow them', async () => {
    const setup = await connected({ view: { allowGroup: false } });
    upsert(setup, 'from-me-phone');
    upsert(setup, 'group-text');
    await setup.session.idle();
    expect(setup.hooks.of('recordSentElsewhere').map((call) => [call.input.providerId, call.input.contact.number, call.input.body])).toEqual([
      ['3A5566778899AABBCCDD', '5511987654321', 'Seu pedido saiu para entrega'],
    ]);
    expect(setup.hooks.of('receiveMessage')).toEqual([]);
  });

  it('a LID without its phone in the message is resolved through the pairs Baileys stored', async () => {
    const setup = await connected();
    setup.factory.lidToPhone.set('140913951141911', '5511987654321@s.whatsapp.net');
    upsert(setup, 'text-lid-only');
    await setup.session.idle();
    expect(setup.hooks.of('receiveMessage')[0]!.input.contact.number).toBe('5511987654321');
  });

  it('acks of our messages name Conversa’s message id when this session sent it; edits, revokes and reactions go to their hooks', async () => {
    const setup = await connected();
    const { providerId } = await setup.session.send(outbound());
    setup.factory.current.ev.emit('messages.update', [
      { key: { remoteJid: '5511987654321@s.whatsapp.net', fromMe: true, id: providerId }, update: { status: 3 } },
      ...recorded('edit', 'messages.update').payload,
      ...recorded('revoke', 'messages.update').payload,
    ]);
    setup.factory.current.ev.emit('message-receipt.update', recorded('receipts', 'message-receipt.update').payload);
    setup.factory.current.ev.emit('messages.reaction', recorded('reaction', 'messages.reaction').payload);
    await setup.session.idle();

    expect(setup.hooks.of('messageAck')).toEqual([
      { hook: 'messageAck', providerId, ack: 2, messageId: '0190f1a2-0000-7000-8000-000000000001' },
      { hook: 'messageAck', providerId: '3EB0123456789ABCDEF012', ack: 2, messageId: undefined },
      { hook: 'messageAck', providerId: '3EB0123456789ABCDEF012', ack: 3, messageId: undefined },
    ]);
    expect(setup.hooks.of('messageEdited')).toEqual([
      { hook: 'messageEdited', providerId: '3EB0C4F1A2B3D4E5F60718', body: 'Olá, preciso de ajuda com o pedido 4521', fromMe: false },
    ]);
    expect(setup.hooks.of('messageDeleted')).toEqual([
      { hook: 'messageDeleted', providerId: '3EB0D1D2D3D4D5D6D7D8D9', fromMe: false },
      { hook: 'messageDeleted', providerId: '3A5566778899AABBCCDD', fromMe: true },
    ]);
    expect(setup.hooks.of('receiveMessage').map((call) => [call.input.mediaType, call.input.body, call.input.quotedProviderId])).toEqual([
      ['reactionMessage', '👍', '3EB0AABBCCDDEEFF001122'],
    ]);
  });

  it('calls are rejected when the company does not take them, and logged either way', async () => {
    const refusing = await connected();
    refusing.hooks.settings = { acceptCallWhatsapp: 'disabled' };
    refusing.factory.current.ev.emit('call', recorded('call-offer', 'call').payload);
    await refusing.session.idle();
    expect(refusing.factory.current.rejectedCalls).toEqual([{ callId: 'D2A1C0B9E8F7A6B5C4D3E2F1A0B9C8D7', from: '140913951141911@lid' }]);
    expect(refusing.hooks.of('receiveMessage').map((call) => [call.input.mediaType, call.input.contact.number, call.input.providerId])).toEqual([
      ['call_log', '5511987654321', 'call-D2A1C0B9E8F7A6B5C4D3E2F1A0B9C8D7'],
    ]);

    const taking = await connected();
    taking.factory.current.ev.emit('call', recorded('call-offer', 'call').payload);
    await taking.session.idle();
    expect(taking.factory.current.rejectedCalls).toEqual([]);
    expect(taking.hooks.of('receiveMessage').map((call) => call.input.body)).toEqual(['Chamada de voz recebida']);
  });

  it('typing and recording are published as presence', async () => {
    const setup = await connected();
    setup.factory.current.ev.emit('lid-mapping.update', recorded('lid-mapping', 'lid-mapping.update').payload);
    // The fixture records two successive presence.update events.
    const [typing, recording] = recorded('presence', 'presence.update').payload as unknown as Array<BaileysEventMap['presence.update']>;
    setup.factory.current.ev.emit('presence.update', typing!);
    setup.factory.current.ev.emit('presence.update', recording!);
    await setup.session.idle();
    expect(setup.presences).toEqual([
      { number: '5511987654321', presence: 'composing' },
      { number: '5511987654321', presence: 'recording' },
    ]);
  });
});

describe('WhatsApp session: outbound', () => {
  it('sends text, replies quoting the message, files, places, contact cards and reactions in the shapes Baileys takes', async () => {
    const setup = await connected();
    upsert(setup, 'text-lid');
    await setup.session.idle();
    const socket = setup.factory.current;
    const file = { url: '/media/1/f.jpg', name: 'foto.jpg', mime: 'image/jpeg', size: 5, read: async () => Readable.from([Buffer.from('image')]) };

    await setup.session.send(outbound({ body: 'Claro!', quotedProviderId: '3EB0C4F1A2B3D4E5F60718' }));
    await setup.session.send(outbound({ body: 'Segue a foto', mediaType: 'image', media: file }));
    await setup.session.send(outbound({ body: 'Loja', mediaType: 'locationMessage', location: { latitude: -23.56, longitude: -46.65, name: 'Loja' } }));
    await setup.session.send(
      outbound({ body: 'BEGIN:VCARD\nVERSION:3.0\nFN:Carlos Lima\nTEL;type=CELL;waid=5521998877665:+5521998877665\nEND:VCARD', mediaType: 'contactMessage' }),
    );
    await setup.session.send(outbound({ body: '❤️', mediaType: 'reactionMessage', quotedProviderId: '3EB0C4F1A2B3D4E5F60718' }));
    await setup.session.send(outbound({ contact: { number: '120363025246125486', isGroup: true }, body: 'Bom dia, grupo' }));

    expect(socket.sent[0]).toMatchObject({
      jid: '5511987654321@s.whatsapp.net',
      content: { text: 'Claro!' },
      // The quote carries the original content, so it renders on the contact's phone.
      options: { quoted: { key: { id: '3EB0C4F1A2B3D4E5F60718', fromMe: false }, message: { conversation: 'Olá, preciso de ajuda com meu pedido' } } },
    });
    expect(socket.sent[1]!.content).toMatchObject({ image: { stream: expect.any(Readable) }, caption: 'Segue a foto', mimetype: 'image/jpeg' });
    expect(socket.sent[2]!.content).toEqual({ location: { degreesLatitude: -23.56, degreesLongitude: -46.65, name: 'Loja' } });
    expect(socket.sent[3]!.content).toMatchObject({
      contacts: { displayName: 'Carlos Lima', contacts: [{ vcard: expect.stringContaining('waid=5521998877665') }] },
    });
    expect(socket.sent[4]!.content).toEqual({
      react: { text: '❤️', key: { remoteJid: '5511987654321@s.whatsapp.net', id: '3EB0C4F1A2B3D4E5F60718', fromMe: false } },
    });
    expect(socket.sent[5]!.jid).toBe('120363025246125486@g.us');
  });
});

describe('WhatsApp session: history import', () => {
  it('after a new pairing, imports the messages of the chosen period (groups only when asked), oldest first, with progress', async () => {
    const setup = await startSession({
      fresh: true,
      view: { importOldMessages: '2025-11-21T16:00:00.000Z', importRecentMessages: '2025-11-21T17:00:00.000Z', importOldMessagesGroups: false },
    });
    const socket = setup.factory.current;
    socket.paired(PHONE_JID);
    socket.open(PHONE_JID);
    const inRange = recorded('text-lid', 'messages.upsert').payload.messages[0]!; // 16:40
    const laterInRange = recorded('from-me-phone', 'messages.upsert').payload.messages[0]!; // 16:58:20
    const group = recorded('group-text', 'messages.upsert').payload.messages[0]!;
    const tooOld = { ...inRange, key: { ...inRange.key, id: 'OLD1' }, messageTimestamp: 1763740800 - 86_400 };
    socket.ev.emit('messaging-history.set', { chats: [], contacts: [], messages: [laterInRange, tooOld, group, inRange], isLatest: true, progress: 100 });
    await setup.session.idle();
    // The quiet time after the last chunk passes: the import runs as one task of the session.
    while (!setup.hooks.of('importFinished').length) await new Promise((resolve) => setImmediate(resolve));
    await setup.session.idle();

    expect(setup.hooks.calls.filter((call) => call.hook.startsWith('import')).map((call) => call.hook)).toEqual([
      'importStarted',
      'importProgress',
      'importProgress',
      'importProgress',
      'importFinished',
    ]);
    const progress = setup.hooks.of('importProgress');
    expect(progress.map((call) => [call.processed, call.total])).toEqual([
      [0, -1],
      [1, 2],
      [2, 2],
    ]);
    expect(progress[1]!.ticketIds).toHaveLength(1);
    expect(setup.hooks.of('receiveMessage').map((call) => call.input.providerId)).toEqual(['3EB0C4F1A2B3D4E5F60718']);
    expect(setup.hooks.of('recordSentElsewhere').map((call) => call.input.providerId)).toEqual(['3A5566778899AABBCCDD']);
    expect(socket.config.syncFullHistory).toBe(true);
  });

  it('without an import asked, history is not requested', async () => {
    const setup = await startSession({ fresh: true });
    expect(setup.factory.current.config.syncFullHistory).toBe(false);
    expect(setup.factory.current.config.shouldSyncHistoryMessage?.({} as never)).toBe(false);
  });
});
