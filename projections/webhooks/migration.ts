import { sql, type Kysely } from 'kysely';
import type { ReadDatabase } from '../database';
import { bigserial, boolean, companyKey, createTables, deletedFlag, integer, jsonb, stamps, text, timestamptz, uuid, type Tables } from '../ddl';

const readTables: Tables = {
  'read.webhooks': {
    comment: "Endpoints a company's admins registered to receive signed webhook deliveries",
    columns: {
      ...companyKey,
      url: text.notNull().comment('Where deliveries are POSTed (http or https)'),
      events: jsonb.notNull().comment('JSON array of the webhook event names it receives, or ["*"] for all (docs/webhooks.md)'),
      description: text.notNull().comment('Free text the admin wrote about the endpoint'),
      active: boolean.notNull().comment('false: switched off by an admin, nothing is delivered and its queue is dropped'),
      flagged: boolean.notNull().default(false).comment('true: a delivery gave up after its retries; cleared when the endpoint is edited'),
      secret: text.notNull().comment('The signing secret sealed with AES-256-GCM under WEBHOOKS_SECRET_KEY (never in clear)'),
      user_id: integer.comment('Admin who created it'),
      ...stamps,
      ...deletedFlag('true: deleted; kept so delivery history still names it'),
    },
    added: {
      paused_at: timestamptz.comment(
        'Set while the deliverer holds it paused after failing for 3 days (WEBHOOK_PAUSE_AFTER_MS); null once an admin resumes it',
      ),
      pause_reason: text.comment('The last failure when it was paused (HTTP status or connection error)'),
    },
    indexes: {
      webhooks_company: '(company_id) where not deleted',
    },
  },
};

export async function migrateWebhooks(db: Kysely<ReadDatabase>): Promise<void> {
  await createTables(db, readTables);
  await migrateWebhookDeliveries(db);
}

const deliveryTables: Tables = {
  'webhooks.deliveries': {
    comment: "Every webhook delivery: its body, its attempts and the last answer (the deliverer's queue and log)",
    columns: {
      id: uuid.primaryKey().comment('The delivery id (webhook-id, and X-Conversa-Delivery), the same on every retry and redelivery'),
      seq: bigserial
        .notNull()
        .comment('Order of deliveries per endpoint: an endpoint receives them one after the other in this order (a redelivery keeps its place)'),
      webhook_id: integer.notNull(),
      company_id: integer.notNull(),
      event: text.notNull().comment('Webhook event name (ticket.created …)'),
      event_id: uuid.notNull().comment("Id of the product event it carries (the body's id)"),
      body: text.notNull().comment('The exact JSON body POSTed and signed'),
      status: text.notNull().default('pending').comment('pending (waiting or retrying), delivered (a 2xx answered) or failed (gave up)'),
      attempts: integer.notNull().default(0).comment('POSTs made so far'),
      response_status: integer.comment('HTTP status of the last answer; null when none came (timeout, refused)'),
      response_body: text.comment('First KB of the last answer'),
      error: text.comment('Why the last attempt failed without an answer'),
      correlation_id: text.comment('Correlation id of the event (the request or message that caused it)'),
      redelivery_id: uuid.comment('The last redelivery request applied (so a replay applies it once)'),
      created_at: timestamptz.notNull(),
      deadline_at: timestamptz.notNull().comment('Retries stop after this time (24 h after the first attempt or a redelivery; set at the first attempt)'),
      last_attempt_at: timestamptz,
      next_attempt_at: timestamptz.comment('When the next attempt is due; null once delivered or failed, and for the held head of a paused endpoint'),
    },
    indexes: {
      deliveries_pending: "(webhook_id, seq) where status = 'pending'",
      deliveries_by_webhook: '(webhook_id, created_at desc, seq desc)',
    },
  },
  'webhooks.failing': {
    comment: "Endpoints whose attempts have failed since their last 2xx (the deliverer's own record: it pauses one failing for 3 days)",
    columns: {
      webhook_id: integer.primaryKey(),
      since: timestamptz.notNull().comment('The first failed attempt since the last 2xx or resume'),
    },
  },
};

/**
 * The deliverer's queue and log. Not a read model: it records what was sent and answered, which the
 * event log does not hold, so a rebuild of read.webhooks never drops it.
 */
export async function migrateWebhookDeliveries(db: Kysely<ReadDatabase>): Promise<void> {
  await sql`create schema if not exists webhooks`.execute(db);
  await createTables(db, deliveryTables);
}
