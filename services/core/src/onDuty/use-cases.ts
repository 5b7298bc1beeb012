import { DomainError, onDutyStream, type Actor, type OnDutyDetails } from '@conversa/contracts';
import { execute, type UseCaseContext } from '../commands/execute';
import type { IdAllocator } from '../ids';
import { onDuty } from './on-duty';

/** What the on-duty use cases need of their process: commands awaited into the read models, and ids. */
export interface OnDutyUseCaseContext extends UseCaseContext {
  ids: IdAllocator;
}

/** The read model an entry's attendant is checked against: a user of the same company. */
export interface OnDutyLookup {
  userOfCompany(companyId: number, userId: number): Promise<boolean>;
}

async function checkUser(lookup: OnDutyLookup, companyId: number, userId: number | undefined): Promise<void> {
  if (userId !== undefined && !(await lookup.userOfCompany(companyId, userId))) throw new DomainError('ERR_NO_USER_FOUND');
}

export async function createOnDuty(
  ctx: OnDutyUseCaseContext,
  input: { companyId: number; actor: Actor; details: OnDutyDetails; lookup: OnDutyLookup },
): Promise<number> {
  await checkUser(input.lookup, input.companyId, input.details.userId);
  const onDutyId = await ctx.ids.next('on_duty');
  await execute(ctx, {
    decider: onDuty,
    streamId: onDutyStream(onDutyId),
    command: { type: 'CreateOnDuty', onDutyId, details: input.details },
    companyId: input.companyId,
    actor: input.actor,
  });
  return onDutyId;
}

export async function changeOnDuty(
  ctx: UseCaseContext,
  input: { companyId: number; actor: Actor; id: number; changes: Partial<OnDutyDetails>; lookup: OnDutyLookup },
): Promise<void> {
  await checkUser(input.lookup, input.companyId, input.changes.userId);
  await execute(ctx, {
    decider: onDuty,
    streamId: onDutyStream(input.id),
    command: { type: 'ChangeOnDuty', changes: input.changes },
    companyId: input.companyId,
    actor: input.actor,
  });
}

/** Deletes an entry; answers the confirmation the client shows. */
export async function deleteOnDuty(ctx: UseCaseContext, input: { companyId: number; actor: Actor; id: number }): Promise<{ message: string }> {
  await execute(ctx, { decider: onDuty, streamId: onDutyStream(input.id), command: { type: 'DeleteOnDuty' }, companyId: input.companyId, actor: input.actor });
  return { message: 'On-duty entry deleted' };
}
