/**
 * Requests per token in a fixed window, in this process's memory: a client over its budget is told when
 * the window ends (Retry-After). Several API processes each keep their own count, so the cluster-wide
 * budget is the limit times the processes (docs/messages-api.md).
 */
export interface ApiRateLimiter {
  /** Counts one request; answers the seconds to wait when the budget is spent, or 0. */
  take(key: string, now?: number): number;
}

const MAX_KEYS = 50_000;

export function createApiRateLimiter(options: { limit: number; windowMs: number }): ApiRateLimiter {
  const windows = new Map<string, { startedAt: number; count: number }>();
  return {
    take(key, now = Date.now()) {
      let window = windows.get(key);
      if (!window || now - window.startedAt >= options.windowMs) {
        // Forgotten windows go first, so a flood of made-up tokens cannot grow the map without bound.
        if (!window && windows.size >= MAX_KEYS) windows.delete(windows.keys().next().value!);
        window = { startedAt: now, count: 0 };
        windows.delete(key);
        windows.set(key, window);
      }
      window.count += 1;
      if (window.count <= options.limit) return 0;
      return Math.max(1, Math.ceil((window.startedAt + options.windowMs - now) / 1000));
    },
  };
}
