import { DomainError, integrationProblems, type QueueIntegrationEvent } from '@conversa/contracts';
import { recordDecider } from '../commands/record';

export const queueIntegration = recordDecider<QueueIntegrationEvent>()({
  id: 'integrationId',
  created: 'QueueIntegrationCreated',
  changed: 'QueueIntegrationChanged',
  deleted: 'QueueIntegrationDeleted',
  create: 'CreateQueueIntegration',
  change: 'ChangeQueueIntegration',
  delete: 'DeleteQueueIntegration',
  notFound: 'ERR_NO_INTEGRATION_FOUND',
  exists: 'Integration already exists',
  /** The type's required fields, checked on the whole integration a change leaves (spec 2 §5). */
  check(details) {
    const problems = integrationProblems(details);
    if (problems.length > 0) throw new DomainError('ERR_VALIDATION', problems.map((p) => p.message).join('; '), { fields: problems.map((p) => p.path) });
  },
});
