import { DomainError, isProductEvent, passwordResetStream, RESET_CODE_TTL_MINUTES, streams } from '@conversa/contracts';
import { systemActor } from '../commands/run';
import { randomUUID } from 'node:crypto';
import { foldStream } from '../commands/decider';
import { execute, type UseCaseContext } from '../commands/execute';
import { user } from '../users/user';
import { passwordReset, type PasswordReset } from './reset';
import type { ResetCodes } from './codes';

export interface PasswordResetContext extends UseCaseContext {
  resetCodes: ResetCodes;
  hashPassword(password: string): Promise<string>;
}

/** Who has a number: the user and their company, or null (the answer is the same either way). */
export interface ResetUserLookup {
  userOfNumber(number: string): Promise<{ userId: number; companyId: number } | null>;
}

export async function loadPasswordReset(ctx: Pick<UseCaseContext, 'store'>, resetId: string): Promise<PasswordReset> {
  return foldStream(passwordReset, await ctx.store.readStream(passwordResetStream(resetId)));
}

/**
 * Records a reset for the number, known or not (same work, same answer). The code is sent by the
 * password-reset-sender reactor; the request never sends anything.
 */
export async function requestPasswordReset(ctx: PasswordResetContext, input: { number: string; lookup: ResetUserLookup }): Promise<string> {
  const found = await input.lookup.userOfNumber(input.number);
  const resetId = randomUUID();
  const code = ctx.resetCodes.codeOf(resetId);
  const expiresAt = new Date(ctx.now().getTime() + RESET_CODE_TTL_MINUTES * 60_000).toISOString();
  await execute(
    ctx,
    {
      decider: passwordReset,
      streamId: passwordResetStream(resetId),
      command: {
        type: 'RequestReset',
        resetId,
        userId: found?.userId ?? null,
        number: input.number,
        codeHash: ctx.resetCodes.hashOf(resetId, code),
        expiresAt,
      },
      // An unknown number belongs to no company: its facts are the platform's (company 1).
      companyId: found?.companyId ?? 1,
      actor: systemActor,
    },
    { readModels: [] },
  );
  return resetId;
}

/** Checks a code; a wrong one is recorded (the third kills the reset) and answered with the spec's error. */
export async function verifyPasswordResetCode(ctx: PasswordResetContext, input: { resetId: string; number: string; code: string }): Promise<void> {
  const current = await loadPasswordReset(ctx, input.resetId);
  // Another number's reset is no reset of this one.
  if (current.status === 'none' || current.number !== input.number) throw new DomainError('ERR_RESET_CODE_INVALID');
  const companyId = current.userId === null ? 1 : await companyOfUser(ctx, current.userId);
  const result = await execute(
    ctx,
    {
      decider: passwordReset,
      streamId: passwordResetStream(input.resetId),
      command: { type: 'VerifyCode', codeHash: ctx.resetCodes.hashOf(input.resetId, input.code) },
      companyId,
      actor: systemActor,
    },
    { readModels: [] },
  );
  if (result.events.some((event) => event.type === 'PasswordResetLocked')) throw new DomainError('ERR_RESET_ATTEMPTS_EXCEEDED');
  if (result.events.some((event) => event.type === 'PasswordResetCodeRejected')) throw new DomainError('ERR_RESET_CODE_INCORRECT');
}

/**
 * Saves the new password with a verified reset, once. The password change ends every session of the
 * user (the sessions read model announces the revocation to every edge and API process).
 */
export async function completePasswordReset(ctx: PasswordResetContext, input: { resetId: string; newPassword: string }): Promise<void> {
  const current = await loadPasswordReset(ctx, input.resetId);
  if (current.status === 'none' || current.userId === null) throw new DomainError('ERR_RESET_CODE_INVALID');
  const userId = current.userId;
  const companyId = await companyOfUser(ctx, userId);
  await execute(
    ctx,
    { decider: passwordReset, streamId: passwordResetStream(input.resetId), command: { type: 'CompleteReset' }, companyId, actor: systemActor },
    { readModels: [] },
  );
  await execute(ctx, {
    decider: user,
    streamId: streams.user(userId),
    command: { type: 'ChangeUserPassword', passwordHash: await ctx.hashPassword(input.newPassword) },
    companyId,
    actor: systemActor,
  });
}

async function companyOfUser(ctx: UseCaseContext, userId: number): Promise<number> {
  const created = (await ctx.store.readStream(streams.user(userId), { maxCount: 1 }))[0];
  const companyId = created && isProductEvent(created, 'UserCreated') ? created.data.companyId : undefined;
  if (!companyId) throw new DomainError('ERR_RESET_CODE_INVALID');
  return companyId;
}
