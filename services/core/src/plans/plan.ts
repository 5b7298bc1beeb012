import { DomainError, type PlanEvent, type PlanFields } from '@conversa/contracts';
import { changedFields } from '../commands/changes';
import type { Decider } from '../commands/decider';

export type Plan = { status: 'none' } | { status: 'active' | 'deleted'; planId: number; fields: PlanFields };

export type PlanCommand =
  | { type: 'CreatePlan'; planId: number; fields: PlanFields }
  | { type: 'ChangePlan'; changes: Partial<PlanFields> }
  | { type: 'DeletePlan'; companiesOnPlan: number };

export const plan: Decider<Plan, PlanCommand, PlanEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    switch (event.type) {
      case 'PlanCreated': {
        const { planId, ...fields } = event.data;
        return { status: 'active', planId, fields };
      }
      case 'PlanChanged':
        return state.status === 'none' ? state : { ...state, fields: { ...state.fields, ...event.data.changes } };
      case 'PlanDeleted':
        return state.status === 'none' ? state : { ...state, status: 'deleted' };
    }
  },
  decide(state, command) {
    switch (command.type) {
      case 'CreatePlan':
        if (state.status !== 'none') throw new DomainError('ERR_VALIDATION', 'Plan already exists');
        return [{ type: 'PlanCreated', data: { planId: command.planId, ...command.fields } }];
      case 'ChangePlan': {
        if (state.status !== 'active') throw new DomainError('ERR_NOT_FOUND', 'Plan not found');
        const changes = changedFields(state.fields, command.changes);
        return Object.keys(changes).length === 0 ? [] : [{ type: 'PlanChanged', data: { planId: state.planId, changes } }];
      }
      case 'DeletePlan':
        if (state.status !== 'active') throw new DomainError('ERR_NOT_FOUND', 'Plan not found');
        if (command.companiesOnPlan > 0) throw new DomainError('ERR_VALIDATION', 'Plan is in use by companies');
        return [{ type: 'PlanDeleted', data: { planId: state.planId } }];
    }
  },
};
