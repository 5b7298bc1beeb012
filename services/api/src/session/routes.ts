import { DomainError, streams, LoginRequest, SignupRequest, companyDetails, CompanyDetails, defaultUserDetails, UserDetails, type SessionResponse } from '@conversa/contracts';
import { company, createCompanyAdmin, session, withClaimedEmail } from '@conversa/core';
import { companyNameTaken, companySettingsOf } from '@conversa/projections/companies/queries';
import { findPlan } from '@conversa/projections/plans/queries';
import { credentialsByEmail, findUser } from '@conversa/projections/users/queries';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { execute, systemActor, userActor, type ApiContext } from '../context';
import { parse } from '../http/errors';
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
    reply.setCookie(REFRESH_COOKIE, token, { httpOnly: true, sameSite: 'strict', path: '/auth', secure: ctx.secureCookies || reply.request.protocol === 'https', maxAge: REFRESH_COOKIE_MAX_AGE_S });

  const answer = async (userId: number, companyId: number, sessionId: string): Promise<SessionResponse> => {
    const current = await findUser(ctx.db, userId, companyId);
    if (!current) throw new DomainError('ERR_SESSION_EXPIRED');
    return {
      token: await ctx.tokens.issueAccessToken({ userId, companyId, sessionId }),
      publicToken: await ctx.tokens.issuePublicToken(companyId),
      user: await sessionUserOf(ctx.db, current),
    };
  };

  app.post('/auth/login', { config: { auth: 'public' } }, async (request, reply) => {
    const { email, password } = parse(LoginRequest, request.body);
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
    const sessionId = randomUUID();
    const refreshToken = newRefreshToken(sessionId);
    await execute(ctx, {
      decider: session,
      streamId: streams.session(sessionId),
      command: {
        type: 'StartSession',
        sessionId,
        userId: credentials.userId,
        companyId: credentials.companyId,
        tokenHash: hashToken(refreshToken),
        ip: request.ip,
        userAgent: String(request.headers['user-agent'] ?? '').slice(0, 300),
      },
      companyId: credentials.companyId,
      actor: userActor(credentials.userId),
    }, { readModels: [] }); // The answer reads nothing a session event changes: a login never waits on read models.
    setRefreshCookie(reply, refreshToken);
    return answer(credentials.userId, credentials.companyId, sessionId);
  });

  app.post('/auth/refresh_token', { config: { auth: 'public' } }, async (request, reply) => {
    const presented = request.cookies[REFRESH_COOKIE];
    const sessionId = presented ? sessionIdOf(presented) : null;
    if (!presented || !sessionId) throw new DomainError('ERR_SESSION_EXPIRED');
    // A session ended by a password change or the user's deletion is refused though its stream knows nothing of it.
    if (!(await ctx.sessions.isActive(sessionId, { fresh: true }))) {
      reply.clearCookie(REFRESH_COOKIE, { path: '/auth' });
      throw new DomainError('ERR_SESSION_EXPIRED');
    }
    const rotated = newRefreshToken(sessionId);
    const stream = await ctx.store.readStream(streams.session(sessionId), { maxCount: 1 });
    const companyId = stream[0]?.metadata.companyId;
    if (companyId === undefined) throw new DomainError('ERR_SESSION_EXPIRED');
    const result = await execute(ctx, {
      decider: session,
      streamId: streams.session(sessionId),
      command: { type: 'RefreshSession', presentedHash: hashToken(presented), newHash: hashToken(rotated) },
      companyId,
      actor: systemActor,
    }, { readModels: [] }); // As at login: the answer reads the session from its stream.
    if (result.state.status !== 'active') {
      reply.clearCookie(REFRESH_COOKIE, { path: '/auth' });
      throw new DomainError('ERR_SESSION_EXPIRED');
    }
    setRefreshCookie(reply, rotated);
    return answer(result.state.userId, result.state.companyId, sessionId);
  });

  app.delete('/auth/logout', { config: { auth: { allowExpired: true } } }, async (request, reply) => {
    const { sessionId, companyId, userId } = request.principal;
    // Offline first, for the reason 'logout': the revocation closes the session's sockets, and a close
    // seen before would take the user offline as a closed tab.
    await takeOfflineAtLogout(ctx, { userId, companyId, sessionId });
    await execute(ctx, { decider: session, streamId: streams.session(sessionId), command: { type: 'RevokeSession', reason: 'logout' }, companyId, actor: userActor(userId) });
    // This process refuses the token at once; the others when the sessions read model announces it.
    ctx.sessions.apply({ userId, sessionId, change: 'revoked' });
    reply.clearCookie(REFRESH_COOKIE, { path: '/auth' });
    return reply.status(204).send();
  });

  app.get('/auth/me', { config: { auth: { allowExpired: true } } }, async (request) => sessionUserOf(ctx.db, request.principal.user));

  app.post('/auth/signup', { config: { auth: 'public' } }, async (request: FastifyRequest, reply) => {
    const body = parse(SignupRequest, request.body);
    // userCreation is the platform's switch, kept in the settings of company 1 (the super user's).
    if ((await companySettingsOf(ctx.db, 1)).userCreation !== 'enabled') throw new DomainError('ERR_USER_CREATION_DISABLED');
    const plan = await findPlan(ctx.db, body.planId);
    if (!plan || !plan.isPublic) throw new DomainError('ERR_VALIDATION', 'planId: plano inválido');
    if (await companyNameTaken(ctx.db, body.companyName)) throw new DomainError('ERR_COMPANY_NAME_TAKEN');

    const email = body.email.trim().toLowerCase();
    // What the company's and the user's events would refuse is refused here, before the first append.
    const details = parse(CompanyDetails, companyDetails({ name: body.companyName, email, phone: body.phone, document: body.document.replace(/\D/g, '') }));
    parse(UserDetails, { ...defaultUserDetails, name: body.name, email, profile: 'admin', allTicket: 'enable' });
    const userId = await ctx.ids.next('user');
    const companyId = await ctx.ids.next('company');
    const actor = { kind: 'user' as const, id: userId };
    await withClaimedEmail(ctx, { email, userId, companyId, actor }, async () => {
      const due = new Date(ctx.now().getTime() + ctx.trialDays * 24 * 3600 * 1000).toISOString().slice(0, 10);
      await execute(ctx, {
        decider: company,
        streamId: streams.company(companyId),
        command: { type: 'RegisterCompany', companyId, planId: plan.id, dueDate: due, via: 'signup', details },
        companyId,
        actor,
      });
      try {
        await createCompanyAdmin(ctx, { email, userId, companyId, actor, name: body.name, password: body.password });
      } catch (error) {
        // A company without its admin is nobody's: it is removed, so its name is free for the retry.
        await execute(ctx, { decider: company, streamId: streams.company(companyId), command: { type: 'DeleteCompany' }, companyId, actor });
        throw error;
      }
    });
    return reply.status(201).send({ companyId, userId });
  });
}
