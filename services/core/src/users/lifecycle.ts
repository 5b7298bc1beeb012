import { defaultUserDetails, DomainError, streams, type Actor, type UserDetails } from '@conversa/contracts';
import type { UseCaseContext } from '../commands/execute';
import type { IdAllocator } from '../ids';
import { streamCommands } from '../shared/stream-commands';
import { userSeats } from './seats';
import { user, userEmail } from './user';

const onUser = streamCommands(user, streams.user);
const onUserEmail = streamCommands(userEmail, streams.userEmail);
const onUserSeats = streamCommands(userSeats, streams.userSeats);

/**
 * What the user use cases need of their process. Each step is awaited into the read models, as a
 * request's commands are: the next step, or the answer, may read what the previous one wrote.
 */
export interface UserUseCaseContext extends UseCaseContext {
  ids: IdAllocator;
  hashPassword(password: string): Promise<string>;
  /** Where profile pictures are kept: a deleted user's goes with them. */
  media: { remove(companyId: number, url: string): Promise<void> };
}

/** The read models a new user's seat is checked against. */
export interface UserSeatLookup {
  /** The plan's user limit; null when the company or its plan is unknown. */
  userLimit(companyId: number): Promise<number | null>;
  activeUserIds(companyId: number): Promise<number[]>;
}

export interface EmailClaim {
  email: string;
  userId: number;
  companyId: number;
  actor: Actor;
}

/**
 * Holds an e-mail for a user while `work` creates what goes with it; if the work fails the
 * address is released, so a failed sign-up never leaves an e-mail nobody can use.
 */
export async function withClaimedEmail<T>(ctx: UserUseCaseContext, claim: EmailClaim, work: () => Promise<T>): Promise<T> {
  const { email, userId } = claim;
  await onUserEmail(ctx, claim, email, { type: 'ClaimUserEmail', email, userId });
  try {
    return await work();
  } catch (error) {
    await onUserEmail(ctx, claim, email, { type: 'ReleaseUserEmail', email, userId });
    throw error;
  }
}

/** A company's first administrator: admin profile, sees every queue's tickets. */
export async function createCompanyAdmin(ctx: UserUseCaseContext, admin: EmailClaim & { name: string; password: string; phone?: string }): Promise<void> {
  const { email, userId, companyId, name, password } = admin;
  // The signup phone is the first admin's WhatsApp number for password resets.
  const phone = admin.phone?.replace(/\D/g, '');
  await onUser(ctx, admin, userId, {
    type: 'CreateUser',
    userId,
    companyId,
    passwordHash: await ctx.hashPassword(password),
    details: { ...defaultUserDetails, name, email, profile: 'admin', allTicket: 'enable', ...(phone ? { phone } : {}) },
  });
}

/**
 * A user created from the users screen: the e-mail is claimed, then a seat of the plan's user limit
 * (ERR_PLAN_USER_LIMIT), then the user; a failure at any step gives back what the earlier steps took.
 */
export async function createCompanyUser(
  ctx: UserUseCaseContext,
  input: { companyId: number; details: UserDetails; password: string; actor: Actor; seats: UserSeatLookup },
): Promise<number> {
  const { companyId, details, password, actor, seats } = input;
  const limit = await seats.userLimit(companyId);
  if (limit === null) throw new DomainError('ERR_NOT_FOUND', 'Company not found');
  const userId = await ctx.ids.next('user');
  const passwordHash = await ctx.hashPassword(password);
  await withClaimedEmail(ctx, { email: details.email, userId, companyId, actor }, async () => {
    await onUserSeats(ctx, input, companyId, { type: 'TakeUserSeat', companyId, userId, limit, activeUserIds: await seats.activeUserIds(companyId) });
    try {
      await onUser(ctx, input, userId, { type: 'CreateUser', userId, companyId, details, passwordHash });
    } catch (error) {
      await onUserSeats(ctx, input, companyId, { type: 'FreeUserSeat', companyId, userId });
      throw error;
    }
  });
  return userId;
}

/** Deletes a user and gives back what they held: their seat, their e-mail (usable again) and their picture. */
export async function deleteCompanyUser(
  ctx: UserUseCaseContext,
  input: { target: { id: number; companyId: number; email: string; profileImage: string | null }; actor: Actor },
): Promise<void> {
  const { target } = input;
  const { companyId } = target;
  const who = { companyId, actor: input.actor };
  await onUser(ctx, who, target.id, { type: 'DeleteUser' });
  await onUserSeats(ctx, who, companyId, { type: 'FreeUserSeat', companyId, userId: target.id });
  await onUserEmail(ctx, who, target.email, { type: 'ReleaseUserEmail', email: target.email, userId: target.id });
  if (target.profileImage) await ctx.media.remove(companyId, target.profileImage);
}
