import type { QueueIntegrationDetails, QueueIntegrationEvent } from '@conversa/contracts';
import { describe, it } from 'vitest';
import { spec } from '../commands/spec';
import { queueIntegration } from './queue-integration';

const details: QueueIntegrationDetails = {
  type: 'webhook',
  name: 'Pedidos',
  projectName: '',
  jsonContent: '',
  credentialsHint: null,
  language: 'pt-BR',
  urlN8N: 'http://hooks.example/pedidos',
  typebotSlug: '',
  typebotExpires: 1,
  typebotDelayMessage: 1000,
  typebotKeywordFinish: '',
  typebotKeywordRestart: '',
  typebotUnknownMessage: '',
  typebotRestartMessage: '',
};
const created: QueueIntegrationEvent = { type: 'QueueIntegrationCreated', data: { integrationId: 3, ...details } };

describe('queue integration decider', () => {
  it('creates an integration whose type has what it needs', () => {
    spec(queueIntegration).given([]).when({ type: 'CreateQueueIntegration', integrationId: 3, details }).then([created]);
    spec(queueIntegration)
      .given([])
      .when({ type: 'CreateQueueIntegration', integrationId: 3, details: { ...details, type: 'typebot' } })
      .thenThrows('ERR_VALIDATION');
  });

  it('records what changed, and refuses a change that leaves the type incomplete', () => {
    spec(queueIntegration)
      .given([created])
      .when({ type: 'ChangeQueueIntegration', changes: { name: 'Pedidos', urlN8N: 'http://hooks.example/v2' } })
      .then([{ type: 'QueueIntegrationChanged', data: { integrationId: 3, changes: { urlN8N: 'http://hooks.example/v2' } } }]);
    spec(queueIntegration)
      .given([created])
      .when({ type: 'ChangeQueueIntegration', changes: { type: 'dialogflow' } })
      .thenThrows('ERR_VALIDATION');
  });

  it('deletes, after which it is not found', () => {
    spec(queueIntegration)
      .given([created])
      .when({ type: 'DeleteQueueIntegration' })
      .then([{ type: 'QueueIntegrationDeleted', data: { integrationId: 3 } }]);
    spec(queueIntegration)
      .given([created, { type: 'QueueIntegrationDeleted', data: { integrationId: 3 } }])
      .when({ type: 'DeleteQueueIntegration' })
      .thenThrows('ERR_NO_INTEGRATION_FOUND');
  });
});
