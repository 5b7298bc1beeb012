import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, cpf, signupCompany, startTestServer, type TestServer } from './harness';

/** Inputs found by the fuzz run that answered 5xx: each now answers a 4xx with its ERR_ code. */
let server: TestServer;
let token: string;
let ticketId: number;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, auth = token) =>
  server.app.inject({ method, url, headers: bearer(auth), ...(payload ? { payload } : {}) });

/** An HS256 token signed with the server's own secret, with whatever claims the test wants. */
function signed(claims: Record<string, unknown>): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const unsigned = `${encode({ alg: 'HS256' })}.${encode({ scope: 'access', sid: randomUUID(), iat: now, exp: now + 600, ...claims })}`;
  return `${unsigned}.${createHmac('sha256', server.wiring.config.jwtSecret).update(unsigned).digest('base64url')}`;
}

beforeAll(async () => {
  server = await startTestServer();
  const company = await signupCompany(server, 'Hardening Co', 41);
  token = (await server.login(company.email, company.password)).token;
  const contact = (await call('POST', '/contacts', { name: 'Bounded', number: '5511977771111' })).json();
  ticketId = (await call('POST', '/tickets', { contactId: contact.id, status: 'open' })).json().id;
});
afterAll(() => server?.close());

describe('hardening: bounded input', () => {
  it('refuses numbers an integer column cannot hold, impossible dates, NUL and lone surrogates with 400 ERR_VALIDATION', async () => {
    const refused = [
      await call('GET', '/users/99999999999'),
      await call('GET', '/tickets?queueIds=99999999999'),
      await call('GET', '/tickets?updatedAt=0000-00-00'),
      await call('GET', '/tickets?date=2023-02-30'),
      await call('GET', '/tickets?searchParam=a%00b'),
      await call('GET', '/contacts?searchParam=%00'),
      await call('PUT', `/tickets/${ticketId}`, { promptId: 3_000_000_000 }),
      await call('PUT', `/tickets/${ticketId}`, { amountUsedBotQueues: 99_999_999_999 }),
      await call('POST', '/contacts', { name: 'Ana\u0000Souza', number: '5511977772222' }),
      await call('POST', '/contacts', { name: 'Ana \ud800', number: '5511977772222' }),
      await call('POST', '/sandbox/99999999999/messages', { from: '5511977773333', body: 'x' }),
    ];
    expect(refused.map((answer) => [answer.statusCode, answer.json().error])).toEqual(refused.map(() => [400, 'ERR_VALIDATION']));
    const plan = await call('POST', '/plans', { name: 'Huge', users: 99_999_999_999, connections: 1, queues: 1, amount: '1' }, (await server.login()).token);
    expect([plan.statusCode, plan.json().error]).toEqual([400, 'ERR_VALIDATION']);
    // Nothing was appended that a projector could not apply: the platform is healthy.
    expect((await server.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
  });

  it('answers a token signed with the real secret but with ids no record can have with 403 ERR_INVALID_TOKEN', async () => {
    for (const claims of [
      { sub: 'abc', cid: 1 },
      { sub: '99999999999', cid: 1 },
      { sub: '1', cid: 99_999_999_999 },
      { sub: '1', cid: 'x' },
      { sub: '-1', cid: 1 },
      { sub: '1', cid: 1, sid: 'not-a-session' },
    ]) {
      const answer = await server.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(signed(claims)) });
      expect([answer.statusCode, answer.json().error], JSON.stringify(claims)).toEqual([403, 'ERR_INVALID_TOKEN']);
    }
  });

  it('answers a malformed multipart upload with 400 ERR_MULTIPART_INVALID', async () => {
    const forms = [
      { 'content-type': 'multipart/form-data', payload: '--x\r\nContent-Disposition: form-data; name="body"\r\n\r\nhi\r\n--x--\r\n' },
      {
        'content-type': 'multipart/form-data; boundary=x',
        payload: '--x\r\nContent-Disposition: form-data; name="medias"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\ncut sh',
      },
      { 'content-type': 'multipart/form-data; boundary=x', payload: '--x\r\nContent-Disposition: form-data; name="body"\r\n\r\nno end' },
    ];
    const user = (await call('GET', '/auth/me')).json();
    const noBoundary = await server.app.inject({
      method: 'POST',
      url: `/messages/${ticketId}`,
      headers: { ...bearer(token), 'content-type': 'multipart/form-data' },
      payload: 'x',
    });
    expect([noBoundary.statusCode, noBoundary.json().error]).toEqual([400, 'ERR_MULTIPART_INVALID']);
    for (const url of [`/messages/${ticketId}`, `/users/${user.id}/media-upload`]) {
      for (const { payload, ...headers } of forms) {
        const answer = await server.app.inject({ method: 'POST', url, headers: { ...headers, ...bearer(token) }, payload });
        // A file cut short may reach the media store first, which finds it empty: a 400 as well.
        expect(answer.statusCode, `${url} ${payload}`).toBe(400);
        expect(['ERR_MULTIPART_INVALID', 'ERR_VALIDATION'], answer.body).toContain(answer.json().error);
      }
    }
  });
});

describe('hardening: signup', () => {
  const form = (seed: number) => ({
    name: 'Ana Souza',
    companyName: 'Retry Co',
    email: 'retry@example.com',
    password: 'Abcdefgh1',
    phone: '11987654321',
    document: cpf(seed),
    planId: 1,
    termo: true,
  });

  it('refuses a NUL in the name before anything is written, and the same name and e-mail sign up afterwards', async () => {
    const refused = await server.app.inject({ method: 'POST', url: '/auth/signup', payload: { ...form(51), name: 'Ana\u0000Souza' } });
    expect([refused.statusCode, refused.json().error]).toEqual([400, 'ERR_VALIDATION']);
    const accepted = await server.app.inject({ method: 'POST', url: '/auth/signup', payload: form(51) });
    expect(accepted.statusCode, accepted.body).toBe(201);
  });

  it('gives back the company name and the e-mail when a later step fails, so a retry succeeds', async () => {
    const ctx = server.wiring.ctx;
    const hashPassword = ctx.hashPassword;
    // The admin's creation fails after the company was registered.
    ctx.hashPassword = async () => {
      throw new Error('hashing failed');
    };
    const payload = { ...form(52), companyName: 'Second Retry Co', email: 'second-retry@example.com' };
    try {
      const failed = await server.app.inject({ method: 'POST', url: '/auth/signup', payload });
      expect(failed.statusCode).toBe(500);
    } finally {
      ctx.hashPassword = hashPassword;
    }
    const retried = await server.app.inject({ method: 'POST', url: '/auth/signup', payload });
    expect(retried.statusCode, retried.body).toBe(201);
    await server.login('second-retry@example.com', 'Abcdefgh1');
  });
});
