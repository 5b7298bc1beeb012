import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { LimitExceeded } from '../session/limiter';

/** Reset requests allowed per number per hour (the figure the product reports). */
export const RESET_REQUESTS_PER_NUMBER_PER_HOUR = 5;
/** Reset requests per client address per hour, across numbers (someone walking numbers). */
export const RESET_REQUESTS_PER_ADDRESS_PER_HOUR = 30;
/** Code checks and password saves per client address per 10 minutes (each reset also dies at its 3rd wrong code). */
export const RESET_CHECKS_PER_ADDRESS_PER_10_MINUTES = 60;

/**
 * Throttling of the public reset routes, in memory per API process (as the login limiter): a number cannot be
 * sent codes over and over, and one address cannot walk numbers or guess codes across resets.
 */
export interface ResetLimiter {
  request(number: string, ip: string): Promise<void>;
  check(ip: string): Promise<void>;
}

export function createResetLimiter(): ResetLimiter {
  const perNumber = new RateLimiterMemory({ keyPrefix: 'reset-number', points: RESET_REQUESTS_PER_NUMBER_PER_HOUR, duration: 3600 });
  const perAddress = new RateLimiterMemory({ keyPrefix: 'reset-address', points: RESET_REQUESTS_PER_ADDRESS_PER_HOUR, duration: 3600 });
  const checks = new RateLimiterMemory({ keyPrefix: 'reset-checks', points: RESET_CHECKS_PER_ADDRESS_PER_10_MINUTES, duration: 600 });
  const consume = async (limiter: RateLimiterMemory, key: string) => {
    try {
      await limiter.consume(key);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw new LimitExceeded(Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
      throw error;
    }
  };
  return {
    async request(number, ip) {
      await consume(perAddress, ip);
      await consume(perNumber, number);
    },
    check: (ip) => consume(checks, ip),
  };
}
