import { accountKey, clientAddress, hashedKey, spend, waitSeconds, type LimitStore } from '../limits/store';

/**
 * Login throttling. Failures count per (account, address) pair: after `freeFailures` the pair waits
 * a delay doubling from `firstDelaySeconds` up to `maxDelaySeconds`, so a guesser slows down while
 * the owner, from another address, is never locked out by a stranger. Each address also has a
 * budget across accounts: attempts per minute, and failures per window (password spraying).
 * Counted in the shared limit store (Postgres), so every API process throttles the same pair at the
 * same attempt; the account is the lower-cased e-mail, the address as clientAddress counts it.
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
  /** Names these budgets in the store (default `login`): a test's own limits start from nothing. */
  scope?: string;
}

// A pair's failures are forgotten a day after its first one: waiting out a delay does not reset them.
const FORGET_AFTER_S = 24 * 60 * 60;

export function createLoginLimiter(store: LimitStore, options: LoginLimits = {}): LoginLimiter {
  const scope = options.scope ?? 'login';
  const freeFailures = options.freeFailures ?? 5;
  const firstDelayS = options.firstDelaySeconds ?? 1;
  const maxDelayS = options.maxDelaySeconds ?? 15 * 60;
  const attempts = store.limiter({ keyPrefix: `${scope}-address`, points: options.attemptsPerAddress ?? 60, duration: 60 });
  const failures = store.limiter({
    keyPrefix: `${scope}-address-failures`,
    points: options.failuresPerAddress ?? 100,
    duration: options.windowSeconds ?? 15 * 60,
  });
  const pairFailures = store.limiter({ keyPrefix: `${scope}-pair`, points: 2 ** 30, duration: Math.max(FORGET_AFTER_S, 2 * maxDelayS) });
  // A blocked key (block()) holds the pair's current delay; its points pass the budget of 1.
  const pairDelays = store.limiter({ keyPrefix: `${scope}-pair-delay`, points: 1, duration: 1 });
  const keys = (email: string, ip: string) => {
    const address = clientAddress(ip);
    return { address: hashedKey(address), pair: hashedKey(accountKey(email), address) };
  };

  return {
    async check(email, ip) {
      const { address, pair } = keys(email, ip);
      const [delay, spent] = await Promise.all([pairDelays.get(pair), failures.get(address)]);
      if (delay && delay.consumedPoints > pairDelays.points) throw new LimitExceeded(waitSeconds(delay.msBeforeNext));
      if (spent && spent.remainingPoints <= 0) throw new LimitExceeded(waitSeconds(spent.msBeforeNext));
      const wait = await spend(attempts, address);
      if (wait > 0) throw new LimitExceeded(wait);
    },
    async recordFailure(email, ip) {
      const { address, pair } = keys(email, ip);
      const [counted] = await Promise.all([pairFailures.penalty(pair, 1), failures.penalty(address, 1)]);
      const past = counted.consumedPoints - freeFailures;
      if (past >= 0) await pairDelays.block(pair, Math.min(maxDelayS, firstDelayS * 2 ** Math.min(past, 30)));
    },
    async recordSuccess(email, ip) {
      const { pair } = keys(email, ip);
      await Promise.all([pairFailures.delete(pair), pairDelays.delete(pair)]);
    },
  };
}
