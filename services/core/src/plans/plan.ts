import { DomainError, type PlanEvent } from '@conversa/contracts';
import type { Decider } from '../commands/decider';
import { recordDecider, type CommandOf } from '../commands/record';

const record = recordDecider<PlanEvent>()({
  id: 'planId',
  created: 'PlanCreated',
  changed: 'PlanChanged',
  deleted: 'PlanDeleted',
  create: 'CreatePlan',
  change: 'ChangePlan',
  delete: 'DeletePlan',
  notFound: ['ERR_NOT_FOUND', 'Plan not found'],
  exists: 'Plan already exists',
});

/** A deletion says how many companies are on the plan: it is refused while any is. */
export type PlanCommand = Exclude<CommandOf<typeof record>, { type: 'DeletePlan' }> | { type: 'DeletePlan'; companiesOnPlan: number };

export const plan: Decider<ReturnType<typeof record.initialState>, PlanCommand, PlanEvent> = {
  ...record,
  decide(state, command, context) {
    if (command.type === 'DeletePlan' && state.status === 'active' && command.companiesOnPlan > 0)
      throw new DomainError('ERR_VALIDATION', 'Plan is in use by companies');
    return record.decide(state, command, context);
  },
};
