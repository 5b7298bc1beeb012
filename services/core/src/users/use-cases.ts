import { streams, type Actor, type UserDetails } from '@conversa/contracts';
import { streamCommands } from '../shared/stream-commands';
import type { UserUseCaseContext } from './lifecycle';
import { user, userEmail } from './user';

const onUser = streamCommands(user, streams.user);
const onUserEmail = streamCommands(userEmail, streams.userEmail);

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
  const { target, changes, password } = input;
  const userId = target.id;
  const who = { companyId: target.companyId, actor: input.actor };
  if (changes.email !== undefined && changes.email !== target.email) {
    await onUserEmail(ctx, who, changes.email, { type: 'ClaimUserEmail', email: changes.email, userId });
    await onUserEmail(ctx, who, target.email, { type: 'ReleaseUserEmail', email: target.email, userId });
  }
  await onUser(ctx, who, userId, { type: 'ChangeUserDetails', changes });
  if (password !== undefined) {
    await onUser(ctx, who, userId, { type: 'ChangeUserPassword', passwordHash: await ctx.hashPassword(password) });
  }
}

/**
 * A user's new picture, already stored at `url`: if the user refuses it the file goes, and once it is
 * theirs the replaced picture goes, as nothing names it any more.
 */
export async function setUserProfileImage(ctx: UserUseCaseContext, input: { target: UserTarget; url: string; actor: Actor }): Promise<void> {
  const { target, url } = input;
  const who = { companyId: target.companyId, actor: input.actor };
  try {
    await onUser(ctx, who, target.id, { type: 'ChangeUserDetails', changes: { profileImage: url } });
  } catch (error) {
    await ctx.media.remove(target.companyId, url);
    throw error;
  }
  if (target.profileImage) await ctx.media.remove(target.companyId, target.profileImage);
}

/** Takes a user's picture away, file included; a user without one is left as they are. */
export async function removeUserProfileImage(ctx: UserUseCaseContext, input: { target: UserTarget; actor: Actor }): Promise<void> {
  const { target } = input;
  const who = { companyId: target.companyId, actor: input.actor };
  if (!target.profileImage) return;
  await onUser(ctx, who, target.id, { type: 'ChangeUserDetails', changes: { profileImage: null } });
  await ctx.media.remove(target.companyId, target.profileImage);
}
