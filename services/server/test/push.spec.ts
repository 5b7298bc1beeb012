import { inboundContext } from '@conversa/channels';
import { createPushReactor } from '@conversa/automation';
import { messageStream, ticketStream, type PushPayload } from '@conversa/contracts';
import { receiveMessage } from '@conversa/core';
import { openConnection } from '@conversa/projections/users/presence';
import { saveSubscription, setConnectionVisible } from '@conversa/projections/push/store';
import { startFakePushService, type FakePushService } from '@conversa/testing/pushService';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, signupCompany, startTestServer, type TestServer } from './harness';

/**
 * Web Push end to end (issue 37, item 4): the real product pushes through a local push service that holds the
 * protocol (aes128gcm, VAPID) and decrypts what arrives; who gets a push (queue members, the attendant of the
 * ticket; not with a visible tab, not with that kind turned off, not away by choice), and a second pass over the same
 * events (a restarted process replaying them) pushes nothing again.
 */
let server: TestServer;
let push: FakePushService;
let admin: { token: string; companyId: number };
let sales: number;
let ana: { userId: number; token: string };
let beto: { userId: number; token: string };
let phone = 5511990000000;

beforeAll(async () => {
  server = await startTestServer();
  push = await startFakePushService();
  const company = await signupCompany(server, 'Conversas Push', 53);
  admin = { token: (await server.login(company.email, company.password)).token, companyId: company.companyId };
  sales = (
    await server.app.inject({
      method: 'POST',
      url: '/queue',
      headers: bearer(admin.token),
      payload: { name: 'Vendas', color: '#2563eb', greetingMessage: 'Olá!' },
    })
  ).json().id;
  ana = await createUser(server, admin.companyId, 'Ana Push', { queueIds: [sales] });
  beto = await createUser(server, admin.companyId, 'Beto Push', { queueIds: [sales] });
}, 120_000);

afterAll(async () => {
  await push?.close();
  await server?.close();
});

async function waitingTicket(name: string) {
  const number = String((phone += 1));
  const contact = await server.app.inject({ method: 'POST', url: '/contacts', headers: bearer(admin.token), payload: { name, number } });
  const ticket = await server.app.inject({
    method: 'POST',
    url: '/tickets',
    headers: bearer(admin.token),
    payload: { contactId: contact.json().id, queueId: sales, status: 'pending' },
  });
  expect(ticket.statusCode).toBe(201);
  return { name, number, ticketId: ticket.json().id as number, uuid: ticket.json().uuid as string };
}

const subscribe = async (userId: number) => {
  const subscription = push.subscribe();
  await saveSubscription(server.wiring.db, { userId, companyId: admin.companyId }, subscription, new Date());
  return subscription;
};
const payloadOf = (index: number) => JSON.parse(push.received[index]!.payload) as PushPayload;

