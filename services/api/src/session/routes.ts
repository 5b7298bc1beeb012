import { DomainError, LoginRequest, SignupRequest, SessionUser, SignupResponse, SessionResponse } from '@conversa/contracts';
import { endSession, refreshSession, signUp, startSession, type RefreshTokenIssuer, type SignupLookup } from '@conversa/core';
import { companyNameTaken, companySettingsOf } from '@conversa/projections/companies/queries';
import { findPlan } from '@conversa/projections/plans/queries';
import { credentialsByEmail, findUser } from '@conversa/projections/users/queries';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ApiContext } from '../context';
import { hashToken, newRefreshToken, sessionIdOf } from '../http/tokens';
import { takeOfflineAtLogout } from '@conversa/automation';
import { LimitExceeded } from './limiter';
import { sessionUserOf } from './session-user';

export const REFRESH_COOKIE = 'jrt';
const REFRESH_COOKIE_MAX_AGE_S = 7 * 24 * 60 * 60;
/** Verifying against a fixed hash when the e-mail is unknown keeps the answer time the same. */
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$50TfZiOaj/4UlFLX7EKu2w$I0TVrR/zHyO87tPXBEFh5HEPW4t8OdEKbI8lS/GrVPQ';

export async function sessionRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  // Secure whenever the browser came over https (directly, or through a proxy trustProxy trusts), so a
  // deployment behind TLS needs no SECURE_COOKIES to keep the refresh token off plain http.
  const setRefreshCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(REFRESH_COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      path: '/auth',
      secure: ctx.secureCookies || reply.request.protocol === 'https',
      maxAge: REFRESH_COOKIE_MAX_AGE_S,
    });

  const refreshTokens: RefreshTokenIssuer = {
    issue: (sessionId) => {
      const token = newRefreshToken(sessionId);
      return { token, hash: hashToken(token) };
    },
  };

  const signupLookup: SignupLookup = {
    userCreationEnabled: async () => (await companySettingsOf(ctx.db, 1)).userCreation === 'enabled',
    plan: (planId) => findPlan(ctx.db, planId),
    companyNameTaken: (name) => companyNameTaken(ctx.db, name),
  };

  const answer = async (userId: number, companyId: number, sessionId: string): Promise<SessionResponse> => {
    const current = await findUser(ctx.db, userId, companyId);
    if (!current) throw new DomainError('ERR_SESSION_EXPIRED');
    return {
      token: await ctx.tokens.issueAccessToken({ userId, companyId, sessionId }),
      publicToken: await ctx.tokens.issuePublicToken(companyId),
      user: await sessionUserOf(ctx.db, current),
      metaAppId: ctx.meta?.appId || null,
    };
  };

  app.post(
    '/auth/login',
    { config: { auth: 'public', contract: { body: LoginRequest, response: SessionResponse, errors: ['ERR_INVALID_CREDENTIALS', 'ERR_TOO_MANY_REQUESTS'] } } },
    async (request, reply) => {
      const { email, password } = request.body;
      try {
        await ctx.loginLimiter.check(email, request.ip);
      } catch (error) {
        if (error instanceof LimitExceeded) {
          reply.header('retry-after', String(error.retryAfterSeconds));
          throw new DomainError('ERR_TOO_MANY_REQUESTS');
        }
        throw error;
      }
      const credentials = await credentialsByEmail(ctx.db, email);
      const valid = await ctx.verifyPassword(credentials?.passwordHash ?? DUMMY_HASH, password);
      if (!credentials || !valid) {
        await ctx.loginLimiter.recordFailure(email, request.ip);
        throw new DomainError('ERR_INVALID_CREDENTIALS');
      }
      await ctx.loginLimiter.recordSuccess(email, request.ip);
      const { sessionId, refreshToken } = await startSession(ctx, {
        userId: credentials.userId,
        companyId: credentials.companyId,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        tokens: refreshTokens,
      });
      setRefreshCookie(reply, refreshToken);
      return answer(credentials.userId, credentials.companyId, sessionId);
    },
  );

  app.post(
    '/auth/refresh_token',
    {
      config: {
        auth: 'public',
        contract: { summary: 'A new access token from the refresh cookie (jrt)', security: 'refreshCookie', response: SessionResponse },
      },
    },
    async (request, reply) => {
      const presented = request.cookies[REFRESH_COOKIE];
      const sessionId = presented ? sessionIdOf(presented) : null;
      if (!presented || !sessionId) throw new DomainError('ERR_SESSION_EXPIRED');
      // A session ended by a password change or the user's deletion is refused though its stream knows nothing of it.
      if (!(await ctx.sessions.isActive(sessionId, { fresh: true }))) {
        reply.clearCookie(REFRESH_COOKIE, { path: '/auth' });
        throw new DomainError('ERR_SESSION_EXPIRED');
      }
      const rotated = newRefreshToken(sessionId);
      const owner = await refreshSession(ctx, { sessionId, presentedHash: hashToken(presented), newHash: hashToken(rotated) });
      if (!owner) {
        reply.clearCookie(REFRESH_COOKIE, { path: '/auth' });
        throw new DomainError('ERR_SESSION_EXPIRED');
      }
      setRefreshCookie(reply, rotated);
      return answer(owner.userId, owner.companyId, sessionId);
    },
  );

  app.delete('/auth/logout', { config: { auth: { allowExpired: true }, contract: { status: 204 } } }, async (request, reply) => {
    const { sessionId, companyId, userId } = request.principal;
    await endSession(ctx, { userId, companyId, sessionId, presence: { takeOffline: (ended) => takeOfflineAtLogout(ctx, ended) } });
    // This process refuses the token at once; the others when the sessions read model announces it.
    ctx.sessions.apply({ userId, sessionId, change: 'revoked' });
    reply.clearCookie(REFRESH_COOKIE, { path: '/auth' });
    return reply.status(204).send();
  });

  app.get('/auth/me', { config: { auth: { allowExpired: true }, contract: { summary: 'The signed-in user', response: SessionUser } } }, async (request) =>
    sessionUserOf(ctx.db, request.principal.user),
  );

  app.post(
    '/auth/signup',
    {
      config: {
        auth: 'public',
        contract: {
          body: SignupRequest,
          status: 201,
          response: SignupResponse,
          errors: ['ERR_EMAIL_IN_USE', 'ERR_USER_CREATION_DISABLED', 'ERR_COMPANY_NAME_TAKEN', 'ERR_NOT_FOUND'],
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const { companyId, userId } = await signUp(ctx, { ...body, lookup: signupLookup });
      return reply.status(201).send({ companyId, userId });
    },
  );
}
