import { recordProjector } from '../records';
import { migrateWebhooks } from './migration';
import { findWebhook } from './queries';

/**
 * Endpoints of each company (read.webhooks); the deliveries table beside it belongs to the deliverer.
 * Admins only: the edge shows `webhook` frames (WebhookFrame) to the company's admins (services/edge filters).
 */
export const webhooksProjector = recordProjector({
  name: 'webhooks',
  version: 1,
  table: 'read.webhooks',
  migrate: migrateWebhooks,
  id: 'webhookId',
  created: 'WebhookCreated',
  changed: 'WebhookChanged',
  deleted: 'WebhookDeleted',
  scope: 'company',
  deletion: 'flag',
  columns: { url: 'url', events: 'events', description: 'description', secret: 'secret', userId: 'user_id' },
  encode: { events: (names) => JSON.stringify(names) },
  createdColumns: () => ({ active: true }),
  // Any change clears the flag; switched off, its queue is dropped: nothing is left paused.
  changedColumns: (changes) => ({
    ...(changes.active !== undefined ? { active: changes.active } : {}),
    flagged: false,
    ...(changes.active === false ? { paused_at: null, pause_reason: null } : {}),
  }),
  updates: {
    WebhookSecretRotated: (data) => ({ secret: data.secret }),
    WebhookFlagged: () => ({ flagged: true }),
    WebhookPaused: (data, at) => ({ paused_at: at, pause_reason: data.reason }),
    WebhookResumed: () => ({ paused_at: null, pause_reason: null, flagged: false }),
  },
  // A new secret changes nothing the screens show.
  quiet: ['WebhookSecretRotated'],
  frames: { entity: 'webhook', idKey: 'webhookId', viewKey: 'webhook', find: findWebhook },
});
