import { createHash, createSecretKey, randomBytes } from 'node:crypto';
import { RecordId, RecordIdParam } from '@conversa/contracts';
import { jwtVerify, SignJWT } from 'jose';

/** Access tokens are short: a stolen one is useful for minutes; the refresh cookie renews it. */
export const ACCESS_TOKEN_TTL_S = 15 * 60;
const PUBLIC_TOKEN_TTL_S = 24 * 60 * 60;
/** Access tokens whose signature check is remembered until they expire (one per signed-in browser tab, roughly). */
const VERIFIED_TOKENS = 20_000;

export interface AccessClaims {
  userId: number;
  companyId: number;
  sessionId: string;
}

export interface TokenService {
  issueAccessToken(claims: AccessClaims): Promise<string>;
  /** Seconds an access token lives (a socket holding one must present a fresh one before then). */
  readonly accessTokenTtlSeconds: number;
  /** A token for unauthenticated-by-user uses (public socket, embeds); never accepted as an access token. */
  issuePublicToken(companyId: number): Promise<string>;
  /** The claims and when the token expires (epoch ms); null when invalid, expired or not an access token. */
  verifyAccessToken(token: string): Promise<(AccessClaims & { expiresAt: number }) | null>;
}

/** `accessTokenTtlSeconds` is shortened only by tests of what happens at expiry. */
export function createTokenService(secret: string, options: { accessTokenTtlSeconds?: number } = {}): TokenService {
  const accessTtl = options.accessTokenTtlSeconds ?? ACCESS_TOKEN_TTL_S;
  // A key object, made once: given raw bytes, jose imports a key again for every token it checks.
  const key = createSecretKey(new TextEncoder().encode(secret));
  // Only tokens that passed the check are kept (a flood of forged ones costs no memory), at most VERIFIED_TOKENS.
  const verified = new Map<string, AccessClaims & { expiresAt: number }>();
  const remember = (token: string, claims: AccessClaims & { expiresAt: number }) => {
    if (verified.size >= VERIFIED_TOKENS) {
      const now = Date.now();
      for (const [held, entry] of verified) if (entry.expiresAt <= now) verified.delete(held);
      // Still full: the oldest entries go (a Map iterates in insertion order).
      for (const held of verified.keys()) {
        if (verified.size < VERIFIED_TOKENS * 0.9) break;
        verified.delete(held);
      }
    }
    verified.set(token, claims);
  };
  return {
    accessTokenTtlSeconds: accessTtl,
    async issueAccessToken({ userId, companyId, sessionId }) {
      return new SignJWT({ cid: companyId, sid: sessionId, scope: 'access' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(`${accessTtl}s`)
        .sign(key);
    },
    async issuePublicToken(companyId) {
      return new SignJWT({ cid: companyId, scope: 'public' })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt()
        .setExpirationTime(`${PUBLIC_TOKEN_TTL_S}s`)
        .sign(key);
    },
    async verifyAccessToken(token) {
      // A token checked before is not checked again until it expires: every request presents the same one,
      // and the signature check (webcrypto, a job off the main thread and back) was much of a read's CPU.
      const known = verified.get(token);
      if (known) {
        // jose's rule: valid while the current second is before `exp`.
        if (Math.floor(Date.now() / 1000) < known.expiresAt / 1000) return { ...known };
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (payload.scope !== 'access' || typeof payload.sid !== 'string' || !/^[0-9a-f-]{36}$/.test(payload.sid) || typeof payload.exp !== 'number')
          return null;
        // Signed with our secret is not enough: ids that no record can have (text, huge, negative) are a bad token, not a crash later.
        const userId = RecordIdParam.safeParse(payload.sub);
        const companyId = RecordId.safeParse(payload.cid);
        if (!userId.success || !companyId.success) return null;
        const claims = { userId: userId.data, companyId: companyId.data, sessionId: payload.sid, expiresAt: payload.exp * 1000 };
        remember(token, claims);
        return { ...claims };
      } catch {
        return null;
      }
    },
  };
}

/** Refresh tokens are opaque `<sessionId>.<secret>`; only their sha256 is ever stored. */
export const newRefreshToken = (sessionId: string): string => `${sessionId}.${randomBytes(32).toString('base64url')}`;
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
export const sessionIdOf = (refreshToken: string): string | null => {
  const [sessionId, secret] = refreshToken.split('.');
  return sessionId && secret && /^[0-9a-f-]{36}$/.test(sessionId) ? sessionId : null;
};
