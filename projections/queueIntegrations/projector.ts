import { recordProjector } from '../records';
import { migrateQueueIntegrations } from './migration';
import { findQueueIntegration } from './queries';

export const queueIntegrationsProjector = recordProjector({
  name: 'queueIntegrations',
  version: 1,
  table: 'read.queue_integrations',
  migrate: migrateQueueIntegrations,
  id: 'integrationId',
  created: 'QueueIntegrationCreated',
  changed: 'QueueIntegrationChanged',
  deleted: 'QueueIntegrationDeleted',
  scope: 'company',
  deletion: 'flag',
  columns: {
    type: 'type',
    name: 'name',
    projectName: 'project_name',
    jsonContent: 'json_content',
    credentialsHint: 'credentials_hint',
    language: 'language',
    urlN8N: 'url_n8n',
    typebotSlug: 'typebot_slug',
    typebotExpires: 'typebot_expires',
    typebotDelayMessage: 'typebot_delay_message',
    typebotKeywordFinish: 'typebot_keyword_finish',
    typebotKeywordRestart: 'typebot_keyword_restart',
    typebotUnknownMessage: 'typebot_unknown_message',
    typebotRestartMessage: 'typebot_restart_message',
  },
  frames: { entity: 'queueIntegration', idKey: 'integrationId', viewKey: 'queueIntegration', find: findQueueIntegration },
});
