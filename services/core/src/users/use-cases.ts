import { streams, type Actor, type UserDetails } from '@conversa/contracts';
import { execute } from '../commands/execute';
import type { UserUseCaseContext } from './lifecycle';
import { user, userEmail } from './user';

/** The user a change applies to, as the read model shows it. */
export interface UserTarget {
  id: number;
  companyId: number;
  email: string;
  profileImage: string | null;
}

/**
 * A user's details, and their password when one is given. A new e-mail is claimed before the old one
 * is released, so an address in use refuses the change before anything moved. A new password ends
 * every session of the user (the sessions read model hears it from the event).
 */
export async function changeCompanyUser(
  ctx: UserUseCaseContext,
  input: { target: Pick<UserTarget, 'id' | 'companyId' | 'email'>; changes: Partial<UserDetails>; password?: string; actor: Actor },
): Promise<void> {
  const { target, changes, password, actor } = input;
  const { id: userId, companyId } = target;
  if (changes.email !== undefined && changes.email !== target.email) {
    await execute(ctx, {
      decider: userEmail,
      streamId: streams.userEmail(changes.email),
      command: { type: 'ClaimUserEmail', email: changes.email, userId },
      companyId,
      actor,
    });
    await execute(ctx, {
      decider: userEmail,
      streamId: streams.userEmail(target.email),
      command: { type: 'ReleaseUserEmail', email: target.email, userId },
      companyId,
      actor,
    });
  }
  await execute(ctx, { decider: user, streamId: streams.user(userId), command: { type: 'ChangeUserDetails', changes }, companyId, actor });
  if (password !== undefined) {
    await execute(ctx, {
      decider: user,
      streamId: streams.user(userId),
      command: { type: 'ChangeUserPassword', passwordHash: await ctx.hashPassword(password) },
      companyId,
      actor,
    });
  }
}

/**
 * A user's new picture, already stored at `url`: if the user refuses it the file goes, and once it is
 * theirs the replaced picture goes, as nothing names it any more.
 */
export async function setUserProfileImage(ctx: UserUseCaseContext, input: { target: UserTarget; url: string; actor: Actor }): Promise<void> {
  const { target, url, actor } = input;
  try {
    await execute(ctx, {
      decider: user,
      streamId: streams.user(target.id),
      command: { type: 'ChangeUserDetails', changes: { profileImage: url } },
      companyId: target.companyId,
      actor,
    });
  } catch (error) {
    await ctx.media.remove(target.companyId, url);
    throw error;
  }
  if (target.profileImage) await ctx.media.remove(target.companyId, target.profileImage);
}

/** Takes a user's picture away, file included; a user without one is left as they are. */
export async function removeUserProfileImage(ctx: UserUseCaseContext, input: { target: UserTarget; actor: Actor }): Promise<void> {
  const { target, actor } = input;
  if (!target.profileImage) return;
  await execute(ctx, {
    decider: user,
    streamId: streams.user(target.id),
    command: { type: 'ChangeUserDetails', changes: { profileImage: null } },
    companyId: target.companyId,
    actor,
  });
  await ctx.media.remove(target.companyId, target.profileImage);
}
