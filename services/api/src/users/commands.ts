import { defaultUserDetails, DomainError, type Actor, type UserDetails } from '@conversa/contracts';
import { user, userEmail, userEmailStream, userSeats, userSeatsStream } from '@conversa/core';
import { findCompany } from '@conversa/projections/companies/queries';
import { findPlan } from '@conversa/projections/plans/queries';
import { activeUserIds } from '@conversa/projections/users/queries';
import { execute, type ApiContext } from '../context';

interface EmailClaim {
  email: string;
  userId: number;
  companyId: number;
  actor: Actor;
}

/**
 * Holds an e-mail for a user while `work` creates what goes with it; if the work fails the
 * address is released, so a failed sign-up never leaves an e-mail nobody can use.
 */
export async function withClaimedEmail<T>(ctx: ApiContext, claim: EmailClaim, work: () => Promise<T>): Promise<T> {
  const { email, userId, companyId, actor } = claim;
  await execute(ctx, { decider: userEmail, streamId: userEmailStream(email), command: { type: 'ClaimUserEmail', email, userId }, companyId, actor });
  try {
    return await work();
  } catch (error) {
    await execute(ctx, { decider: userEmail, streamId: userEmailStream(email), command: { type: 'ReleaseUserEmail', email, userId }, companyId, actor });
    throw error;
  }
}

/** A company's first administrator: admin profile, sees every queue's tickets. */
export async function createCompanyAdmin(ctx: ApiContext, admin: EmailClaim & { name: string; password: string }): Promise<void> {
  const { email, userId, companyId, actor, name, password } = admin;
  await execute(ctx, {
    decider: user,
    streamId: `user-${userId}`,
    command: {
      type: 'CreateUser',
      userId,
      companyId,
      passwordHash: await ctx.hashPassword(password),
      details: { ...defaultUserDetails, name, email, profile: 'admin', allTicket: 'enable' },
    },
    companyId,
    actor,
  });
}

/**
 * A user created from the users screen (spec 2 §7 POST /users): the e-mail is claimed, then a seat of
 * the plan's user limit (ERR_PLAN_USER_LIMIT), then the user; a failure at any step gives back what
 * the earlier steps took.
 */
export async function createCompanyUser(ctx: ApiContext, input: { companyId: number; details: UserDetails; password: string; actor: Actor }): Promise<number> {
  const { companyId, details, password, actor } = input;
  const company = await findCompany(ctx.db, companyId);
  const plan = company && (await findPlan(ctx.db, company.planId));
  if (!plan) throw new DomainError('ERR_NOT_FOUND', 'Company not found');
  const userId = await ctx.ids.next('user');
  const passwordHash = await ctx.hashPassword(password);
  await withClaimedEmail(ctx, { email: details.email, userId, companyId, actor }, async () => {
    await execute(ctx, {
      decider: userSeats,
      streamId: userSeatsStream(companyId),
      command: { type: 'TakeUserSeat', companyId, userId, limit: plan.users, activeUserIds: await activeUserIds(ctx.db, companyId) },
      companyId,
      actor,
    });
    try {
      await execute(ctx, { decider: user, streamId: `user-${userId}`, command: { type: 'CreateUser', userId, companyId, details, passwordHash }, companyId, actor });
    } catch (error) {
      await execute(ctx, { decider: userSeats, streamId: userSeatsStream(companyId), command: { type: 'FreeUserSeat', companyId, userId }, companyId, actor });
      throw error;
    }
  });
  return userId;
}

/** Deletes a user and gives back what they held: their seat, their e-mail (usable again) and their picture. */
export async function deleteCompanyUser(ctx: ApiContext, input: { target: { id: number; companyId: number; email: string; profileImage: string | null }; actor: Actor }): Promise<void> {
  const { target, actor } = input;
  const companyId = target.companyId;
  await execute(ctx, { decider: user, streamId: `user-${target.id}`, command: { type: 'DeleteUser' }, companyId, actor });
  ctx.sessions.apply({ userId: target.id, change: 'revoked' });
  await execute(ctx, { decider: userSeats, streamId: userSeatsStream(companyId), command: { type: 'FreeUserSeat', companyId, userId: target.id }, companyId, actor });
  await execute(ctx, { decider: userEmail, streamId: userEmailStream(target.email), command: { type: 'ReleaseUserEmail', email: target.email, userId: target.id }, companyId, actor });
  if (target.profileImage) await ctx.media.remove(companyId, target.profileImage);
}
