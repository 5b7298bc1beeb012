import { FakeGraphServer } from '@conversa/channels/meta/fake-graph';
import { signWebhookBody } from '@conversa/channels/meta/signature';
import { messageStream } from '@conversa/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { metaFixture } from '../../channels/test/meta-fixtures';
import { samples } from '../../media/test/samples';
import { bearer, createUser, signupCompany, type TestServer } from './harness';
import { startChannelServer } from './meta-harness';

const VERIFY_TOKEN = 'conversa-verify-7f3a';
const USER_A = { id: '10229000000000001', shortToken: 'EAASHORT-A', longToken: 'EAALONG-A' };
const USER_B = { id: '10229000000000002', shortToken: 'EAASHORT-B', longToken: 'EAALONG-B' };
const PAGE_A = { id: '104857600000001', name: 'Loja Central', token: 'EAAPAGE-A', instagram: { id: '17841400000000001', username: 'lojacentral' } };
const PAGE_B = { id: '104857600000002', name: 'Outra Loja', token: 'EAAPAGE-B' };
const NUMBER = { id: '106540352242922', token: 'EAACLOUD', displayPhoneNumber: '+1 555-078-3881' };

let fake: FakeGraphServer;
let server: TestServer;
let a: { token: string; userId: number; companyId: number };
let b: { token: string; userId: number; companyId: number };

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

/** A webhook delivery as Meta makes it: the raw bytes, signed with the app secret. */
const deliver = (body: string, signature: string | null = signWebhookBody(body, fake.app.secret)) =>
  server.app.inject({
    method: 'POST',
    url: '/webhook',
    headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'x-hub-signature-256': signature }) },
    payload: body,
  });

async function ticketsOf(token: string): Promise<any[]> {
  const response = await call(token, 'GET', '/tickets?showAll=true&status=pending&pageNumber=1');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().tickets;
}

async function messagesOf(token: string, ticketId: number): Promise<any[]> {
  const response = await call(token, 'GET', `/messages/${ticketId}?pageNumber=1`);
  expect(response.statusCode, response.body).toBe(200);
  return [...response.json().messages].sort(
    (x: any, y: any) => x.createdAt.localeCompare(y.createdAt) || String(x.providerId).localeCompare(String(y.providerId)),
  );
}

/** Waits for the read model to show what `check` expects (webhook commands are recorded; projections follow). */
const eventually = <T>(check: () => Promise<T>) => vi.waitFor(check, { timeout: 15_000, interval: 50 });

async function linkPages(token: string, user: typeof USER_A, addInstagram = true) {
  return call(token, 'POST', '/facebook', { facebookUserId: user.id, facebookUserToken: user.shortToken, addInstagram });
}

