import { DomainError, streams, type Actor, type PlanFields } from '@conversa/contracts';
import type { UseCaseContext } from '../commands/execute';
import type { IdAllocator } from '../ids';
import { streamCommands } from '../shared/stream-commands';
import { plan } from './plan';

const onPlan = streamCommands(plan, streams.plan);

/** What the plan use cases need of their process. */
export interface PlanUseCaseContext extends UseCaseContext {
  ids: IdAllocator;
}

/** The read model a plan's deletion is checked against: a plan some company is on is kept. */
export interface PlanUsageLookup {
  companiesOnPlan(planId: number): Promise<number>;
}

/** Who acts, and in which company's name (the super user's). */
export interface PlanActor {
  companyId: number;
  actor: Actor;
}

/** The answer when a plan is unknown (or deleted). */
export const planNotFound = (): DomainError => new DomainError('ERR_NOT_FOUND', 'Plan not found');

/** A new plan; answers its id, allocated here. */
export async function createPlan(ctx: PlanUseCaseContext, input: PlanActor & { fields: PlanFields }): Promise<number> {
  const { fields } = input;
  const planId = await ctx.ids.next('plan');
  await onPlan(ctx, input, planId, { type: 'CreatePlan', planId, details: fields });
  return planId;
}

export async function changePlan(ctx: UseCaseContext, input: PlanActor & { planId: number; changes: Partial<PlanFields> }): Promise<void> {
  const { planId, changes } = input;
  await onPlan(ctx, input, planId, { type: 'ChangePlan', changes });
}

/** Refused (by the plan) while a company is on it. */
export async function deletePlan(ctx: UseCaseContext, input: PlanActor & { planId: number; usage: PlanUsageLookup }): Promise<void> {
  const { planId, usage } = input;
  await onPlan(ctx, input, planId, { type: 'DeletePlan', companiesOnPlan: await usage.companiesOnPlan(planId) });
}
