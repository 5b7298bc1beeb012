import { DomainError, type UserDetails, type UserRecord, type UserView } from '@conversa/contracts';
import type { UserSeatLookup } from '@conversa/core';
import { findCompany } from '@conversa/projections/companies/queries';
import { findPlan } from '@conversa/projections/plans/queries';
import { findConnection } from '@conversa/projections/connections/queries';
import { existingQueueIds, queueSummaries } from '@conversa/projections/queues/queries';
import { activeUserIds } from '@conversa/projections/users/queries';
import type { ApiContext } from '../context';

/**
 * The queues and the default connection a user form names must be the company's live ones. Values
 * the user already had are not checked again: a queue deleted since stays on the user until someone
 * removes it.
 */
export async function assertUserReferences(
  ctx: ApiContext,
  companyId: number,
  fields: Partial<Pick<UserDetails, 'queueIds' | 'whatsappId'>>,
  current?: Pick<UserView, 'queueIds' | 'whatsappId'>,
): Promise<void> {
  if (fields.queueIds !== undefined) {
    const added = fields.queueIds.filter((id) => !current?.queueIds.includes(id));
    const existing = new Set(await existingQueueIds(ctx.db, companyId, added));
    const unknown = added.filter((id) => !existing.has(id));
    if (unknown.length > 0) throw new DomainError('ERR_VALIDATION', `queueIds: no queue ${unknown.join(', ')}`, { queueIds: unknown });
  }
  const whatsappId = fields.whatsappId;
  if (whatsappId != null && whatsappId !== current?.whatsappId && !(await findConnection(ctx.db, whatsappId, { companyId }))) {
    throw new DomainError('ERR_NO_WAPP_FOUND');
  }
}

/** Users as the users screen shows them: with id, name and colour of each live queue they attend. */
export async function withQueues(ctx: ApiContext, companyId: number, users: UserView[]): Promise<UserRecord[]> {
  const ids = [...new Set(users.flatMap((u) => u.queueIds))];
  const [live, summaries] = await Promise.all([existingQueueIds(ctx.db, companyId, ids), queueSummaries(ctx.db, companyId, ids)]);
  const liveIds = new Set(live);
  return users.map((u) => ({ ...u, queues: u.queueIds.filter((id) => liveIds.has(id)).map((id) => summaries.get(id)!) }));
}

/** The plan's user limit and the company's active users, from the read models: what a new user's seat is checked against. */
export const seatLookup = (ctx: ApiContext): UserSeatLookup => ({
  async userLimit(companyId) {
    const company = await findCompany(ctx.db, companyId);
    const plan = company && (await findPlan(ctx.db, company.planId));
    return plan ? plan.users : null;
  },
  activeUserIds: (companyId) => activeUserIds(ctx.db, companyId),
});
