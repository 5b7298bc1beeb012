import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

/**
 * Login throttling. Failures count per (account, address) pair: after `freeFailures` the pair waits
 * a delay doubling from `firstDelaySeconds` up to `maxDelaySeconds`, so a guesser slows down while
 * the owner, from another address, is never locked out by a stranger. Each address also has a
 * budget across accounts: attempts per minute, and failures per window (password spraying).
 * Kept in memory per API process; in distributed mode each API instance throttles on its own.
 */
export interface LoginLimiter {
  /** Throws a LimitExceeded with seconds to wait when the pair is delayed or the address's budget is spent. */
  check(email: string, ip: string): Promise<void>;
  recordFailure(email: string, ip: string): Promise<void>;
  recordSuccess(email: string, ip: string): Promise<void>;
}

export class LimitExceeded extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('Too many login attempts');
  }
}

export interface LoginLimits {
  /** Failures of one account from one address before delays start. Default 5. */
  freeFailures?: number;
  firstDelaySeconds?: number;
  /** The delay stops doubling here. Default 15 minutes. */
  maxDelaySeconds?: number;
  /** Attempts (right or wrong) per address per minute, across accounts. Default 60. */
  attemptsPerAddress?: number;
  /** Failures per address per `windowSeconds`, across accounts. Default 100. */
  failuresPerAddress?: number;
  windowSeconds?: number;
  /** Milliseconds since the epoch; tests move it. */
  now?: () => number;
}

interface Pair {
  failures: number;
  blockedUntil: number;
  lastFailureAt: number;
}

// Past this many tracked pairs, forgotten ones are swept on the next failure; past the cap, the oldest go.
const SWEEP_ABOVE = 10_000;
const MAX_PAIRS = 100_000;
// A pair's count of failures lasts a day after its last one: long enough that waiting out a delay does not reset it.
const FORGET_AFTER_MS = 24 * 60 * 60 * 1000;

export function createLoginLimiter(options: LoginLimits = {}): LoginLimiter {
  const freeFailures = options.freeFailures ?? 5;
  const firstDelayMs = (options.firstDelaySeconds ?? 1) * 1000;
  const maxDelayMs = (options.maxDelaySeconds ?? 15 * 60) * 1000;
  const windowSeconds = options.windowSeconds ?? 15 * 60;
  const now = options.now ?? Date.now;
  const attempts = new RateLimiterMemory({ keyPrefix: 'login-address', points: options.attemptsPerAddress ?? 60, duration: 60 });
  const failures = new RateLimiterMemory({ keyPrefix: 'login-address-failures', points: options.failuresPerAddress ?? 100, duration: windowSeconds });
  const pairs = new Map<string, Pair>();
  const keyOf = (email: string, ip: string) => `${email.trim().toLowerCase()}\u0000${ip}`;
  const forgetAfterMs = Math.max(FORGET_AFTER_MS, 2 * maxDelayMs);
  const forgotten = (pair: Pair, at: number) => pair.blockedUntil <= at && pair.lastFailureAt + forgetAfterMs <= at;
  const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

  return {
    async check(email, ip) {
      const at = now();
      const pair = pairs.get(keyOf(email, ip));
      if (pair && pair.blockedUntil > at) throw new LimitExceeded(seconds(pair.blockedUntil - at));
      const spent = await failures.get(ip);
      if (spent && spent.remainingPoints <= 0) throw new LimitExceeded(seconds(spent.msBeforeNext));
      try {
        await attempts.consume(ip);
      } catch (error) {
        if (error instanceof RateLimiterRes) throw new LimitExceeded(seconds(error.msBeforeNext));
        throw error;
      }
    },
    async recordFailure(email, ip) {
      const at = now();
      if (pairs.size > SWEEP_ABOVE) for (const [key, pair] of pairs) if (forgotten(pair, at)) pairs.delete(key);
      // Memory stays bounded under a flood of pairs; the per-address budgets still hold the flooders.
      for (const key of pairs.keys()) {
        if (pairs.size < MAX_PAIRS) break;
        pairs.delete(key);
      }
      const key = keyOf(email, ip);
      const previous = pairs.get(key);
      const pair = previous && !forgotten(previous, at) ? previous : { failures: 0, blockedUntil: 0, lastFailureAt: at };
      pair.failures += 1;
      pair.lastFailureAt = at;
      if (pair.failures >= freeFailures) pair.blockedUntil = at + Math.min(maxDelayMs, firstDelayMs * 2 ** Math.min(pair.failures - freeFailures, 30));
      // Re-inserted so the map's order stays oldest failure first.
      pairs.delete(key);
      pairs.set(key, pair);
      await failures.penalty(ip, 1);
    },
    async recordSuccess(email, ip) {
      pairs.delete(keyOf(email, ip));
    },
  };
}
