import type { QueueIntegrationDetails } from '@conversa/contracts';
import { defineProjector } from '@conversa/platform';
import type { Transaction, Updateable } from 'kysely';
import type { ReadDatabase } from '../database';
import { entityFrames, type TouchedRecords } from '../frames';
import { migrateQueueIntegrations } from './migration';
import { findQueueIntegration } from './queries';
import type { QueueIntegrationsTable } from './tables';

/** The columns of the recorded fields given. */
function columns(details: Partial<QueueIntegrationDetails>): Updateable<QueueIntegrationsTable> {
  const row: Updateable<QueueIntegrationsTable> = {};
  if (details.type !== undefined) row.type = details.type;
  if (details.name !== undefined) row.name = details.name;
  if (details.projectName !== undefined) row.project_name = details.projectName;
  if (details.jsonContent !== undefined) row.json_content = details.jsonContent;
  if (details.credentialsHint !== undefined) row.credentials_hint = details.credentialsHint;
  if (details.language !== undefined) row.language = details.language;
  if (details.urlN8N !== undefined) row.url_n8n = details.urlN8N;
  if (details.typebotSlug !== undefined) row.typebot_slug = details.typebotSlug;
  if (details.typebotExpires !== undefined) row.typebot_expires = details.typebotExpires;
  if (details.typebotDelayMessage !== undefined) row.typebot_delay_message = details.typebotDelayMessage;
  if (details.typebotKeywordFinish !== undefined) row.typebot_keyword_finish = details.typebotKeywordFinish;
  if (details.typebotKeywordRestart !== undefined) row.typebot_keyword_restart = details.typebotKeywordRestart;
  if (details.typebotUnknownMessage !== undefined) row.typebot_unknown_message = details.typebotUnknownMessage;
  if (details.typebotRestartMessage !== undefined) row.typebot_restart_message = details.typebotRestartMessage;
  return row;
}

export const queueIntegrationsProjector = defineProjector({
  name: 'queueIntegrations',
  version: 1,
  eventTypes: ['QueueIntegrationCreated', 'QueueIntegrationChanged', 'QueueIntegrationDeleted'],
  tables: ['read.queue_integrations'],
  migrate: migrateQueueIntegrations,
  async handle(trx: Transaction<ReadDatabase>, events) {
    const touched: TouchedRecords = new Map();
    for (const event of events) {
      const at = new Date(event.metadata.occurredAt);
      const companyId = event.metadata.companyId;
      switch (event.type) {
        case 'QueueIntegrationCreated': {
          const { integrationId, ...details } = event.data;
          const row = columns(details);
          await trx
            .insertInto('read.queue_integrations')
            .values({ ...(row as Required<typeof row>), id: integrationId, company_id: companyId, created_at: at, updated_at: at, deleted: false })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          touched.set(integrationId, { companyId, action: 'create' });
          break;
        }
        case 'QueueIntegrationChanged':
          await trx.updateTable('read.queue_integrations').set({ ...columns(event.data.changes), updated_at: at }).where('id', '=', event.data.integrationId).execute();
          touched.set(event.data.integrationId, { companyId, action: touched.get(event.data.integrationId)?.action ?? 'update' });
          break;
        case 'QueueIntegrationDeleted':
          await trx.updateTable('read.queue_integrations').set({ deleted: true, updated_at: at }).where('id', '=', event.data.integrationId).execute();
          touched.set(event.data.integrationId, { companyId, action: 'delete' });
          break;
      }
    }
    return entityFrames(touched, { entity: 'queueIntegration', idKey: 'integrationId', viewKey: 'queueIntegration' }, (companyId, id) => findQueueIntegration(trx, companyId, id));
  },
});
