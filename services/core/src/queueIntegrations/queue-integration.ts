import { DomainError, integrationProblems, type QueueIntegrationDetails, type QueueIntegrationEvent } from '@conversa/contracts';
import type { Decider } from '../commands/decider';
import { changedFields } from '../commands/changes';

export type QueueIntegration = { status: 'none' } | { status: 'active' | 'deleted'; integrationId: number; details: QueueIntegrationDetails };

export type QueueIntegrationCommand =
  | { type: 'CreateQueueIntegration'; integrationId: number; details: QueueIntegrationDetails }
  | { type: 'ChangeQueueIntegration'; changes: Partial<QueueIntegrationDetails> }
  | { type: 'DeleteQueueIntegration' };

/** The type's required fields, checked on the whole integration a change leaves (spec 2 §5). */
function checkComplete(details: QueueIntegrationDetails): void {
  const problems = integrationProblems(details);
  if (problems.length > 0) throw new DomainError('ERR_VALIDATION', problems.map((p) => p.message).join('; '), { fields: problems.map((p) => p.path) });
}

export const queueIntegration: Decider<QueueIntegration, QueueIntegrationCommand, QueueIntegrationEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    if (event.type === 'QueueIntegrationCreated') {
      const { integrationId, ...details } = event.data;
      return { status: 'active', integrationId, details };
    }
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'QueueIntegrationChanged':
        return { ...state, details: { ...state.details, ...event.data.changes } };
      case 'QueueIntegrationDeleted':
        return { ...state, status: 'deleted' };
    }
  },
  decide(state, command) {
    if (command.type === 'CreateQueueIntegration') {
      if (state.status !== 'none') throw new DomainError('ERR_VALIDATION', 'Integration already exists');
      checkComplete(command.details);
      return [{ type: 'QueueIntegrationCreated', data: { integrationId: command.integrationId, ...command.details } }];
    }
    if (state.status !== 'active') throw new DomainError('ERR_NO_INTEGRATION_FOUND');
    switch (command.type) {
      case 'ChangeQueueIntegration': {
        const changes = changedFields(state.details, command.changes);
        if (Object.keys(changes).length === 0) return [];
        checkComplete({ ...state.details, ...changes });
        return [{ type: 'QueueIntegrationChanged', data: { integrationId: state.integrationId, changes } }];
      }
      case 'DeleteQueueIntegration':
        return [{ type: 'QueueIntegrationDeleted', data: { integrationId: state.integrationId } }];
    }
  },
};