beforeAll(async () => {
  // The app id the recorded Messenger echo of our own send carries.
  fake = await new FakeGraphServer({ id: '1234567890', secret: 'fake-app-secret' }).start();
  fake.pages.set(PAGE_A.id, PAGE_A);
  fake.pages.set(PAGE_B.id, PAGE_B);
  fake.users.set(USER_A.id, { shortToken: USER_A.shortToken, longToken: USER_A.longToken, pageIds: [PAGE_A.id] });
  fake.users.set(USER_B.id, { shortToken: USER_B.shortToken, longToken: USER_B.longToken, pageIds: [PAGE_B.id] });
  fake.cloudNumbers.set(NUMBER.id, NUMBER);
  fake.profiles.set('6543210987654321', { first_name: 'Ana', last_name: 'Souza' });
  server = await startChannelServer({
    // Meta sessions run (they check tokens and send); no WhatsApp connection is made here, so Baileys never starts.
    env: { META_APP_ID: fake.app.id, META_APP_SECRET: fake.app.secret, META_VERIFY_TOKEN: VERIFY_TOKEN, GRAPH_API_URL: fake.baseUrl },
  });
  const companyA = await signupCompany(server, 'Meta A', 81);
  a = { token: (await server.login(companyA.email, companyA.password)).token, userId: companyA.userId, companyId: companyA.companyId };
  const companyB = await signupCompany(server, 'Meta B', 82);
  b = { token: (await server.login(companyB.email, companyB.password)).token, userId: companyB.userId, companyId: companyB.companyId };
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

describe('Meta webhook: verify-token handshake (GET /webhook)', () => {
  it('answers the challenge for the configured token, and refuses any other', async () => {
    const ok = await server.app.inject({ method: 'GET', url: `/webhook?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444` });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const wrong = await server.app.inject({ method: 'GET', url: '/webhook?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ error: 'ERR_WEBHOOK_VERIFY_TOKEN' });
    const otherMode = await server.app.inject({ method: 'GET', url: `/webhook?hub.mode=unsubscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1` });
    expect(otherMode.statusCode).toBe(403);
    const missing = await server.app.inject({ method: 'GET', url: '/webhook?hub.mode=subscribe' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: 'ERR_VALIDATION' });
  });
});

describe('POST /facebook: linking pages (spec 2 §7)', () => {
  it('makes a facebook connection per page and an instagram one per linked account, subscribes the page, and starts their sessions', async () => {
    const response = await linkPages(a.token, USER_A);
    expect(response.statusCode, response.body).toBe(200);
    const linked = response.json() as any[];
    expect(linked.map((connection) => [connection.channel, connection.name, connection.facebookPageUserId])).toEqual([
      ['facebook', 'Loja Central', PAGE_A.id],
      ['instagram', 'lojacentral', PAGE_A.instagram.id],
    ]);
    // Tokens never reach the browser.
    expect(JSON.stringify(linked)).not.toContain('EAAPAGE');
    expect(fake.subscriptions.get(PAGE_A.id)).toEqual(
      expect.arrayContaining(['messages', 'message_echoes', 'message_deliveries', 'message_reads', 'message_reactions']),
    );
    // The sessions check the page token and show CONNECTED with the page's name.
    await eventually(async () => {
      const list = (await call(a.token, 'GET', '/whatsapp')).json() as any[];
      const meta = list.filter((connection) => connection.channel === 'facebook' || connection.channel === 'instagram');
      expect(meta.map((connection) => [connection.channel, connection.status, connection.number]).sort()).toEqual([
        ['facebook', 'CONNECTED', 'Loja Central'],
        ['instagram', 'CONNECTED', 'lojacentral'],
      ]);
    });
  });

  it('linking the same page again updates its tokens instead of adding connections', async () => {
    fake.pages.set(PAGE_A.id, { ...PAGE_A, token: 'EAAPAGE-A2' });
    const again = await linkPages(a.token, USER_A);
    expect(again.statusCode, again.body).toBe(200);
    const list = ((await call(a.token, 'GET', '/whatsapp')).json() as any[]).filter(
      (connection) => connection.channel === 'facebook' || connection.channel === 'instagram',
    );
    expect(list).toHaveLength(2);
    expect(
      again
        .json()
        .map((connection: any) => connection.id)
        .sort(),
    ).toEqual(list.map((connection) => connection.id).sort());
    fake.pages.set(PAGE_A.id, PAGE_A);
    expect((await linkPages(a.token, USER_A)).statusCode).toBe(200);
  });

  it('refuses a token Meta does not accept, a bad body and a plain user, writing nothing', async () => {
    const before = ((await call(a.token, 'GET', '/whatsapp')).json() as any[]).length;
    const refused = await call(a.token, 'POST', '/facebook', { facebookUserId: USER_A.id, facebookUserToken: 'EAAEXPIRED-TOKEN' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'ERR_META_TOKEN_INVALID' });
    const bad = await call(a.token, 'POST', '/facebook', { facebookUserId: 'abc', facebookUserToken: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'ERR_VALIDATION' });
    const plain = await createUser(server, a.companyId, 'Atendente');
    expect((await call(plain.token, 'POST', '/facebook', { facebookUserId: USER_A.id, facebookUserToken: USER_A.shortToken })).statusCode).toBe(403);
    expect(((await call(a.token, 'GET', '/whatsapp')).json() as any[]).length).toBe(before);
  });

  it('another company links its own page; it never sees company A’s connections', async () => {
    const response = await linkPages(b.token, USER_B, false);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().map((connection: any) => connection.channel)).toEqual(['facebook']);
    const ofB = (await call(b.token, 'GET', '/whatsapp')).json() as any[];
    expect(ofB.some((connection) => connection.facebookPageUserId === PAGE_A.id)).toBe(false);
    const idOfA = ((await call(a.token, 'GET', '/whatsapp')).json() as any[]).find((connection) => connection.channel === 'facebook').id;
    expect((await call(b.token, 'GET', `/whatsapp/${idOfA}`)).statusCode).toBe(404);
  });
});

describe('Meta webhook deliveries (POST /webhook)', () => {
  const messengerBody = () => metaFixture('messenger', { CDN: fake.origin });

  it('refuses unsigned and wrongly signed deliveries with a clear 4xx, storing nothing', async () => {
    const before = (await ticketsOf(a.token)).length;
    const body = messengerBody();
    const unsigned = await deliver(body, null);
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json()).toMatchObject({ error: 'ERR_WEBHOOK_SIGNATURE_MISSING' });
    const forged = await deliver(body, signWebhookBody(body, 'not-the-app-secret'));
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ error: 'ERR_INVALID_WEBHOOK_SIGNATURE' });
    // Signed for other bytes than the ones sent.
    const tampered = await deliver(body.replace('Campinas', 'Curitiba'), signWebhookBody(body, fake.app.secret));
    expect(tampered.statusCode).toBe(403);
    // Signed, but not JSON / not a Meta delivery.
    expect((await deliver('{"object": "page", "entry": [')).statusCode).toBe(400);
    const notMeta = await deliver(JSON.stringify({ object: 'user', entry: [] }));
    expect(notMeta.statusCode).toBe(400);
    expect(notMeta.json()).toMatchObject({ error: 'ERR_VALIDATION' });
    expect((await ticketsOf(a.token)).length).toBe(before);
  });

  it('Messenger: the contact (named from its profile) gets a ticket on the page’s connection with text, files from the CDN, a place, the inbox’s own answer, a reaction and an edit; a redelivery records nothing twice', async () => {
    fake.cdnFile('photo.jpg', samples.jpeg, 'image/jpeg');
    fake.cdnFile('orcamento.pdf', samples.pdf, 'application/pdf');
    const body = messengerBody();
    const first = await deliver(body);
    expect(first.statusCode, first.body).toBe(200);
    expect((await deliver(body)).statusCode).toBe(200);

    const connectionId = ((await call(a.token, 'GET', '/whatsapp')).json() as any[]).find((connection) => connection.channel === 'facebook').id;
    const ticket = await eventually(async () => {
      const found = (await ticketsOf(a.token)).find((candidate) => candidate.contact?.number === '6543210987654321');
      expect(found).toBeDefined();
      return found;
    });
    expect(ticket).toMatchObject({ channel: 'facebook', whatsappId: connectionId, contact: { name: 'Ana Souza', channel: 'facebook' } });
    const messages = await eventually(async () => {
      const list = await messagesOf(a.token, ticket.id);
      expect(list).toHaveLength(7);
      return list;
    });
    expect(messages.map((message) => [message.fromMe, message.mediaType, message.body, message.isEdited])).toEqual([
      [false, 'chat', 'Oi, vocês entregam em Campinas e Sumaré?', true],
      [false, 'image', 'Essa aqui', false],
      [false, 'application', '', false],
      [false, 'locationMessage', 'Minha casa', false],
      [true, 'chat', 'Entregamos sim!', false],
      [false, 'reactionMessage', '❤️', false],
      [false, 'chat', 'Falar com atendente', false],
    ]);
    // The file is in the media store, readable by the company.
    const photo = await server.app.inject({ method: 'GET', url: messages[1].mediaUrl, headers: bearer(a.token) });
    expect(photo.statusCode).toBe(200);
    expect(photo.rawPayload.equals(samples.jpeg)).toBe(true);
    // Company B (which holds another page) received none of it.
    expect((await ticketsOf(b.token)).some((candidate) => candidate.contact?.number === '6543210987654321')).toBe(false);
  });

  it('sends the attendant’s reply through the Send API as the page; the delivery receipt acks it', async () => {
    const ticket = (await ticketsOf(a.token)).find((candidate) => candidate.contact?.number === '6543210987654321');
    expect((await call(a.token, 'PUT', `/tickets/${ticket.id}`, { status: 'open', userId: a.userId })).statusCode).toBe(200);
    const sentBefore = fake.sent('/me/messages').length;
    const reply = await call(a.token, 'POST', `/messages/${ticket.id}`, { body: 'Entregamos em Sumaré também!' });
    expect(reply.statusCode, reply.body).toBe(200);
    const messageId = reply.json().messages[0].id;
    const sent = await eventually(async () => {
      const events = await server.wiring.store.readStream(messageStream(messageId));
      expect(events.map((event) => event.type)).toContain('MessageSent');
      return events.find((event) => event.type === 'MessageSent')!.data as { providerId: string };
    });
    const request = fake
      .sent('/me/messages')
      .slice(sentBefore)
      .find((candidate) => candidate.json?.message?.text === 'Entregamos em Sumaré também!');
    expect(request).toMatchObject({ query: { access_token: PAGE_A.token }, json: { recipient: { id: '6543210987654321' }, messaging_type: 'RESPONSE' } });
    expect(fake.violations).toEqual([]);

    const receipt = JSON.stringify({
      object: 'page',
      entry: [
        {
          id: PAGE_A.id,
          time: Date.now(),
          messaging: [
            {
              sender: { id: '6543210987654321' },
              recipient: { id: PAGE_A.id },
              timestamp: Date.now(),
              delivery: { mids: [sent.providerId], watermark: Date.now() },
            },
          ],
        },
      ],
    });
    expect((await deliver(receipt)).statusCode).toBe(200);
    await eventually(async () => {
      const mine = (await messagesOf(a.token, ticket.id)).find((message) => message.id === messageId);
      expect(mine).toMatchObject({ fromMe: true, ack: 2, providerId: sent.providerId });
    });
  });

  it('Instagram: messages reach the Instagram connection; a deleted message shows as deleted by the contact', async () => {
    expect((await deliver(metaFixture('instagram'))).statusCode).toBe(200);
    const ticket = await eventually(async () => {
      const found = (await ticketsOf(a.token)).find((candidate) => candidate.contact?.number === '1234567890123456');
      expect(found).toMatchObject({ channel: 'instagram' });
      return found;
    });
    await eventually(async () => {
      const messages = await messagesOf(a.token, ticket.id);
      expect(messages.map((message) => [message.body, message.isDeleted])).toEqual([
        ['Tem no tamanho M?', true],
        ['Look do dia\nhttps://lookaside.fbsbx.com/ig_messaging_cdn/?asset_id=1&signature=x', false],
      ]);
    });
  });
});

