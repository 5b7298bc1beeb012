import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenService } from './tokens';

const claims = { userId: 7, companyId: 3, sessionId: '0b8f4f2e-6a1c-4c55-9d3e-2f1a0c9b7e11' };

describe('access tokens', () => {
  afterEach(() => vi.useRealTimers());

  it('a token checked once is still refused once it expires, and a forged one never passes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T10:00:00.000Z'));
    const tokens = createTokenService('a-secret-long-enough-for-hs256-'.repeat(2), { accessTokenTtlSeconds: 60 });
    const token = await tokens.issueAccessToken(claims);
    const first = await tokens.verifyAccessToken(token);
    expect(first).toMatchObject(claims);
    // The remembered answer is the same, and callers cannot change what is remembered.
    first!.userId = 99;
    expect(await tokens.verifyAccessToken(token)).toMatchObject(claims);
    const [header, payload, signature] = token.split('.');
    expect(await tokens.verifyAccessToken(`${header}.${payload}.${signature!.slice(0, -2)}AA`)).toBeNull();
    const forgedPayload = Buffer.from(JSON.stringify({ cid: 3, sid: claims.sessionId, scope: 'access', sub: '1', exp: 9_999_999_999 })).toString('base64url');
    expect(await tokens.verifyAccessToken(`${header}.${forgedPayload}.${signature}`)).toBeNull();
    vi.setSystemTime(new Date('2026-03-01T10:00:59.000Z'));
    expect(await tokens.verifyAccessToken(token)).toMatchObject(claims);
    vi.setSystemTime(new Date('2026-03-01T10:01:00.000Z'));
    expect(await tokens.verifyAccessToken(token)).toBeNull();
    // Another service (another secret) never accepts it, remembered elsewhere or not.
    expect(await createTokenService('another-secret-long-enough-for-hs256-'.repeat(2)).verifyAccessToken(token)).toBeNull();
  });
});
