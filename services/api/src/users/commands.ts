import { defaultUserDetails, type Actor } from '@conversa/contracts';
import { user, userEmail, userEmailStream } from '@conversa/core';
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
