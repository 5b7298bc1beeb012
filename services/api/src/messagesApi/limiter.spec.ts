import { describe, expect, it } from 'vitest';
import { createApiRateLimiter } from './limiter';

describe('messages API rate limiter', () => {
  it('lets a token through up to its limit per window, then says how long to wait', () => {
    const limiter = createApiRateLimiter({ limit: 2, windowMs: 10_000 });
    expect(limiter.take('a', 0)).toBe(0);
    expect(limiter.take('a', 1_000)).toBe(0);
    expect(limiter.take('a', 2_500)).toBe(8);
    expect(limiter.take('b', 2_500)).toBe(0);
    expect(limiter.take('a', 10_000)).toBe(0);
  });
});
