import { clientAddress, hashedKey, spend, type LimitStore } from '../limits/store';
import { LimitExceeded } from '../session/limiter';

/** Reset requests allowed per number per hour (the figure the product reports). */
export const RESET_REQUESTS_PER_NUMBER_PER_HOUR = 5;
/** Reset requests per client address per hour, across numbers (someone walking numbers). */
export const RESET_REQUESTS_PER_ADDRESS_PER_HOUR = 30;
/** Code checks and password saves per client address per 10 minutes (each reset also dies at its 3rd wrong code). */
export const RESET_CHECKS_PER_ADDRESS_PER_10_MINUTES = 60;

/**
 * Throttling of the public reset routes, in the shared limit store (as the login limiter): a number cannot be
 * sent codes over and over, and one address cannot walk numbers or guess codes across resets, whichever API
 * process it asks. The number comes normalised (normaliseResetNumber); addresses as clientAddress counts them.
 */
export interface ResetLimiter {
  request(number: string, ip: string): Promise<void>;
  check(ip: string): Promise<void>;
}

export function createResetLimiter(store: LimitStore): ResetLimiter {
  const perNumber = store.limiter({ keyPrefix: 'reset-number', points: RESET_REQUESTS_PER_NUMBER_PER_HOUR, duration: 3600 });
  const perAddress = store.limiter({ keyPrefix: 'reset-address', points: RESET_REQUESTS_PER_ADDRESS_PER_HOUR, duration: 3600 });
  const checks = store.limiter({ keyPrefix: 'reset-checks', points: RESET_CHECKS_PER_ADDRESS_PER_10_MINUTES, duration: 600 });
  const consume = async (limiter: typeof checks, key: string) => {
    const wait = await spend(limiter, hashedKey(key));
    if (wait > 0) throw new LimitExceeded(wait);
  };
  return {
    async request(number, ip) {
      await consume(perAddress, clientAddress(ip));
      await consume(perNumber, number);
    },
    check: (ip) => consume(checks, clientAddress(ip)),
  };
}
