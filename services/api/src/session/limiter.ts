import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

/**
 * Login throttling, per account and per address: failures count against the account (so a
 * password cannot be guessed from many addresses), every attempt counts against the address.
 * Kept in memory per API process; in distributed mode each API instance throttles on its own.
 */
export interface LoginLimiter {
  /** Throws a LimitExceeded with seconds to wait when either budget is spent. */
  check(email: string, ip: string): Promise<void>;
  recordFailure(email: string): Promise<void>;
  recordSuccess(email: string): Promise<void>;
}

export class LimitExceeded extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('Too many login attempts');
  }
}

export function createLoginLimiter(options: { failuresPerAccount?: number; attemptsPerAddress?: number; windowSeconds?: number } = {}): LoginLimiter {
  const windowSeconds = options.windowSeconds ?? 15 * 60;
  const byAccount = new RateLimiterMemory({ keyPrefix: 'login-account', points: options.failuresPerAccount ?? 10, duration: windowSeconds });
  const byAddress = new RateLimiterMemory({ keyPrefix: 'login-address', points: options.attemptsPerAddress ?? 60, duration: 60 });
  const key = (email: string) => email.trim().toLowerCase();
  return {
    async check(email, ip) {
      const account = await byAccount.get(key(email));
      if (account && account.remainingPoints <= 0) throw new LimitExceeded(Math.ceil(account.msBeforeNext / 1000));
      try {
        await byAddress.consume(ip);
      } catch (error) {
        if (error instanceof RateLimiterRes) throw new LimitExceeded(Math.ceil(error.msBeforeNext / 1000));
        throw error;
      }
    },
    async recordFailure(email) {
      await byAccount.penalty(key(email), 1);
    },
    async recordSuccess(email) {
      await byAccount.delete(key(email));
    },
  };
}
