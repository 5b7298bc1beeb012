import { FakeGraphServer } from '@conversa/channels/meta/fake-graph';
import { signWebhookBody } from '@conversa/channels/meta/signature';
import { connectionStream } from '@conversa/contracts';
import { connection, runCommand } from '@conversa/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, signupCompany, type TestServer } from './harness';
import { startChannelServer } from './meta-harness';

/**
 * Issue 31: a Cloud API phone number id, a Facebook page id and an Instagram account id belong to at
 * most one live connection across all companies (409 ERR_CHANNEL_ALREADY_CONNECTED, race-free), a
 * deleted connection frees its id, and a webhook entry reaches exactly one connection.
 */
const WABA = '102290129340398';
const NUMBERS = ['106540352240001', '106540352240002', '106540352240003', '106540352240004'].map((id) => ({
  id,
  token: 'EAACLOUD-SYSTEM-USER-TOKEN-OWNER',
  displayPhoneNumber: '+1 555-078-3881',
}));
const PAGE = { id: '104857600000071', name: 'Loja Disputada', token: 'EAAPAGE-DISPUTADA', instagram: { id: '17841400000000071', username: 'lojadisputada' } };
const USER_A = { id: '10229000000000071', shortToken: 'EAASHORT-OWNER-A', longToken: 'EAALONG-OWNER-A' };
// Another Facebook login that also manages the page (a former employee, a shared account).
const USER_B = { id: '10229000000000072', shortToken: 'EAASHORT-OWNER-B', longToken: 'EAALONG-OWNER-B' };

let fake: FakeGraphServer;
let server: TestServer;
let a: { token: string; companyId: number };
let b: { token: string; companyId: number };

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const cloudConfig = (number: (typeof NUMBERS)[number]) => ({ phoneNumberId: number.id, businessAccountId: WABA, token: number.token });
const eventually = <T>(check: () => Promise<T>) => vi.waitFor(check, { timeout: 15_000, interval: 50 });

async function cloudConnection(token: string, name: string): Promise<number> {
  const created = await call(token, 'POST', '/whatsapp', { name, channel: 'whatsappapi' });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id;
}

async function pendingTickets(token: string): Promise<any[]> {
  const response = await call(token, 'GET', '/tickets?showAll=true&status=pending&pageNumber=1');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().tickets;
}

/** A contact's text to the Cloud API number, signed as Meta signs it. */
function deliverText(phoneNumberId: string, from: string, id: string, body: string) {
  const payload = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: WABA,
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: phoneNumberId },
              contacts: [{ profile: { name: 'Cliente' }, wa_id: from }],
              messages: [{ from, id, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body } }],
            },
          },
        ],
      },
    ],
  });
  return server.app.inject({
    method: 'POST',
    url: '/webhook',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signWebhookBody(payload, fake.app.secret) },
    payload,
  });
}

