import { DomainError, onDutyStream, type Actor, type OnDutyDetails } from '@conversa/contracts';
import type { UseCaseContext } from '../commands/execute';
import { streamCommands } from '../shared/stream-commands';
import type { IdAllocator } from '../ids';
import { onDuty } from './on-duty';

const onOnDuty = streamCommands(onDuty, onDutyStream);

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
  await onOnDuty(ctx, input, onDutyId, { type: 'CreateOnDuty', onDutyId, details: input.details });
  return onDutyId;
}

export async function changeOnDuty(
  ctx: UseCaseContext,
  input: { companyId: number; actor: Actor; id: number; changes: Partial<OnDutyDetails>; lookup: OnDutyLookup },
): Promise<void> {
  await checkUser(input.lookup, input.companyId, input.changes.userId);
  await onOnDuty(ctx, input, input.id, { type: 'ChangeOnDuty', changes: input.changes });
}

/** Deletes an entry; answers the confirmation the client shows. */
export async function deleteOnDuty(ctx: UseCaseContext, input: { companyId: number; actor: Actor; id: number }): Promise<{ message: string }> {
  await onOnDuty(ctx, input, input.id, { type: 'DeleteOnDuty' });
  return { message: 'On-duty entry deleted' };
}
