import { clientAddress, hashedKey, spend, type LimitStore } from '../limits/store';

/**
 * Requests per connection in a fixed window, in the shared limit store: every API process spends the
 * same budget, and a client over it is told when the window ends (Retry-After). A request whose token
 * opens no connection spends its client address's budget instead, so guessing tokens, or spelling one
 * token many ways, never earns a fresh budget.
 */
export interface ApiRateLimiter {
  /** Counts one request of a connection; answers the seconds to wait when its budget is spent, or 0. */
  connection(connectionId: number): Promise<number>;
  /** Counts one request without a valid token from an address; answers the seconds to wait, or 0. */
  stranger(ip: string): Promise<number>;
  /** The seconds an address still waits (counting nothing), or 0: it is refused before its token is looked up. */
  strangerWait(ip: string): Promise<number>;
}

export function createApiRateLimiter(store: LimitStore, options: { limit: number; windowMs: number }): ApiRateLimiter {
  const duration = Math.max(1, Math.ceil(options.windowMs / 1000));
  const connections = store.limiter({ keyPrefix: 'messages-api', points: options.limit, duration });
  const strangers = store.limiter({ keyPrefix: 'messages-api-address', points: options.limit, duration });
  return {
    connection: (connectionId) => spend(connections, `connection:${connectionId}`),
    stranger: (ip) => spend(strangers, hashedKey(clientAddress(ip))),
    async strangerWait(ip) {
      const spent = await strangers.get(hashedKey(clientAddress(ip)));
      return spent && spent.remainingPoints <= 0 ? Math.max(1, Math.ceil(spent.msBeforeNext / 1000)) : 0;
    },
  };
}
