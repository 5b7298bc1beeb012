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
  pausedAt: row.paused_at?.toISOString() ?? null,
  pauseReason: row.pause_reason,
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

/** The company's active endpoints that receive this webhook event. */
export async function subscribedWebhooks(db: Kysely<ReadDatabase>, companyId: number): Promise<Array<{ id: number; events: string[] }>> {
  return db.selectFrom('read.webhooks').select(['id', 'events']).where('company_id', '=', companyId).where('deleted', '=', false).where('active', '=', true).execute();
}

/** Where an endpoint's queue stands: its head (the oldest pending delivery) and whether it may be sent to now. */
interface QueueState {
  headSeq: string | null;
  headDue: Date | null;
  /** Paused by the deliverer, switched off or deleted: nothing pending is due. */
  held: boolean;
}

async function queueState(db: Kysely<ReadDatabase>, webhookId: number): Promise<QueueState> {
  const endpoint = await db.selectFrom('read.webhooks').select(['paused_at', 'active', 'deleted']).where('id', '=', webhookId).executeTakeFirst();
  const head = await db.selectFrom('webhooks.deliveries').select(['seq', 'next_attempt_at']).where('webhook_id', '=', webhookId).where('status', '=', 'pending').orderBy('seq').limit(1).executeTakeFirst();
  return { headSeq: head?.seq ?? null, headDue: head?.next_attempt_at ?? null, held: !endpoint || endpoint.paused_at !== null || !endpoint.active || endpoint.deleted };
}

const later = (a: Date | null, b: Date | null) => (a && b ? (a > b ? a : b) : (a ?? b));

const deliveryView = (row: Selectable<WebhookDeliveriesTable>, queue: QueueState) => {
  const pending = row.status === 'pending';
  // One at a time, in order: a delivery behind the head is due no sooner than the head.
  const blocked = pending && queue.headSeq !== null && BigInt(row.seq) > BigInt(queue.headSeq);
  const due = !pending || queue.held ? null : blocked ? later(row.next_attempt_at, queue.headDue) : row.next_attempt_at;
  return {
    id: row.id,
    event: row.event,
    status: row.status as 'pending' | 'delivered' | 'failed',
    attempts: row.attempts,
    responseStatus: row.response_status,
    createdAt: row.created_at.toISOString(),
    lastAttemptAt: row.last_attempt_at?.toISOString() ?? null,
    nextAttemptAt: due?.toISOString() ?? null,
    blocked,
  };
};

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
  const queue = await queueState(db, webhookId);
  return { deliveries: rows.slice(0, WEBHOOK_DELIVERIES_PAGE_SIZE).map((row) => deliveryView(row, queue)), hasMore: rows.length > WEBHOOK_DELIVERIES_PAGE_SIZE };
}

export async function findWebhookDelivery(db: Kysely<ReadDatabase>, companyId: number, webhookId: number, deliveryId: string): Promise<WebhookDeliveryDetailView | undefined> {
  const row = await db.selectFrom('webhooks.deliveries').selectAll().where('company_id', '=', companyId).where('webhook_id', '=', webhookId).where('id', '=', deliveryId).executeTakeFirst();
  return row && { ...deliveryView(row, await queueState(db, webhookId)), webhookId: row.webhook_id, requestBody: row.body, responseBody: row.response_body, error: row.error };
}
