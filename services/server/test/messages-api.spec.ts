import { samples } from '../../media/test/samples';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, settle, signupCompany, startTestServer, type TestServer } from './harness';

/**
 * The external messages API: a connection's token as Bearer, JSON or multipart, the contact and ticket
 * found or created, the message sent by the sender reactor into the sandbox outbox; idempotency, the
 * per-token rate limit, and refusals that send nothing.
 */
let server: TestServer;
let a: { token: string; userId: number; companyId: number };
let b: { token: string; userId: number; companyId: number };
let sandbox: { id: number; token: string };
let otherSandbox: { id: number; token: string };
let phone = 5511950000000;
const nextPhone = () => String((phone += 1));
const RATE_LIMIT = 8;

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const send = (token: string, payload: object, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'POST', url: '/api/messages/send', headers: { ...bearer(token), ...headers }, payload });
const outbox = async (connection: { id: number; token: string }, to: string) => {
  await settle(server);
  const response = await server.app.inject({ method: 'GET', url: `/sandbox/${connection.id}/outbox?to=${to}`, headers: bearer(connection.token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().messages as Array<{ body: string; mediaUrl: string | null }>;
};

function multipart(parts: Array<{ name: string; value: string } | { name: string; filename: string; contentType: string; data: Buffer }>) {
  const boundary = `----conversa${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('data' in part)
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`),
        part.data,
        Buffer.from('\r\n'),
      );
    else chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function createSandbox(token: string, name: string) {
  const response = await call(token, 'POST', '/whatsapp', { name, channel: 'sandbox' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; token: string };
}

beforeAll(async () => {
  process.env.MESSAGES_API_RATE_LIMIT = String(RATE_LIMIT);
  server = await startTestServer();
  await server.wiring.sessions.start();
  const companyA = await signupCompany(server, 'Api A', 81);
  a = { token: (await server.login(companyA.email, companyA.password)).token, userId: companyA.userId, companyId: companyA.companyId };
  const companyB = await signupCompany(server, 'Api B', 82);
  b = { token: (await server.login(companyB.email, companyB.password)).token, userId: companyB.userId, companyId: companyB.companyId };
  sandbox = await createSandbox(a.token, 'Api');
  otherSandbox = await createSandbox(b.token, 'Api B');
  await server.wiring.sessions.reconcile();
}, 120_000);
afterAll(async () => {
  delete process.env.MESSAGES_API_RATE_LIMIT;
  await server?.close();
});

describe('external messages API', () => {
  it('sends a text as the system: contact and pending ticket created, message in the sandbox outbox', async () => {
    const number = nextPhone();
    const response = await send(sandbox.token, { number, body: 'Olá da API' });
    expect(response.statusCode, response.body).toBe(200);
    const { ticketId, messageIds, mensagem } = response.json();
    expect(mensagem).toBe('Mensagem enviada');
    expect(messageIds).toHaveLength(1);
    expect((await outbox(sandbox, number)).map((m) => m.body)).toEqual(['Olá da API']);
    const ticket = (await call(a.token, 'GET', `/tickets/${ticketId}`)).json();
    expect(ticket).toMatchObject({ status: 'pending', whatsappId: sandbox.id, userId: null, contact: { number } });
    const [message] = (await call(a.token, 'GET', `/messages/${ticketId}`)).json().messages;
    expect(message).toMatchObject({ body: 'Olá da API', fromMe: true });
  });

  it('writes as the attendant named, signed, in the queue given, reusing the open ticket', async () => {
    const number = nextPhone();
    const queue = (await call(a.token, 'POST', '/queue', { name: 'Suporte', color: '#0044aa', greetingMessage: 'Oi' })).json();
    const first = await send(sandbox.token, { number, body: 'Seu pedido saiu', userId: a.userId, queueId: queue.id, sendSignature: true });
    expect(first.statusCode, first.body).toBe(200);
    await settle(server);
    const ticket = (await call(a.token, 'GET', `/tickets/${first.json().ticketId}`)).json();
    expect(ticket).toMatchObject({ status: 'open', userId: a.userId, queueId: queue.id });
    const second = await send(sandbox.token, { number, body: 'Chega amanhã' });
    expect(second.json().ticketId).toBe(first.json().ticketId);
    expect((await outbox(sandbox, number)).map((m) => m.body)).toEqual(['*Api A Admin*:\nSeu pedido saiu', 'Chega amanhã']);
  });

  it('sends each file of a multipart request with its caption', async () => {
    const number = nextPhone();
    const form = multipart([
      { name: 'number', value: number },
      { name: 'body', value: 'Segue a foto' },
      { name: 'medias', filename: 'foto.png', contentType: 'image/png', data: samples.png },
    ]);
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/messages/send',
      headers: { ...bearer(sandbox.token), ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    const [sent] = await outbox(sandbox, number);
    expect(sent).toMatchObject({ body: 'Segue a foto' });
    expect(sent!.mediaUrl).toBeTruthy();
    const empty = multipart([{ name: 'number', value: number }]);
    const refused = await server.app.inject({
      method: 'POST',
      url: '/api/messages/send',
      headers: { ...bearer(sandbox.token), ...empty.headers },
      payload: empty.payload,
    });
    expect(refused.statusCode).toBe(400);
  });

  it('sends once per Idempotency-Key, and refuses the key for another request', async () => {
    const number = nextPhone();
    const key = { 'Idempotency-Key': 'pedido-123' };
    const first = await send(otherSandbox.token, { number, body: 'Uma vez' }, key);
    const retry = await send(otherSandbox.token, { number, body: 'Uma vez' }, key);
    expect([first.statusCode, retry.statusCode]).toEqual([200, 200]);
    expect(retry.json().messageIds).toEqual(first.json().messageIds);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    const reused = await send(otherSandbox.token, { number, body: 'Outra coisa' }, key);
    expect([reused.statusCode, reused.json().error]).toEqual([409, 'ERR_IDEMPOTENCY_KEY_REUSED']);
    expect((await outbox(otherSandbox, number)).map((m) => m.body)).toEqual(['Uma vez']);
  });

  it('refuses a wrong token, another company’s user or queue, and bad input, sending nothing', async () => {
    const number = nextPhone();
    expect((await send('WRONGTOKEN0000000000000000000', { number, body: 'x' })).statusCode).toBe(401);
    expect((await server.app.inject({ method: 'POST', url: '/api/messages/send', payload: { number, body: 'x' } })).statusCode).toBe(401);
    // A user's session token is not a connection token.
    expect((await send(a.token, { number, body: 'x' })).statusCode).toBe(401);
    const foreignUser = await send(otherSandbox.token, { number, body: 'x', userId: a.userId });
    expect([foreignUser.statusCode, foreignUser.json().error]).toEqual([403, 'ERR_NO_PERMISSION']);
    expect((await send(otherSandbox.token, { number: 'abc', body: 'x' })).statusCode).toBe(400);
    expect((await send(otherSandbox.token, { number, body: '' })).statusCode).toBe(400);
    expect((await send(otherSandbox.token, { body: 'x' })).statusCode).toBe(400);
    expect(await outbox(otherSandbox, number)).toEqual([]);
  });

  it('answers 403 for a plan without the external API', async () => {
    const root = (await server.login()).token;
    const plan = (await call(root, 'POST', '/plans', { name: 'Sem API', users: 5, connections: 5, queues: 5, amount: '10', useExternalApi: false })).json();
    const company = await signupCompany(server, 'Api C', 83);
    const token = (await server.login(company.email, company.password)).token;
    const connection = await createSandbox(token, 'Api C');
    expect((await call(root, 'PUT', `/companies/${company.companyId}`, { planId: plan.id })).statusCode).toBe(200);
    const refused = await send(connection.token, { number: nextPhone(), body: 'x' });
    expect([refused.statusCode, refused.json().error]).toEqual([403, 'ERR_PLAN_FEATURE_DISABLED']);
  });

  it('limits each token per window: past it, 429 with Retry-After', async () => {
    const token = (await createSandbox(a.token, 'Api Rate')).token;
    const statuses: number[] = [];
    let retryAfter: string | undefined;
    for (let i = 0; i <= RATE_LIMIT; i++) {
      const response = await send(token, { number: '5511940000001', body: `n${i}` });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) retryAfter = String(response.headers['retry-after']);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(RATE_LIMIT);
    expect(statuses.at(-1)).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    // Another token has its own budget.
    expect((await send(sandbox.token, { number: nextPhone(), body: 'ainda posso' })).statusCode).toBe(200);
  });
});
