import { WEBHOOK_DELIVERIES_PAGE_SIZE, type WebhookDeliveryDetailView, type WebhookDeliveryPage, type WebhookView } from '@conversa/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { ReadDatabase } from '../database';
import type { WebhookDeliveriesTable, WebhooksTable } from './tables';

const toView = (row: Selectable<WebhooksTable>): WebhookView => ({
  id: row.id,
  companyId: row.company_id,
  url: row.url,
  events: row.events,
  description: row.description,
  active: row.active,
  flagged: row.flagged,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

export async function listWebhooks(db: Kysely<ReadDatabase>, companyId: number): Promise<WebhookView[]> {
  const rows = await db.selectFrom('read.webhooks').selectAll().where('company_id', '=', companyId).where('deleted', '=', false).orderBy('id').execute();
  return rows.map(toView);
}

export async function findWebhook(db: Kysely<ReadDatabase>, companyId: number, id: number): Promise<WebhookView | undefined> {
  const row = await db.selectFrom('read.webhooks').selectAll().where('company_id', '=', companyId).where('id', '=', id).where('deleted', '=', false).executeTakeFirst();
  return row && toView(row);
}

/** What the deliverer needs of an endpoint: where, whether, and the sealed secret. */
export async function webhookTarget(db: Kysely<ReadDatabase>, id: number) {
  return db.selectFrom('read.webhooks').select(['id', 'company_id', 'url', 'secret', 'active', 'deleted']).where('id', '=', id).executeTakeFirst();
}

/** The company's active endpoints that receive this webhook event. */
export async function subscribedWebhooks(db: Kysely<ReadDatabase>, companyId: number): Promise<Array<{ id: number; events: string[] }>> {
  return db.selectFrom('read.webhooks').select(['id', 'events']).where('company_id', '=', companyId).where('deleted', '=', false).where('active', '=', true).execute();
}

const deliveryView = (row: Selectable<WebhookDeliveriesTable>) => ({
  id: row.id,
  event: row.event,
  status: row.status as 'pending' | 'delivered' | 'failed',
  attempts: row.attempts,
  responseStatus: row.response_status,
  createdAt: row.created_at.toISOString(),
  lastAttemptAt: row.last_attempt_at?.toISOString() ?? null,
  nextAttemptAt: row.next_attempt_at?.toISOString() ?? null,
});

export async function listWebhookDeliveries(db: Kysely<ReadDatabase>, companyId: number, webhookId: number, pageNumber: number): Promise<WebhookDeliveryPage> {
  const rows = await db
    .selectFrom('webhooks.deliveries')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('webhook_id', '=', webhookId)
    .orderBy('created_at', 'desc')
    .orderBy('seq', 'desc')
    .limit(WEBHOOK_DELIVERIES_PAGE_SIZE + 1)
    .offset((pageNumber - 1) * WEBHOOK_DELIVERIES_PAGE_SIZE)
    .execute();
  return { deliveries: rows.slice(0, WEBHOOK_DELIVERIES_PAGE_SIZE).map(deliveryView), hasMore: rows.length > WEBHOOK_DELIVERIES_PAGE_SIZE };
}

export async function findWebhookDelivery(db: Kysely<ReadDatabase>, companyId: number, webhookId: number, deliveryId: string): Promise<WebhookDeliveryDetailView | undefined> {
  const row = await db.selectFrom('webhooks.deliveries').selectAll().where('company_id', '=', companyId).where('webhook_id', '=', webhookId).where('id', '=', deliveryId).executeTakeFirst();
  return row && { ...deliveryView(row), webhookId: row.webhook_id, requestBody: row.body, responseBody: row.response_body, error: row.error };
}
