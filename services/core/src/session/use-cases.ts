import { companyDetails, CompanyDetails, defaultUserDetails, DomainError, streams, UserDetails, type SignupRequest } from '@conversa/contracts';
import { randomUUID } from 'node:crypto';
import { execute, type UseCaseContext } from '../commands/execute';
import { systemActor, userActor } from '../commands/run';
import { company } from '../companies/company';
import { createCompanyAdmin, withClaimedEmail, type UserUseCaseContext } from '../users/lifecycle';
import { session } from './session';

/** A session's refresh token: made by the process that hands it out; its stream keeps only the hash. */
export interface RefreshTokenIssuer {
  issue(sessionId: string): { token: string; hash: string };
}

/**
 * A session for credentials already verified; its id is allocated here. Answers the id and the refresh
 * token to hand out. The answer reads nothing a session event changes: a login never waits on read models.
 */
export async function startSession(
  ctx: UseCaseContext,
  input: { userId: number; companyId: number; ip: string; userAgent: string | undefined; tokens: RefreshTokenIssuer },
): Promise<{ sessionId: string; refreshToken: string }> {
  const { userId, companyId, ip, tokens } = input;
  const sessionId = randomUUID();
  const refreshToken = tokens.issue(sessionId);
  await execute(
    ctx,
    {
      decider: session,
      streamId: streams.session(sessionId),
      command: { type: 'StartSession', sessionId, userId, companyId, tokenHash: refreshToken.hash, ip, userAgent: String(input.userAgent ?? '').slice(0, 300) },
      companyId,
      actor: userActor(userId),
    },
    { readModels: [] },
  );
  return { sessionId, refreshToken: refreshToken.token };
}

/**
 * Rotates a session's refresh token: the presented one for the new one. Answers whose session it is, or
 * null when the session is not active (the presented token was stale, or the session ended); an unknown
 * session is ERR_SESSION_EXPIRED. As at login, nothing waits on read models: the answer reads the stream.
 */
export async function refreshSession(
  ctx: UseCaseContext,
  input: { sessionId: string; presentedHash: string; newHash: string },
): Promise<{ userId: number; companyId: number } | null> {
  const { sessionId, presentedHash, newHash } = input;
  const stream = await ctx.store.readStream(streams.session(sessionId), { maxCount: 1 });
  const companyId = stream[0]?.metadata.companyId;
  if (companyId === undefined) throw new DomainError('ERR_SESSION_EXPIRED');
  const result = await execute(
    ctx,
    { decider: session, streamId: streams.session(sessionId), command: { type: 'RefreshSession', presentedHash, newHash }, companyId, actor: systemActor },
    { readModels: [] },
  );
  return result.state.status === 'active' ? { userId: result.state.userId, companyId: result.state.companyId } : null;
}

/** What a logout does to the user's presence, before the session ends. */
export interface LogoutPresence {
  takeOffline(session: { userId: number; companyId: number; sessionId: string }): Promise<void>;
}

/** Ends a session at the user's request. */
export async function endSession(
  ctx: UseCaseContext,
  input: { userId: number; companyId: number; sessionId: string; presence: LogoutPresence },
): Promise<void> {
  const { userId, companyId, sessionId, presence } = input;
  // Offline first, for the reason 'logout': the revocation closes the session's sockets, and a close
  // seen before would take the user offline as a closed tab.
  await presence.takeOffline({ userId, companyId, sessionId });
  await execute(ctx, {
    decider: session,
    streamId: streams.session(sessionId),
    command: { type: 'RevokeSession', reason: 'logout' },
    companyId,
    actor: userActor(userId),
  });
}

/** What the read models say, for the checks a self-service signup makes before its first append. */
export interface SignupLookup {
  /** userCreation, the platform's switch, kept in the settings of company 1 (the super user's). */
  userCreationEnabled(): Promise<boolean>;
  plan(planId: number): Promise<{ id: number; isPublic: boolean } | null>;
  companyNameTaken(name: string): Promise<boolean>;
}

export interface SignupUseCaseContext extends UserUseCaseContext {
  /** Days of trial a self-service signup gets before its first due date. */
  trialDays: number;
}

/**
 * A self-service signup: a company on a public plan and its first admin, who signs in with the
 * e-mail. The e-mail is claimed first; a company whose admin cannot be created is removed, so its
 * name is free for the retry. Answers the ids, allocated here.
 */
export async function signUp(ctx: SignupUseCaseContext, input: SignupRequest & { lookup: SignupLookup }): Promise<{ companyId: number; userId: number }> {
  const { lookup, ...body } = input;
  if (!(await lookup.userCreationEnabled())) throw new DomainError('ERR_USER_CREATION_DISABLED');
  const plan = await lookup.plan(body.planId);
  if (!plan || !plan.isPublic) throw new DomainError('ERR_VALIDATION', 'planId: plano inválido');
  if (await lookup.companyNameTaken(body.companyName)) throw new DomainError('ERR_COMPANY_NAME_TAKEN');

  const email = body.email.trim().toLowerCase();
  // What the company's and the user's events would refuse is refused here, before the first append.
  const details = CompanyDetails.parse(companyDetails({ name: body.companyName, email, phone: body.phone, document: body.document.replace(/\D/g, '') }));
  UserDetails.parse({ ...defaultUserDetails, name: body.name, email, profile: 'admin', allTicket: 'enable' });
  const userId = await ctx.ids.next('user');
  const companyId = await ctx.ids.next('company');
  const actor = userActor(userId);
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
      await createCompanyAdmin(ctx, { email, userId, companyId, actor, name: body.name, password: body.password, phone: body.phone });
    } catch (error) {
      // A company without its admin is nobody's: it is removed, so its name is free for the retry.
      await execute(ctx, { decider: company, streamId: streams.company(companyId), command: { type: 'DeleteCompany' }, companyId, actor });
      throw error;
    }
  });
  return { companyId, userId };
}
