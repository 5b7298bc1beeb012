import { buildApi, createLoginLimiter } from '@conversa/api';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig, parseTrustProxy } from '../src/config';
import { ADMIN, startTestServer, type TestServer } from './harness';

let server: TestServer;
let behindProxy: FastifyInstance;

beforeAll(async () => {
  server = await startTestServer();
  // The same product configured with TRUST_PROXY: only the proxy at 10.0.0.1 may name the client.
  behindProxy = await buildApi(server.wiring.ctx, { trustProxy: loadConfig({ TRUST_PROXY: '10.0.0.1', DATA_DIR: server.wiring.config.dataDir }).trustProxy });
  await behindProxy.ready();
});
afterAll(async () => {
  await behindProxy?.close();
  await server?.close();
});

const login = (app: FastifyInstance, payload: { email: string; password: string }, from: { remoteAddress?: string; forwardedFor?: string } = {}) =>
  app.inject({
    method: 'POST',
    url: '/auth/login',
    payload,
    remoteAddress: from.remoteAddress,
    headers: from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {},
  });
const wrong = { email: ADMIN.email, password: 'not-the-password' };
const right = { email: ADMIN.email, password: ADMIN.password };

/** The address the last login recorded in its SessionStarted event. */
async function lastLoginAddress(): Promise<string> {
  const events = await server.wiring.store.readAll({ filter: { eventTypes: ['SessionStarted'] } });
  return (events[events.length - 1]!.data as { ip: string }).ip;
}

/** Runs `work` with limits of its own (a scope of their own in the shared store: they start from nothing). */
async function withLimits<T>(limits: Parameters<typeof createLoginLimiter>[1], work: () => Promise<T>): Promise<T> {
  const real = server.wiring.ctx.loginLimiter;
  server.wiring.ctx.loginLimiter = createLoginLimiter(server.wiring.ctx.limits, { ...limits, scope: `login-${randomUUID()}` });
  try {
    return await work();
  } finally {
    server.wiring.ctx.loginLimiter = real;
  }
}

describe('TRUST_PROXY', () => {
  it('reads a list, a hop count, true, or nothing (trust none)', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.1, 192.168.0.0/16')).toEqual(['10.0.0.1', '192.168.0.0/16']);
  });

  it('ignores X-Forwarded-For without TRUST_PROXY: a client cannot pick a new address per attempt', async () => {
    await withLimits({ attemptsPerAddress: 2, freeFailures: 1000 }, async () => {
      const statuses = [];
      for (let i = 1; i <= 3; i++) statuses.push((await login(server.app, wrong, { forwardedFor: `198.51.100.${i}` })).statusCode);
      expect(statuses).toEqual([401, 401, 429]);
    });
    expect((await login(server.app, right, { remoteAddress: '192.0.2.10', forwardedFor: '198.51.100.77' })).statusCode).toBe(200);
    expect(await lastLoginAddress()).toBe('192.0.2.10');
  });

  it('honours X-Forwarded-For from a configured proxy, and only from it', async () => {
    expect((await login(behindProxy, right, { remoteAddress: '10.0.0.1', forwardedFor: '203.0.113.5' })).statusCode).toBe(200);
    expect(await lastLoginAddress()).toBe('203.0.113.5');
    expect((await login(behindProxy, right, { remoteAddress: '192.0.2.20', forwardedFor: '203.0.113.6' })).statusCode).toBe(200);
    expect(await lastLoginAddress()).toBe('192.0.2.20');
    // Behind the proxy, clients are throttled by their own addresses.
    await withLimits({ attemptsPerAddress: 2, freeFailures: 1000 }, async () => {
      const statuses = [];
      for (const client of ['203.0.113.7', '203.0.113.8', '203.0.113.9'])
        statuses.push((await login(behindProxy, wrong, { remoteAddress: '10.0.0.1', forwardedFor: client })).statusCode);
      expect(statuses).toEqual([401, 401, 401]);
    });
  });
});

describe('login throttling per account and address', () => {
  it("a stranger's failures from address A do not stop the owner logging in from address B", async () => {
    await withLimits({}, async () => {
      const statuses = [];
      for (let i = 0; i < 12; i++) statuses.push((await login(server.app, wrong, { remoteAddress: '198.51.100.66' })).statusCode);
      expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(statuses.slice(5).every((status) => status === 429)).toBe(true);
      const stranger = await login(server.app, right, { remoteAddress: '198.51.100.66' });
      expect(stranger.statusCode).toBe(429);
      expect(stranger.json().error).toBe('ERR_TOO_MANY_REQUESTS');
      expect((await login(server.app, right, { remoteAddress: '192.0.2.44' })).statusCode).toBe(200);
    });
  });

  it('delays with a Retry-After that grows with each failure past the free ones', async () => {
    // The store's windows run on Date.now(): the test moves it past each wait instead of sleeping.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    await withLimits({}, async () => {
      const waits: number[] = [];
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const response = await login(server.app, wrong, { remoteAddress: '198.51.100.90' });
        statuses.push(response.statusCode);
        if (response.statusCode === 429) {
          waits.push(Number(response.headers['retry-after']));
          vi.setSystemTime(Date.now() + Number(response.headers['retry-after']) * 1000);
        }
      }
      // Five free failures; then each wait served allows one more try, and the next wait doubles.
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 401, 429, 401, 429, 401]);
      expect(waits).toEqual([1, 2, 4]);
    }).finally(() => vi.useRealTimers());
  });
});
