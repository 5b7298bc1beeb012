import { describe, expect, it } from 'vitest';
import { createLoginLimiter, LimitExceeded } from './limiter';

const clock = () => {
  let at = Date.parse('2026-03-01T10:00:00Z');
  return { now: () => at, advance: (ms: number) => void (at += ms) };
};

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

describe('login limiter', () => {
  it('delays an (account, address) pair after five failures, doubling from 1 s up to 15 minutes', async () => {
    const time = clock();
    const limiter = createLoginLimiter({ now: time.now, attemptsPerAddress: 10_000, failuresPerAddress: 10_000 });
    for (let i = 0; i < 4; i++) await limiter.recordFailure('owner@x.test', '203.0.113.9');
    expect(await waitFor(limiter.check('owner@x.test', '203.0.113.9'))).toBe(0);

    const delays: number[] = [];
    for (let i = 0; i < 12; i++) {
      await limiter.recordFailure('owner@x.test', '203.0.113.9');
      const delay = await waitFor(limiter.check('owner@x.test', '203.0.113.9'));
      delays.push(delay);
      time.advance(delay * 1000);
      expect(await waitFor(limiter.check('owner@x.test', '203.0.113.9'))).toBe(0);
    }
    expect(delays).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900]);
  });

  it("never delays the owner from another address for a stranger's failures, and a success clears the pair", async () => {
    const limiter = createLoginLimiter({ attemptsPerAddress: 10_000, failuresPerAddress: 10_000 });
    for (let i = 0; i < 20; i++) await limiter.recordFailure('Owner@X.test', '198.51.100.1');
    expect(await waitFor(limiter.check('owner@x.test', '198.51.100.1'))).toBeGreaterThan(0);
    expect(await waitFor(limiter.check('owner@x.test', '203.0.113.9'))).toBe(0);

    const time = clock();
    const mine = createLoginLimiter({ now: time.now });
    for (let i = 0; i < 5; i++) await mine.recordFailure('owner@x.test', '203.0.113.9');
    await mine.recordSuccess('owner@x.test', '203.0.113.9');
    expect(await waitFor(mine.check('owner@x.test', '203.0.113.9'))).toBe(0);
  });

  it('caps the failures of one address across accounts, and its attempts per minute', async () => {
    const limiter = createLoginLimiter({ failuresPerAddress: 3, attemptsPerAddress: 10_000 });
    for (const account of ['a', 'b', 'c']) await limiter.recordFailure(`${account}@x.test`, '198.51.100.1');
    expect(await waitFor(limiter.check('d@x.test', '198.51.100.1'))).toBeGreaterThan(0);
    expect(await waitFor(limiter.check('d@x.test', '198.51.100.2'))).toBe(0);

    const busy = createLoginLimiter({ attemptsPerAddress: 2 });
    const waits = [];
    for (let i = 0; i < 3; i++) waits.push(await waitFor(busy.check(`u${i}@x.test`, '198.51.100.3')));
    expect(waits[2]).toBeGreaterThan(0);
    expect(waits.slice(0, 2)).toEqual([0, 0]);
  });
});