describe('WhatsApp Cloud API (whatsappapi)', () => {
  let cloudConnectionId: number;

  beforeAll(async () => {
    // A Cloud API number is linked by its phone number id and a system user token (set on the connection's account).
    const created = await call(a.token, 'POST', '/whatsapp', { name: 'Cloud', channel: 'whatsappapi' });
    expect(created.statusCode, created.body).toBe(201);
    cloudConnectionId = created.json().id;
    const { runCommand, connection } = await import('@conversa/core');
    const { connectionStream } = await import('@conversa/contracts');
    const actor = { kind: 'user' as const, id: a.userId };
    await runCommand(server.wiring.ctx, {
      decider: connection,
      streamId: connectionStream(cloudConnectionId),
      command: {
        type: 'ChangeConnectionAccount',
        account: { facebookUserId: null, facebookUserToken: null, facebookPageUserId: NUMBER.id, tokenMeta: NUMBER.token },
      },
      companyId: a.companyId,
      actor,
    });
    const { position } = await runCommand(server.wiring.ctx, {
      decider: connection,
      streamId: connectionStream(cloudConnectionId),
      command: { type: 'RequestSession', kind: 'start' },
      companyId: a.companyId,
      actor,
    });
    await server.wiring.ctx.waitForProjections(position);
    await server.wiring.sessions.reconcile();
  });

  it('inbound text, media fetched through the Graph API with the token, place, contact card, reaction and button reply land on the number’s connection; statuses ack our reply', async () => {
    const image = fake.cloudFile(samples.jpeg, 'image/jpeg', NUMBER.token);
    const document = fake.cloudFile(samples.pdf, 'application/pdf', NUMBER.token);
    const body = metaFixture('cloud', { IMAGE_ID: image, DOCUMENT_ID: document });
    expect((await deliver(body)).statusCode).toBe(200);
    const ticket = await eventually(async () => {
      const found = (await ticketsOf(a.token)).find((candidate) => candidate.contact?.number === '5511987654321' && candidate.whatsappId === cloudConnectionId);
      expect(found).toMatchObject({ channel: 'whatsapp_cloud', contact: { name: 'Ana Souza' } });
      return found;
    });
    const messages = await eventually(async () => {
      const list = await messagesOf(a.token, ticket.id);
      expect(list).toHaveLength(7);
      return list;
    });
    expect(messages.map((message) => [message.mediaType, message.body.split('\n')[0]])).toEqual([
      ['chat', 'Bom dia! Meu pedido não chegou.'],
      ['image', 'Comprovante'],
      ['application', 'nota-fiscal.pdf'],
      ['locationMessage', 'MASP - Av. Paulista, 1578'],
      ['contactMessage', 'BEGIN:VCARD'],
      ['reactionMessage', '🙏'],
      ['chat', 'Falar com atendente'],
    ]);
    const pdf = await server.app.inject({ method: 'GET', url: messages[2].mediaUrl, headers: bearer(a.token) });
    expect(pdf.rawPayload.equals(samples.pdf)).toBe(true);

    expect((await call(a.token, 'PUT', `/tickets/${ticket.id}`, { status: 'open', userId: a.userId })).statusCode).toBe(200);
    const reply = await call(a.token, 'POST', `/messages/${ticket.id}`, { body: 'Vou verificar!', quotedMsgId: messages[0].id });
    expect(reply.statusCode, reply.body).toBe(200);
    const messageId = reply.json().messages[0].id;
    const providerId = await eventually(async () => {
      const events = await server.wiring.store.readStream(messageStream(messageId));
      const sent = events.find((event) => event.type === 'MessageSent');
      expect(sent, JSON.stringify(events.map((event) => [event.type, (event.data as { reason?: string }).reason]))).toBeDefined();
      return (sent!.data as { providerId: string }).providerId;
    });
    const request = fake.sent(`/${NUMBER.id}/messages`).find((candidate) => candidate.json?.text?.body === 'Vou verificar!');
    expect(request).toMatchObject({
      bearer: NUMBER.token,
      json: {
        messaging_product: 'whatsapp',
        to: '5511987654321',
        type: 'text',
        context: { message_id: 'wamid.HBgNNTUxMTk4NzY1NDMyMRUCABIYFjNFQjBDNEYxQTJCM0Q0RTVGNjA3MTgA' },
      },
    });

    const statuses = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '102290129340398',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { phone_number_id: NUMBER.id },
                statuses: [{ id: providerId, status: 'read', timestamp: '1763741000', recipient_id: '5511987654321' }],
              },
            },
          ],
        },
      ],
    });
    expect((await deliver(statuses)).statusCode).toBe(200);
    await eventually(async () => {
      const mine = (await messagesOf(a.token, ticket.id)).find((message) => message.id === messageId);
      expect(mine).toMatchObject({ ack: 3 });
    });
    expect(fake.violations).toEqual([]);
  });
});
