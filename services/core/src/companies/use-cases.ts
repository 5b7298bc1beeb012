import { DomainError, streams, type Actor, type CompanyDetails, type ScheduleEntry } from '@conversa/contracts';
import { execute, type UseCaseContext } from '../commands/execute';
import { createCompanyAdmin, withClaimedEmail, type UserUseCaseContext } from '../users/lifecycle';
import { advanceDueDate, company, type recurrenceMonths } from './company';

/** What the read models say of companies and plans, for the checks made before a company's command. */
export interface CompanyLookup {
  /** The company as the read model shows it; null when unknown. */
  company(companyId: number): Promise<{ name: string; dueDate: string; recurrence: string } | null>;
  planExists(planId: number): Promise<boolean>;
  nameTaken(name: string): Promise<boolean>;
}

/** The answer when a company is unknown (or deleted). */
export const companyNotFound = (): DomainError => new DomainError('ERR_NOT_FOUND', 'Company not found');

async function knownCompany(lookup: CompanyLookup, companyId: number) {
  const current = await lookup.company(companyId);
  if (!current) throw companyNotFound();
  return current;
}

async function assertPlanExists(lookup: CompanyLookup, planId: number): Promise<void> {
  if (!(await lookup.planExists(planId))) throw new DomainError('ERR_VALIDATION', 'planId: plan not found');
}

/**
 * A company created by the super user. With a password it gets its first admin, who logs in with the
 * company's e-mail: the e-mail is claimed first (as signup does), so an e-mail in use refuses the
 * company before it exists. Answers the company's id, allocated here.
 */
export async function registerCompany(
  ctx: UserUseCaseContext,
  input: { planId: number; dueDate: string; details: CompanyDetails; password?: string; actor: Actor; lookup: CompanyLookup },
): Promise<number> {
  const { planId, dueDate, details, password, actor, lookup } = input;
  await assertPlanExists(lookup, planId);
  if (await lookup.nameTaken(details.name)) throw new DomainError('ERR_COMPANY_NAME_TAKEN');
  const companyId = await ctx.ids.next('company');
  const register = () =>
    execute(ctx, {
      decider: company,
      streamId: streams.company(companyId),
      command: { type: 'RegisterCompany', companyId, planId, dueDate, via: 'admin', details },
      companyId,
      actor,
    });
  if (password) {
    const email = details.email.toLowerCase();
    const userId = await ctx.ids.next('user');
    const claim = { email, userId, companyId, actor };
    await withClaimedEmail(ctx, claim, async () => {
      await register();
      await createCompanyAdmin(ctx, { ...claim, name: details.name, password });
    });
  } else {
    await register();
  }
  return companyId;
}

/** The super user's company dialog: one command, one append, so a refused part (company 1's due date) leaves the details unchanged too. */
export async function editCompany(
  ctx: UseCaseContext,
  input: { companyId: number; changes: Partial<CompanyDetails>; planId?: number; dueDate?: string; actor: Actor; lookup: CompanyLookup },
): Promise<void> {
  const { companyId, changes, planId, dueDate, actor, lookup } = input;
  const current = await knownCompany(lookup, companyId);
  if (changes.name !== undefined && changes.name.toLowerCase() !== current.name.toLowerCase() && (await lookup.nameTaken(changes.name))) {
    throw new DomainError('ERR_COMPANY_NAME_TAKEN');
  }
  if (planId !== undefined) await assertPlanExists(lookup, planId);
  await execute(ctx, { decider: company, streamId: streams.company(companyId), command: { type: 'EditCompany', changes, planId, dueDate }, companyId, actor });
}

/** Advances the due date by the company's recurrence (the due-date button). */
export async function advanceCompanyDueDate(ctx: UseCaseContext, input: { companyId: number; actor: Actor; lookup: CompanyLookup }): Promise<void> {
  const { companyId, actor, lookup } = input;
  const current = await knownCompany(lookup, companyId);
  const dueDate = advanceDueDate(current.dueDate, current.recurrence as keyof typeof recurrenceMonths);
  await execute(ctx, { decider: company, streamId: streams.company(companyId), command: { type: 'SetCompanyDueDate', dueDate }, companyId, actor });
}

export async function setCompanySchedules(ctx: UseCaseContext, input: { companyId: number; schedules: ScheduleEntry[]; actor: Actor }): Promise<void> {
  const { companyId, schedules, actor } = input;
  await execute(ctx, { decider: company, streamId: streams.company(companyId), command: { type: 'SetCompanySchedules', schedules }, companyId, actor });
}

export async function deleteCompany(ctx: UseCaseContext, input: { companyId: number; actor: Actor }): Promise<void> {
  const { companyId, actor } = input;
  await execute(ctx, { decider: company, streamId: streams.company(companyId), command: { type: 'DeleteCompany' }, companyId, actor });
}
