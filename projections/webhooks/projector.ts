import { defineProjector } from '@conversa/platform';
import type { Transaction } from 'kysely';
import type { ReadDatabase } from '../database';
import { entityFrames } from '../frames';
import { migrateWebhooks } from './migration';
import { findWebhook } from './queries';

/** Endpoints of each company (read.webhooks); the deliveries table beside it belongs to the deliverer. */
export const webhooksProjector = defineProjector({
  name: 'webhooks',
  version: 1,
  eventTypes: ['WebhookCreated', 'WebhookChanged', 'WebhookSecretRotated', 'WebhookDeleted', 'WebhookFlagged', 'WebhookPaused', 'WebhookResumed'],
  tables: ['read.webhooks'],
  migrate: migrateWebhooks,
  async handle(trx: Transaction<ReadDatabase>, events) {
    const touched = new Map<number, { companyId: number; action: 'create' | 'update' | 'delete' }>();
    for (const event of events) {
      const at = new Date(event.metadata.occurredAt);
      const companyId = event.metadata.companyId;
      const { type, data } = event;
      switch (type) {
        case 'WebhookCreated':
          await trx
            .insertInto('read.webhooks')
            .values({ id: data.webhookId, company_id: companyId, url: data.url, events: JSON.stringify(data.events), description: data.description, active: true, secret: data.secret, user_id: data.userId, created_at: at, updated_at: at })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          touched.set(data.webhookId, { companyId, action: 'create' });
          break;
        case 'WebhookChanged': {
          const { events: names, ...rest } = data.changes;
          await trx
            .updateTable('read.webhooks')
            // Switched off, its queue is dropped: nothing is left paused.
            .set({ ...rest, ...(names ? { events: JSON.stringify(names) } : {}), flagged: false, ...(rest.active === false ? { paused_at: null, pause_reason: null } : {}), updated_at: at })
            .where('id', '=', data.webhookId)
            .execute();
          touched.set(data.webhookId, { companyId, action: touched.get(data.webhookId)?.action ?? 'update' });
          break;
        }
        case 'WebhookSecretRotated':
          await trx.updateTable('read.webhooks').set({ secret: data.secret, updated_at: at }).where('id', '=', data.webhookId).execute();
          break;
        case 'WebhookFlagged':
          await trx.updateTable('read.webhooks').set({ flagged: true, updated_at: at }).where('id', '=', data.webhookId).execute();
          touched.set(data.webhookId, { companyId, action: touched.get(data.webhookId)?.action ?? 'update' });
          break;
        case 'WebhookPaused':
          await trx.updateTable('read.webhooks').set({ paused_at: at, pause_reason: data.reason, updated_at: at }).where('id', '=', data.webhookId).execute();
          touched.set(data.webhookId, { companyId, action: touched.get(data.webhookId)?.action ?? 'update' });
          break;
        case 'WebhookResumed':
          await trx.updateTable('read.webhooks').set({ paused_at: null, pause_reason: null, flagged: false, updated_at: at }).where('id', '=', data.webhookId).execute();
          touched.set(data.webhookId, { companyId, action: touched.get(data.webhookId)?.action ?? 'update' });
          break;
        case 'WebhookDeleted':
          await trx.updateTable('read.webhooks').set({ deleted: true, updated_at: at }).where('id', '=', data.webhookId).execute();
          touched.set(data.webhookId, { companyId, action: 'delete' });
          break;
      }
    }
    // Admins only: the edge shows `webhook` frames (WebhookFrame) to the company's admins (services/edge filters).
    return entityFrames(touched, { entity: 'webhook', idKey: 'webhookId', viewKey: 'webhook' }, (companyId, id) => findWebhook(trx, companyId, id));
  },
});