describe('push notifications', { timeout: 120_000 }, () => {
  it('stores a browser’s https subscription and settings per user, refusing what is not one', async () => {
    const status = await server.app.inject({ method: 'GET', url: '/push', headers: bearer(ana.token) });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({ publicKey: expect.stringMatching(/^[\w-]{87}$/), settings: { newTickets: true, newMessages: true } });
    const browser = { endpoint: 'https://push.example/send/abc', keys: { p256dh: push.subscribe().keys.p256dh, auth: 'AAAAAAAAAAAAAAAAAAAAAA' } };
    expect((await server.app.inject({ method: 'PUT', url: '/push/subscription', headers: bearer(ana.token), payload: browser })).statusCode).toBe(200);
    const plain = await server.app.inject({
      method: 'PUT',
      url: '/push/subscription',
      headers: bearer(ana.token),
      payload: { ...browser, endpoint: 'http://push.example/x' },
    });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().issues).toContainEqual(expect.objectContaining({ path: ['endpoint'] }));
    const short = await server.app.inject({
      method: 'PUT',
      url: '/push/subscription',
      headers: bearer(ana.token),
      payload: { ...browser, keys: { p256dh: 'abc', auth: 'x' } },
    });
    expect(short.statusCode).toBe(400);
    // Beto cannot remove Ana's; she can.
    await server.app.inject({ method: 'DELETE', url: '/push/subscription', headers: bearer(beto.token), payload: { endpoint: browser.endpoint } });
    expect(await server.wiring.db.selectFrom('push.subscriptions').select('user_id').where('endpoint', '=', browser.endpoint).executeTakeFirst()).toEqual({
      user_id: ana.userId,
    });
    await server.app.inject({ method: 'DELETE', url: '/push/subscription', headers: bearer(ana.token), payload: { endpoint: browser.endpoint } });
    expect(
      await server.wiring.db.selectFrom('push.subscriptions').select('user_id').where('endpoint', '=', browser.endpoint).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('pushes new tickets to the queue and new messages to the attendant, never to a visible tab or a kind turned off, and not twice after a restart', async () => {
    const anaBrowser = await subscribe(ana.userId);
    const betoBrowser = await subscribe(beto.userId);
    const publicKey = (await server.app.inject({ method: 'GET', url: '/push', headers: bearer(ana.token) })).json().publicKey;

    // A new ticket waiting in Vendas: both attendants of the queue, decrypted from the push service's side.
    const first = await waitingTicket('Cliente Push Um');
    await push.waitFor(2);
    expect(push.received.map((received) => received.subscriptionId).sort()).toEqual([anaBrowser.id, betoBrowser.id].sort());
    expect(payloadOf(0)).toEqual({ kind: 'ticket', ticketUuid: first.uuid, title: 'Cliente Push Um', body: 'Vendas' });
    expect(push.received[0]).toMatchObject({ vapidKey: publicKey, topic: `t${first.ticketId}`, ttl: 1800 });

    // Ana has a tab showing the app; Beto turned new tickets off: the second ticket pushes nothing.
    const tab = randomUUID();
    await openConnection(server.wiring.db, { connectionId: tab, userId: ana.userId, companyId: admin.companyId, sessionId: 'push-spec' }, new Date());
    expect(
      (await server.app.inject({ method: 'PUT', url: '/push/settings', headers: bearer(beto.token), payload: { newTickets: false, newMessages: true } })).json()
        .settings,
    ).toEqual({ newTickets: false, newMessages: true });
    await waitingTicket('Cliente Push Dois');
    // Her tab goes to the background (the visibility frame): the third ticket reaches her, and only her. The
    // reactor handles the log in order, so the second ticket was handled before it.
    await setConnectionVisible(server.wiring.db, tab, false);
    const third = await waitingTicket('Cliente Push Três');
    await push.waitFor(3);
    expect(push.received).toHaveLength(3);
    expect(push.received[2]!.subscriptionId).toBe(anaBrowser.id);
    expect(payloadOf(2).ticketUuid).toBe(third.uuid);

    // Ana attends the third ticket; its contact writes: a message push to her, with the text.
    expect(
      (
        await server.app.inject({
          method: 'PUT',
          url: `/tickets/${third.ticketId}`,
          headers: bearer(ana.token),
          payload: { status: 'open', userId: ana.userId, queueId: sales },
        })
      ).statusCode,
    ).toBe(200);
    const received = await receiveMessage(inboundContext(server.wiring.ctx), {
      companyId: admin.companyId,
      whatsappId: null,
      channel: 'whatsapp',
      contact: { number: third.number, name: third.name, isGroup: false },
      providerId: `push-${randomUUID()}`,
      body: 'Ainda tem o plano anual?',
      mediaType: 'chat',
      receivedAt: server.wiring.ctx.now(),
    });
    expect(received.ticketId).toBe(third.ticketId);
    await push.waitFor(4);
    expect(push.received[3]!.subscriptionId).toBe(anaBrowser.id);
    expect(payloadOf(3)).toEqual({ kind: 'message', ticketUuid: third.uuid, title: 'Cliente Push Três', body: 'Ainda tem o plano anual?' });

    // A restarted process handing the pushed events to the reactor again (its checkpoint behind them): nothing is pushed twice.
    const events = (
      await Promise.all(
        [...[first, third].map((ticket) => ticketStream(ticket.ticketId)), messageStream(received.messageId)].map((stream) =>
          server.wiring.store.readStream(stream),
        ),
      )
    ).flat();
    expect(events.filter((event) => event.type === 'TicketCreated' || event.type === 'MessageReceived')).toHaveLength(3);
    let sent = 0;
    const again = createPushReactor({
      db: server.wiring.db,
      vapid: { publicKey, privateKey: 'unused', subject: 'mailto:x@example.com' },
      now: () => new Date(),
      logger: console,
      send: async () => {
        sent++;
        return { status: 'sent' };
      },
    });
    await again.react!(events);
    expect(sent).toBe(0);
    expect(push.received).toHaveLength(4);
    expect(push.refused).toEqual([]);

    // Ana sets herself away in the top bar: nothing for her; Beto, new tickets on again, gets the next one alone.
    expect((await server.app.inject({ method: 'PUT', url: '/users/me/status', headers: bearer(ana.token), payload: { status: 'away' } })).statusCode).toBe(200);
    await server.app.inject({ method: 'PUT', url: '/push/settings', headers: bearer(beto.token), payload: { newTickets: true, newMessages: true } });
    const fourth = await waitingTicket('Cliente Push Quatro');
    await push.waitFor(5);
    expect(push.received[4]!.subscriptionId).toBe(betoBrowser.id);
    expect(payloadOf(4).ticketUuid).toBe(fourth.uuid);
    // A later ticket (the reactor keeps the log's order) shows none went to Ana meanwhile.
    const fifth = await waitingTicket('Cliente Push Cinco');
    await push.waitFor(6);
    expect(push.received.slice(4).map((received) => received.subscriptionId)).toEqual([betoBrowser.id, betoBrowser.id]);
    expect(payloadOf(5).ticketUuid).toBe(fifth.uuid);
  });
});
