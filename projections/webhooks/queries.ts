import { WEBHOOK_DELIVERIES_PAGE_SIZE, type WebhookDeliveryDetailView, type WebhookDeliveryPage, type WebhookView } from '@conversa/contracts';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { ReadDatabase } from '../database';
import type { WebhookDeliveriesTable, WebhooksTable } from './tables';
import { liveRows, pageFrom } from '../reads';

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
  const rows = await liveRows(db, 'read.webhooks', companyId).selectAll().orderBy('id').execute();
  return rows.map(toView);
}

export async function findWebhook(db: Kysely<ReadDatabase>, companyId: number, id: number): Promise<WebhookView | undefined> {
  const row = await db
    .selectFrom('read.webhooks')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('deleted', '=', false)
    .executeTakeFirst();
  return row && toView(row);
}

/** The company's active endpoints that receive this webhook event. */
export async function subscribedWebhooks(db: Kysely<ReadDatabase>, companyId: number): Promise<Array<{ id: number; events: string[] }>> {
  return liveRows(db, 'read.webhooks', companyId).select(['id', 'events']).where('active', '=', true).execute();
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
  const head = await db
    .selectFrom('webhooks.deliveries')
    .select(['seq', 'next_attempt_at'])
    .where('webhook_id', '=', webhookId)
    .where('status', '=', 'pending')
    .orderBy('seq')
    .limit(1)
    .executeTakeFirst();
  return {
    headSeq: head?.seq ?? null,
    headDue: head?.next_attempt_at ?? null,
    held: !endpoint || endpoint.paused_at !== null || !endpoint.active || endpoint.deleted,
  };
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
  const newest = db
    .selectFrom('webhooks.deliveries')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('webhook_id', '=', webhookId)
    .orderBy('created_at', 'desc')
    .orderBy('seq', 'desc');
  const { rows, hasMore } = await pageFrom(newest, (pageNumber - 1) * WEBHOOK_DELIVERIES_PAGE_SIZE, WEBHOOK_DELIVERIES_PAGE_SIZE);
  const queue = await queueState(db, webhookId);
  return { deliveries: rows.map((row) => deliveryView(row, queue)), hasMore };
}

export async function findWebhookDelivery(
  db: Kysely<ReadDatabase>,
  companyId: number,
  webhookId: number,
  deliveryId: string,
): Promise<WebhookDeliveryDetailView | undefined> {
  const row = await db
    .selectFrom('webhooks.deliveries')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('webhook_id', '=', webhookId)
    .where('id', '=', deliveryId)
    .executeTakeFirst();
  return (
    row && {
      ...deliveryView(row, await queueState(db, webhookId)),
      webhookId: row.webhook_id,
      requestBody: row.body,
      responseBody: row.response_body,
      error: row.error,
    }
  );
}

/** A delivery at the head of its endpoint's queue, with what the deliverer needs of the endpoint. */
export interface DeliveryHead {
  id: string;
  webhook_id: number;
  company_id: number;
  event: string;
  body: string;
  attempts: number;
  correlation_id: string | null;
  deadline_at: Date;
  next_attempt_at: Date | null;
  url: string;
  secret: string;
  active: boolean;
  deleted: boolean;
  /** Its endpoint's failing streak (webhooks.failing), null when its last attempt succeeded. */
  failing_since: Date | null;
}

/**
 * The head of each endpoint's queue that is due (lateral: one index probe per endpoint with pending deliveries),
 * endpoints paused or in flight (`busy`) left out, the most overdue first.
 */
export async function dueDeliveryHeads(db: Kysely<ReadDatabase>, options: { now: Date; busy: readonly number[]; limit: number }): Promise<DeliveryHead[]> {
  const { now, busy, limit } = options;
  const result = await sql<DeliveryHead>`
    select d.id, d.webhook_id, d.company_id, d.event, d.body, d.attempts, d.correlation_id, d.deadline_at, d.next_attempt_at, w.url, w.secret, w.active, w.deleted, f.since as failing_since
    from (select distinct webhook_id from webhooks.deliveries where status = 'pending') p
    cross join lateral (
      select * from webhooks.deliveries d where d.webhook_id = p.webhook_id and d.status = 'pending' order by d.seq limit 1
    ) d
    join read.webhooks w on w.id = d.webhook_id
    left join webhooks.failing f on f.webhook_id = d.webhook_id
    where d.next_attempt_at <= ${now} and w.paused_at is null
    ${busy.length > 0 ? sql`and d.webhook_id not in (${sql.join(busy)})` : sql``}
    order by d.next_attempt_at
    limit ${limit}
  `.execute(db);
  return result.rows;
}

/** Deliveries pending (the deliverer's queue depth), counted up to `cap`. */
export async function pendingDeliveriesCount(db: Kysely<ReadDatabase>, cap: number): Promise<number> {
  const { rows } = await sql<{
    count: string;
  }>`select count(*) as count from (select 1 from webhooks.deliveries where status = 'pending' limit ${cap}) q`.execute(db);
  return Number(rows[0]?.count ?? 0);
}
