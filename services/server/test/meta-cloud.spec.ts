import { FakeGraphServer } from '@conversa/channels/meta/fake-graph';
import { signWebhookBody } from '@conversa/channels/meta/signature';
import { messageStream } from '@conversa/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createUser, signupCompany, type TestServer } from './harness';
import { startChannelServer } from './meta-harness';

const NUMBER = { id: '106540352242922', token: 'EAACLOUD-SYSTEM-USER-TOKEN-0001', displayPhoneNumber: '+1 555-078-3881' };
const OTHER_NUMBER = { id: '106540352242999', token: 'EAACLOUD-OTHER-ACCOUNT-TOKEN-02', displayPhoneNumber: '+1 555-078-9999' };
const WABA = '102290129340398';
const TEMPLATE = {
  name: 'retomar_contato',
  language: 'pt_BR',
  status: 'APPROVED' as const,
  category: 'UTILITY',
  body: 'Olá {{1}}, podemos retomar seu atendimento sobre {{2}}?',
};

let fake: FakeGraphServer;
let server: TestServer;
let a: { token: string; userId: number; companyId: number };
let b: { token: string; userId: number; companyId: number };
let connectionId: number;

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const eventually = <T>(check: () => Promise<T>) => vi.waitFor(check, { timeout: 15_000, interval: 50 });

/** A contact's text on the Cloud API, signed as Meta signs it, written `at`. */
function deliverText(from: string, id: string, body: string, at: Date) {
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
              metadata: { display_phone_number: '15550783881', phone_number_id: NUMBER.id },
              contacts: [{ profile: { name: 'Bruna Lima' }, wa_id: from }],
              messages: [{ from, id, timestamp: String(Math.floor(at.getTime() / 1000)), type: 'text', text: { body } }],
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
  fake.cloudNumbers.set(NUMBER.id, NUMBER);
  fake.cloudNumbers.set(OTHER_NUMBER.id, OTHER_NUMBER);
  fake.businessAccounts.set(WABA, {
    token: NUMBER.token,
    phoneNumberIds: [NUMBER.id],
    templates: [TEMPLATE, { ...TEMPLATE, name: 'em_analise', status: 'PENDING' }],
  });
  server = await startChannelServer({
    env: { META_APP_ID: fake.app.id, META_APP_SECRET: fake.app.secret, META_VERIFY_TOKEN: 'verify-cloud', GRAPH_API_URL: fake.baseUrl },
  });
  const companyA = await signupCompany(server, 'Cloud A', 83);
  a = { token: (await server.login(companyA.email, companyA.password)).token, userId: companyA.userId, companyId: companyA.companyId };
  const companyB = await signupCompany(server, 'Cloud B', 84);
  b = { token: (await server.login(companyB.email, companyB.password)).token, userId: companyB.userId, companyId: companyB.companyId };
  const created = await call(a.token, 'POST', '/whatsapp', { name: 'Cloud', channel: 'whatsappapi' });
  expect(created.statusCode, created.body).toBe(201);
  connectionId = created.json().id;
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

describe('WhatsApp Cloud API connection configured from the screen (PUT /whatsapp/:id/cloud-api)', () => {
  const config = { phoneNumberId: NUMBER.id, businessAccountId: WABA, token: NUMBER.token };

  it('refuses what the Graph API refuses, bad input, other companies and plain users, storing nothing', async () => {
    const wrongToken = await call(a.token, 'PUT', `/whatsapp/${connectionId}/cloud-api`, { ...config, token: 'EAAWRONG-TOKEN-THAT-META-REFUSES' });
    expect(wrongToken.statusCode, wrongToken.body).toBe(400);
    expect(wrongToken.json().error).toBe('ERR_CLOUD_API_INVALID');
    const notHeld = await call(a.token, 'PUT', `/whatsapp/${connectionId}/cloud-api`, { ...config, phoneNumberId: OTHER_NUMBER.id });
    expect(notHeld.statusCode).toBe(400);
    expect(notHeld.json().error).toBe('ERR_CLOUD_API_INVALID');
    const unknownAccount = await call(a.token, 'PUT', `/whatsapp/${connectionId}/cloud-api`, { ...config, businessAccountId: '999' });
    expect(unknownAccount.json().error).toBe('ERR_CLOUD_API_INVALID');
    for (const bad of [{ ...config, phoneNumberId: 'abc' }, { ...config, token: 'short' }, { ...config, extra: 1 }, {}]) {
      const response = await call(a.token, 'PUT', `/whatsapp/${connectionId}/cloud-api`, bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json().error).toBe('ERR_VALIDATION');
    }
    // No token stored yet and none given.
    expect((await call(a.token, 'PUT', `/whatsapp/${connectionId}/cloud-api`, { phoneNumberId: NUMBER.id, businessAccountId: WABA })).json().error).toBe(
      'ERR_VALIDATION',
    );
    expect((await call(b.token, 'PUT', `/whatsapp/${connectionId}/cloud-api`, config)).statusCode).toBe(404);
    const plain = await createUser(server, a.companyId, 'Atendente Cloud');
    expect((await call(plain.token, 'PUT', `/whatsapp/${connectionId}/cloud-api`, config)).statusCode).toBe(403);
    expect((await call(a.token, 'GET', `/whatsapp/${connectionId}/cloud-api`)).json()).toMatchObject({
      phoneNumberId: null,
      businessAccountId: null,
      tokenHint: null,
    });
  });

  it('checks the ids and token against the Graph API, stores them, never answers the token, and the number connects', async () => {
    const saved = await call(a.token, 'PUT', `/whatsapp/${connectionId}/cloud-api`, config);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ connectionId, phoneNumberId: NUMBER.id, businessAccountId: WABA, tokenHint: '…0001' });
    const check = fake.requests.find((request) => request.path === `/${WABA}/phone_numbers` && request.bearer === NUMBER.token);
    expect(check).toBeDefined();
    const read = await call(a.token, 'GET', `/whatsapp/${connectionId}/cloud-api`);
    expect(read.json()).toMatchObject({ phoneNumberId: NUMBER.id, tokenHint: '…0001' });
    for (const response of [saved, read, await call(a.token, 'GET', '/whatsapp'), await call(a.token, 'GET', `/whatsapp/${connectionId}`)])
      expect(response.body).not.toContain(NUMBER.token);
    // Saved again without the token: the stored one is kept.
    expect((await call(a.token, 'PUT', `/whatsapp/${connectionId}/cloud-api`, { phoneNumberId: NUMBER.id, businessAccountId: WABA })).statusCode).toBe(200);
    await server.wiring.sessions.reconcile();
    await eventually(async () => {
      const connection = (await call(a.token, 'GET', `/whatsapp/${connectionId}`)).json();
      expect(connection.status).toBe('CONNECTED');
    });
  });
});

