import { createLoginLimiter } from '@conversa/api';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNatsServer, type NatsServer } from '../../testing/src/nats';
import { buildHttp } from '../src/http';
import { wire, type Wiring } from '../src/wiring';
import { bearer, signupCompany, startTestServer, type TestServer } from './harness';

/**
 * Issue 31: the request limits and the session cache hold across API processes. Two API instances
 * (each its own wiring: pools, caches, limiters) on one database and one nats-server; requests
 * alternate between them and meet one budget, as they would on one instance.
 */
const RATE_LIMIT = 6;
// Long enough that no delay runs out while the test goes on, however loaded the machine.
const LIMITS = { firstDelaySeconds: 600 };
let nats: NatsServer;
let server: TestServer;
let second: { wiring: Wiring; app: FastifyInstance };
let apps: FastifyInstance[];

beforeAll(async () => {
  process.env.MESSAGES_API_RATE_LIMIT = String(RATE_LIMIT);
  nats = await startNatsServer();
  server = await startTestServer({ env: { NATS_URL: nats.url }, loginLimits: LIMITS });
  // The second instance as the api role runs: no projections of its own, the same database and bus.
  const wiring = await wire(server.wiring.config, { runProjections: false });
  wiring.ctx.loginLimiter = createLoginLimiter(wiring.ctx.limits, LIMITS);
  const { app } = await buildHttp(wiring, { serveUi: false, edge: false, projections: false });
  await app.ready();
  second = { wiring, app };
  apps = [server.app, app];
});
afterAll(async () => {
  delete process.env.MESSAGES_API_RATE_LIMIT;
  await second?.app.close();
  await second?.wiring.close();
  await server?.close();
  await nats?.stop();
});

/** The 1-based attempt first answered 429, or 0 when none was. */
const firstRefused = (statuses: number[]) => statuses.indexOf(429) + 1;

describe('login throttling', () => {
  it('throttles ten wrong passwords alternated over two instances from the same attempt as on one', async () => {
    const { email } = await signupCompany(server, 'Throttled Two', 311);
    const attempts = async (pick: (index: number) => FastifyInstance, remoteAddress: string) => {
      const statuses: number[] = [];
      for (let index = 0; index < 10; index++) {
        const response = await pick(index).inject({ method: 'POST', url: '/auth/login', payload: { email, password: `wrong-${index}` }, remoteAddress });
        statuses.push(response.statusCode);
      }
      return statuses;
    };
    const one = await attempts(() => server.app, '198.51.100.21');
    const two = await attempts((index) => apps[index % 2]!, '198.51.100.22');
    console.log(`login limiter: first 429 at attempt ${firstRefused(one)} on one instance, ${firstRefused(two)} alternated over two`);
    expect(one).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
    expect(two).toEqual(one);
  });
});

describe('password reset limits', () => {
  it('sends codes to one number five times an hour, whichever instance is asked', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 7; index++) {
      const response = await apps[index % 2]!.inject({
        method: 'POST',
        url: '/api/enviar-email',
        payload: { wpp: '5511987650031' },
        remoteAddress: `203.0.113.${40 + index}`,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });
});

describe('messages API limit', () => {
  it('answers 429 past the limit across two instances, however the Bearer is spelled', async () => {
    const company = await signupCompany(server, 'Api Two', 312);
    const { token } = await server.login(company.email, company.password);
    const created = await server.app.inject({ method: 'POST', url: '/whatsapp', headers: bearer(token), payload: { name: 'Api Two', channel: 'sandbox' } });
    expect(created.statusCode, created.body).toBe(201);
    const connection = created.json() as { token: string };
    const spellings = [`Bearer ${connection.token}`, `Bearer  ${connection.token}`, `bearer ${connection.token} `, `Bearer\t${connection.token}`];
    const statuses: number[] = [];
    for (let index = 0; index < RATE_LIMIT + 3; index++) {
      const response = await apps[index % 2]!.inject({
        method: 'POST',
        url: '/api/messages/send',
        headers: { authorization: spellings[index % spellings.length]! },
        payload: { number: '5511940000031', body: `n${index}` },
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }
    console.log(`messages API limiter (limit ${RATE_LIMIT}): first 429 at request ${firstRefused(statuses)} alternated over two instances`);
    expect(statuses).toEqual([...Array(RATE_LIMIT).fill(200), 429, 429, 429]);
  });

  it('counts made-up tokens against the client address across instances', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < RATE_LIMIT + 2; index++) {
      const response = await apps[index % 2]!.inject({
        method: 'POST',
        url: '/api/messages/send',
        headers: bearer(`made-up-${index}`),
        payload: { number: '5511940000032', body: 'x' },
        remoteAddress: '198.51.100.31',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([...Array(RATE_LIMIT).fill(401), 429, 429]);
  });
});

describe('session revocation', () => {
  it('a logout on one instance is refused by the other at once, though it had the session cached as active', async () => {
    const { token } = await server.login();
    const me = () => second.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(token) });
    expect((await me()).statusCode).toBe(200);
    const started = performance.now();
    expect((await server.app.inject({ method: 'DELETE', url: '/auth/logout', headers: bearer(token) })).statusCode).toBe(204);
    // The cache trusts "active" for 5 s without news; the bus's news arrives well before.
    await expect.poll(async () => (await me()).statusCode, { timeout: 2_000, interval: 20 }).toBe(401);
    console.log(`revocation seen by the other instance after ${(performance.now() - started).toFixed(0)} ms`);
  });
});
