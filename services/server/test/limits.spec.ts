import { createLoginLimiter, LimitExceeded, migrateLimits, postgresLimits, type LimitStore } from '@conversa/api';
import { createApiRateLimiter } from '@conversa/api/messagesApi/limiter';
import { bearerToken } from '@conversa/api/messagesApi/routes';
import { clientAddress } from '@conversa/api/limits/store';
import { testDatabase } from '@conversa/testing/database';
import { Kysely, PostgresDialect } from 'kysely';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

/** The request limits on their Postgres store, without a server: what each budget counts and how it is keyed. */
let database: Awaited<ReturnType<typeof testDatabase>>;
let db: Kysely<any>;
let store: LimitStore;

beforeAll(async () => {
  database = await testDatabase('limits');
  db = new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.url }) }) });
  // Two processes starting at once on a fresh database both migrate.
  await Promise.all([migrateLimits(db), migrateLimits(db)]);
  store = postgresLimits(db);
});
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});
afterEach(() => vi.useRealTimers());

/** Seconds the limiter asks to wait, or 0 when the attempt may go ahead. */
async function waitFor(check: Promise<void>): Promise<number> {
  try {
    await check;
    return 0;
  } catch (error) {
    if (error instanceof LimitExceeded) return error.retryAfterSeconds;
    throw error;
  }
}
const login = (limits: Parameters<typeof createLoginLimiter>[1] = {}) => createLoginLimiter(store, { ...limits, scope: `t-${randomUUID()}` });

describe('login limiter', () => {
  it('delays an (account, address) pair after five failures, doubling from 1 s up to 15 minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-03-01T10:00:00Z') });
    const limiter = login({ attemptsPerAddress: 10_000, failuresPerAddress: 10_000 });
    for (let i = 0; i < 4; i++) await limiter.recordFailure('owner@x.test', '203.0.113.9');
    expect(await waitFor(limiter.check('owner@x.test', '203.0.113.9'))).toBe(0);

    const delays: number[] = [];
    for (let i = 0; i < 12; i++) {
      await limiter.recordFailure('owner@x.test', '203.0.113.9');
      const delay = await waitFor(limiter.check('owner@x.test', '203.0.113.9'));
      delays.push(delay);
      vi.setSystemTime(Date.now() + delay * 1000);
      expect(await waitFor(limiter.check('owner@x.test', '203.0.113.9'))).toBe(0);
    }
    expect(delays).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900]);
  });

  it("never delays the owner from another address for a stranger's failures, and a success clears the pair", async () => {
    const limiter = login({ attemptsPerAddress: 10_000, failuresPerAddress: 10_000 });
    for (let i = 0; i < 20; i++) await limiter.recordFailure('Owner@X.test', '198.51.100.1');
    expect(await waitFor(limiter.check('owner@x.test', '198.51.100.1'))).toBeGreaterThan(0);
    expect(await waitFor(limiter.check('owner@x.test', '203.0.113.9'))).toBe(0);

    const mine = login();
    for (let i = 0; i < 5; i++) await mine.recordFailure('owner@x.test', '203.0.113.9');
    await mine.recordSuccess('owner@x.test', '203.0.113.9');
    expect(await waitFor(mine.check('owner@x.test', '203.0.113.9'))).toBe(0);
  });

  it('counts one account however its e-mail is typed, and one client however its address is written', async () => {
    const limiter = login({ attemptsPerAddress: 10_000, failuresPerAddress: 10_000 });
    const spellings = ['owner@x.test', ' Owner@X.test', 'OWNER@x.TEST ', 'owner@x.test', 'Owner@x.test'];
    for (const [index, email] of spellings.entries()) await limiter.recordFailure(email, index % 2 ? '::ffff:203.0.113.9' : '203.0.113.9');
    expect(await waitFor(limiter.check('owner@x.test', '203.0.113.9'))).toBeGreaterThan(0);
    // One IPv6 host holds a /64: another address of it is the same client.
    const six = login({ attemptsPerAddress: 10_000, failuresPerAddress: 10_000 });
    for (let i = 1; i <= 5; i++) await six.recordFailure('owner@x.test', `2001:db8:1:2::${i}`);
    expect(await waitFor(six.check('owner@x.test', '2001:db8:1:2:ffff::1'))).toBeGreaterThan(0);
    expect(await waitFor(six.check('owner@x.test', '2001:db8:1:3::1'))).toBe(0);
  });

  it('caps the failures of one address across accounts, and its attempts per minute', async () => {
    const limiter = login({ failuresPerAddress: 3, attemptsPerAddress: 10_000 });
    for (const account of ['a', 'b', 'c']) await limiter.recordFailure(`${account}@x.test`, '198.51.100.1');
    expect(await waitFor(limiter.check('d@x.test', '198.51.100.1'))).toBeGreaterThan(0);
    expect(await waitFor(limiter.check('d@x.test', '198.51.100.2'))).toBe(0);

    const busy = login({ attemptsPerAddress: 2 });
    const waits = [];
    for (let i = 0; i < 3; i++) waits.push(await waitFor(busy.check(`u${i}@x.test`, '198.51.100.3')));
    expect(waits[2]).toBeGreaterThan(0);
    expect(waits.slice(0, 2)).toEqual([0, 0]);
  });
});

describe('client addresses and bearer tokens as limits count them', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002::9', '2001:db8:1:2::/64'],
  ])('%s counts as %s', (ip, counted) => expect(clientAddress(ip)).toBe(counted));

  it('reads one token from any spacing or case of the scheme, and nothing from a malformed header', () => {
    for (const header of ['Bearer abc', 'Bearer  abc', 'bearer abc ', 'BEARER\tabc']) expect(bearerToken(header)).toBe('abc');
    for (const header of [undefined, '', 'Bearer', 'Bearer ', 'Basic abc', 'Bearer a b', `Bearer ${'x'.repeat(101)}`]) expect(bearerToken(header)).toBeNull();
  });
});

describe('messages API limiter', () => {
  it('lets a connection through up to its limit per window, then says how long to wait; another has its own', async () => {
    const limiter = createApiRateLimiter(store, { limit: 2, windowMs: 10_000 });
    expect([await limiter.connection(1), await limiter.connection(1)]).toEqual([0, 0]);
    const wait = await limiter.connection(1);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(10);
    expect(await limiter.connection(2)).toBe(0);
  });

  it('keeps a limited budget however many made-up identities come after it (no eviction)', async () => {
    const limiter = createApiRateLimiter(store, { limit: 1, windowMs: 60_000 });
    await limiter.connection(7);
    expect(await limiter.connection(7)).toBeGreaterThan(0);
    const strangers = Array.from({ length: 2_000 }, (_, index) => `198.18.${index >> 8}.${index & 255}`);
    for (let index = 0; index < strangers.length; index += 100) await Promise.all(strangers.slice(index, index + 100).map((ip) => limiter.stranger(ip)));
    expect(await limiter.connection(7)).toBeGreaterThan(0);
    expect(await limiter.strangerWait('198.18.0.1')).toBeGreaterThan(0);
  });
});