describe('message templates on a closed 24-hour window', () => {
  let ticketId: number;

  beforeAll(async () => {
    const twoDaysAgo = new Date(Date.now() - 48 * 3_600_000);
    expect((await deliverText('5511976543210', 'wamid.CLOSED-WINDOW-1', 'Oi, tudo bem?', twoDaysAgo)).statusCode).toBe(200);
    const ticket = await eventually(async () => {
      const tickets = (await call(a.token, 'GET', '/tickets?showAll=true&status=pending&pageNumber=1')).json().tickets as any[];
      const found = tickets.find((candidate) => candidate.contact?.number === '5511976543210');
      expect(found).toBeDefined();
      return found;
    });
    ticketId = ticket.id;
    await eventually(async () => expect((await call(a.token, 'GET', `/messages/${ticketId}?pageNumber=1`)).json().messages).toHaveLength(1));
    expect((await call(a.token, 'PUT', `/tickets/${ticketId}`, { status: 'open', userId: a.userId })).statusCode).toBe(200);
  });

  it('lists the approved templates with the window closed', async () => {
    const response = await call(a.token, 'GET', `/messages/${ticketId}/templates`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      windowOpen: false,
      windowClosesAt: null,
      templates: [{ name: TEMPLATE.name, language: 'pt_BR', category: 'UTILITY', body: TEMPLATE.body, parameters: 2 }],
    });
    expect(fake.requests.some((request) => request.path === `/${WABA}/message_templates` && request.bearer === NUMBER.token)).toBe(true);
    expect((await call(b.token, 'GET', `/messages/${ticketId}/templates`)).statusCode).toBe(404);
  });

  it('a ticket whose contact wrote within 24 hours has its window open: no templates offered, Meta not asked', async () => {
    const other = new Date();
    expect((await deliverText('5511976540000', 'wamid.OPEN-WINDOW-1', 'Oi de novo', other)).statusCode).toBe(200);
    const ticket = await eventually(async () => {
      const tickets = (await call(a.token, 'GET', '/tickets?showAll=true&status=pending&pageNumber=1')).json().tickets as any[];
      const found = tickets.find((candidate) => candidate.contact?.number === '5511976540000');
      expect(found).toBeDefined();
      return found;
    });
    await eventually(async () => expect((await call(a.token, 'GET', `/messages/${ticket.id}?pageNumber=1`)).json().messages).toHaveLength(1));
    const asked = fake.requests.length;
    const answer = (await call(a.token, 'GET', `/messages/${ticket.id}/templates`)).json();
    expect(answer).toMatchObject({ windowOpen: true, templates: [] });
    expect(Date.parse(answer.windowClosesAt)).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    expect(fake.requests.slice(asked).filter((request) => request.path.endsWith('/message_templates'))).toEqual([]);
  });

  it('sends a template through the sender (Graph type template), recorded as the attendant’s message with its text', async () => {
    const missing = await call(a.token, 'POST', `/messages/${ticketId}/template`, { name: 'em_analise', language: 'pt_BR', parameters: ['Bruna', 'pedido'] });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('ERR_NO_TEMPLATE_FOUND');
    const wrongCount = await call(a.token, 'POST', `/messages/${ticketId}/template`, { name: TEMPLATE.name, language: 'pt_BR', parameters: ['Bruna'] });
    expect(wrongCount.statusCode).toBe(400);
    expect((await call(a.token, 'POST', `/messages/${ticketId}/template`, { name: 'Bad Name', language: 'pt_BR' })).statusCode).toBe(400);
    expect(
      (await call(b.token, 'POST', `/messages/${ticketId}/template`, { name: TEMPLATE.name, language: 'pt_BR', parameters: ['Bruna', 'pedido'] })).statusCode,
    ).toBe(404);

    const sent = await call(a.token, 'POST', `/messages/${ticketId}/template`, {
      name: TEMPLATE.name,
      language: 'pt_BR',
      parameters: ['Bruna', 'o pedido 42'],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const message = sent.json().messages[0];
    expect(message).toMatchObject({ fromMe: true, body: 'Olá Bruna, podemos retomar seu atendimento sobre o pedido 42?' });
    await eventually(async () => {
      const events = await server.wiring.store.readStream(messageStream(message.id));
      expect(events.map((event) => event.type)).toEqual(['MessageQueued', 'MessageSent']);
    });
    const request = fake.sent(`/${NUMBER.id}/messages`).find((candidate) => candidate.json?.type === 'template');
    expect(request).toMatchObject({
      bearer: NUMBER.token,
      json: {
        to: '5511976543210',
        type: 'template',
        template: {
          name: TEMPLATE.name,
          language: { code: 'pt_BR' },
          components: [
            {
              type: 'body',
              parameters: [
                { type: 'text', text: 'Bruna' },
                { type: 'text', text: 'o pedido 42' },
              ],
            },
          ],
        },
      },
    });
    expect(fake.violations).toEqual([]);
  });
});

describe('the Facebook login’s place in the CSP', () => {
  it('with a Meta app, the SDK may load from its origin and open its login frames, and nothing else widens', async () => {
    const csp = String((await server.app.inject({ method: 'GET', url: '/health' })).headers['content-security-policy']);
    const directive = (name: string) =>
      csp
        .split(';')
        .map((part) => part.trim())
        .find((part) => part.startsWith(`${name} `)) ?? '';
    expect(directive('script-src')).toBe("script-src 'self' https://connect.facebook.net");
    expect(directive('frame-src')).toContain('https://www.facebook.com');
    expect(directive('default-src')).toBe("default-src 'self'");
    expect(directive('connect-src')).not.toContain('facebook');
    // The login answer names the app (its id only).
    const login = (await server.login()).body;
    expect(login.metaAppId).toBe(fake.app.id);
    expect(JSON.stringify(login)).not.toContain(fake.app.secret);
  });
});