beforeAll(async () => {
  fake = await new FakeGraphServer({ id: '1234567890', secret: 'fake-app-secret' }).start();
  for (const number of NUMBERS) fake.cloudNumbers.set(number.id, number);
  fake.businessAccounts.set(WABA, { token: NUMBERS[0]!.token, phoneNumberIds: NUMBERS.map((number) => number.id), templates: [] });
  fake.pages.set(PAGE.id, PAGE);
  fake.users.set(USER_A.id, { shortToken: USER_A.shortToken, longToken: USER_A.longToken, pageIds: [PAGE.id] });
  fake.users.set(USER_B.id, { shortToken: USER_B.shortToken, longToken: USER_B.longToken, pageIds: [PAGE.id] });
  server = await startChannelServer({
    env: { META_APP_ID: fake.app.id, META_APP_SECRET: fake.app.secret, META_VERIFY_TOKEN: 'verify-owner', GRAPH_API_URL: fake.baseUrl },
  });
  const companyA = await signupCompany(server, 'Dona A', 321);
  a = { token: (await server.login(companyA.email, companyA.password)).token, companyId: companyA.companyId };
  const companyB = await signupCompany(server, 'Dona B', 322);
  b = { token: (await server.login(companyB.email, companyB.password)).token, companyId: companyB.companyId };
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

describe('a Cloud API phone number id', () => {
  it("is refused to another company's connection, and to a second one of the same company, while its owner lives", async () => {
    const mine = await cloudConnection(a.token, 'Cloud A');
    expect((await call(a.token, 'PUT', `/whatsapp/${mine}/cloud-api`, cloudConfig(NUMBERS[0]!))).statusCode).toBe(200);
    // Saving it again on its own connection is no conflict.
    expect((await call(a.token, 'PUT', `/whatsapp/${mine}/cloud-api`, cloudConfig(NUMBERS[0]!))).statusCode).toBe(200);
    for (const [token, name] of [
      [b.token, 'Cloud B'],
      [a.token, 'Cloud A2'],
    ] as const) {
      const other = await cloudConnection(token, name);
      const refused = await call(token, 'PUT', `/whatsapp/${other}/cloud-api`, cloudConfig(NUMBERS[0]!));
      expect([refused.statusCode, refused.json().error]).toEqual([409, 'ERR_CHANNEL_ALREADY_CONNECTED']);
      expect((await call(token, 'GET', `/whatsapp/${other}/cloud-api`)).json().phoneNumberId).toBeNull();
    }
  });

  it('goes to exactly one of two companies saving it at once', async () => {
    const [first, second] = [await cloudConnection(a.token, 'Corrida A'), await cloudConnection(b.token, 'Corrida B')];
    const answers = await Promise.all([
      call(a.token, 'PUT', `/whatsapp/${first}/cloud-api`, cloudConfig(NUMBERS[1]!)),
      call(b.token, 'PUT', `/whatsapp/${second}/cloud-api`, cloudConfig(NUMBERS[1]!)),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });

  it('is freed when its connection is deleted or moves to another number; a webhook for it then reaches only the new owner', async () => {
    const old = await cloudConnection(a.token, 'Antiga');
    expect((await call(a.token, 'PUT', `/whatsapp/${old}/cloud-api`, cloudConfig(NUMBERS[2]!))).statusCode).toBe(200);
    const taker = await cloudConnection(b.token, 'Nova');
    expect((await call(b.token, 'PUT', `/whatsapp/${taker}/cloud-api`, cloudConfig(NUMBERS[2]!))).statusCode).toBe(409);
    // The old connection moves to another number: the first is free.
    expect((await call(a.token, 'PUT', `/whatsapp/${old}/cloud-api`, cloudConfig(NUMBERS[3]!))).statusCode).toBe(200);
    expect((await call(b.token, 'PUT', `/whatsapp/${taker}/cloud-api`, cloudConfig(NUMBERS[2]!))).statusCode).toBe(200);
    // Then it is deleted: its number is free too.
    const later = await cloudConnection(b.token, 'Depois');
    expect((await call(b.token, 'PUT', `/whatsapp/${later}/cloud-api`, cloudConfig(NUMBERS[3]!))).statusCode).toBe(409);
    expect((await call(a.token, 'DELETE', `/whatsapp/${old}`)).statusCode).toBeLessThan(300);
    expect((await call(b.token, 'PUT', `/whatsapp/${later}/cloud-api`, cloudConfig(NUMBERS[3]!))).statusCode).toBe(200);

    const before = (await pendingTickets(a.token)).length;
    expect((await deliverText(NUMBERS[2]!.id, '5511955550071', 'wamid.OWNER-1', 'Meu pedido chegou?')).statusCode).toBe(200);
    await eventually(async () => expect((await pendingTickets(b.token)).some((ticket) => ticket.contact?.number === '5511955550071')).toBe(true));
    expect((await pendingTickets(a.token)).length).toBe(before);
  });

  it('reaches one connection of two that held it before claims existed: the oldest', async () => {
    // Two live connections holding one number, as data saved before this rule: written past the claim.
    const [older, newer] = [await cloudConnection(a.token, 'Legado A'), await cloudConnection(b.token, 'Legado B')];
    const legacyId = '106540352240099';
    for (const [connectionId, companyId] of [
      [older, a.companyId],
      [newer, b.companyId],
    ] as const) {
      const { position } = await runCommand(server.wiring.ctx, {
        decider: connection,
        streamId: connectionStream(connectionId),
        command: {
          type: 'ChangeConnectionAccount',
          account: { facebookUserId: WABA, facebookUserToken: null, facebookPageUserId: legacyId, tokenMeta: NUMBERS[0]!.token },
        },
        companyId,
        actor: { kind: 'system', id: 'test' },
      });
      await server.wiring.ctx.waitForProjections(position);
    }
    const seenByB = (await pendingTickets(b.token)).length;
    expect((await deliverText(legacyId, '5511955550072', 'wamid.OWNER-2', 'Olá')).statusCode).toBe(200);
    await eventually(async () => expect((await pendingTickets(a.token)).some((ticket) => ticket.contact?.number === '5511955550072')).toBe(true));
    expect((await pendingTickets(b.token)).length).toBe(seenByB);
  });
});

describe('a Facebook page and its Instagram account', () => {
  it("are refused to another company's login; the owner re-linking keeps its connections", async () => {
    const linked = await call(a.token, 'POST', '/facebook', { facebookUserId: USER_A.id, facebookUserToken: USER_A.shortToken, addInstagram: true });
    expect(linked.statusCode, linked.body).toBe(200);
    const ids = linked
      .json()
      .map((view: { id: number }) => view.id)
      .sort();
    expect(ids).toHaveLength(2);
    const refused = await call(b.token, 'POST', '/facebook', { facebookUserId: USER_B.id, facebookUserToken: USER_B.shortToken, addInstagram: true });
    expect([refused.statusCode, refused.json().error]).toEqual([409, 'ERR_CHANNEL_ALREADY_CONNECTED']);
    const theirs = (await call(b.token, 'GET', '/whatsapp')).json();
    expect(theirs.filter((view: { channel: string }) => view.channel === 'facebook' || view.channel === 'instagram')).toEqual([]);
    const again = await call(a.token, 'POST', '/facebook', { facebookUserId: USER_A.id, facebookUserToken: USER_A.shortToken, addInstagram: true });
    expect(again.statusCode, again.body).toBe(200);
    expect(
      again
        .json()
        .map((view: { id: number }) => view.id)
        .sort(),
    ).toEqual(ids);
  });
});
