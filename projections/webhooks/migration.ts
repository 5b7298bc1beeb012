import { sql, type Kysely } from 'kysely';
import type { ReadDatabase } from '../database';

export async function migrateWebhooks(db: Kysely<ReadDatabase>): Promise<void> {
  await sql`
    create table if not exists read.webhooks (
      id integer primary key,
      company_id integer not null,
      url text not null,
      events jsonb not null,
      description text not null,
      active boolean not null,
      flagged boolean not null default false,
      secret text not null,
      user_id integer,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      deleted boolean not null default false
    );
    alter table read.webhooks add column if not exists paused_at timestamptz;
    alter table read.webhooks add column if not exists pause_reason text;
    create index if not exists webhooks_company on read.webhooks (company_id) where not deleted;
    comment on table read.webhooks is 'Endpoints a company''s admins registered to receive signed webhook deliveries';
    comment on column read.webhooks.url is 'Where deliveries are POSTed (http or https)';
    comment on column read.webhooks.events is 'JSON array of the webhook event names it receives, or ["*"] for all (docs/webhooks.md)';
    comment on column read.webhooks.description is 'Free text the admin wrote about the endpoint';
    comment on column read.webhooks.active is 'false: switched off by an admin, nothing is delivered and its queue is dropped';
    comment on column read.webhooks.flagged is 'true: a delivery gave up after its retries; cleared when the endpoint is edited';
    comment on column read.webhooks.paused_at is 'Set while the deliverer holds it paused after failing for 3 days (WEBHOOK_PAUSE_AFTER_MS); null once an admin resumes it';
    comment on column read.webhooks.pause_reason is 'The last failure when it was paused (HTTP status or connection error)';
    comment on column read.webhooks.secret is 'The signing secret sealed with AES-256-GCM under WEBHOOKS_SECRET_KEY (never in clear)';
    comment on column read.webhooks.user_id is 'Admin who created it';
    comment on column read.webhooks.deleted is 'true: deleted; kept so delivery history still names it';
  `.execute(db);
  await migrateWebhookDeliveries(db);
}

/**
 * The deliverer's queue and log. Not a read model: it records what was sent and answered, which the
 * event log does not hold, so a rebuild of read.webhooks never drops it.
 */
export async function migrateWebhookDeliveries(db: Kysely<ReadDatabase>): Promise<void> {
  await sql`
    create schema if not exists webhooks;
    create table if not exists webhooks.deliveries (
      id uuid primary key,
      seq bigserial not null,
      webhook_id integer not null,
      company_id integer not null,
      event text not null,
      event_id uuid not null,
      body text not null,
      status text not null default 'pending',
      attempts integer not null default 0,
      response_status integer,
      response_body text,
      error text,
      correlation_id text,
      redelivery_id uuid,
      created_at timestamptz not null,
      deadline_at timestamptz not null,
      last_attempt_at timestamptz,
      next_attempt_at timestamptz
    );
    create index if not exists deliveries_pending on webhooks.deliveries (webhook_id, seq) where status = 'pending';
    create index if not exists deliveries_by_webhook on webhooks.deliveries (webhook_id, created_at desc, seq desc);
    comment on table webhooks.deliveries is 'Every webhook delivery: its body, its attempts and the last answer (the deliverer''s queue and log)';
    comment on column webhooks.deliveries.id is 'The delivery id (webhook-id, and X-Conversa-Delivery), the same on every retry and redelivery';
    comment on column webhooks.deliveries.seq is 'Order of deliveries per endpoint: an endpoint receives them one after the other in this order (a redelivery keeps its place)';
    comment on column webhooks.deliveries.event is 'Webhook event name (ticket.created …)';
    comment on column webhooks.deliveries.event_id is 'Id of the product event it carries (the body''s id)';
    comment on column webhooks.deliveries.body is 'The exact JSON body POSTed and signed';
    comment on column webhooks.deliveries.status is 'pending (waiting or retrying), delivered (a 2xx answered) or failed (gave up)';
    comment on column webhooks.deliveries.attempts is 'POSTs made so far';
    comment on column webhooks.deliveries.response_status is 'HTTP status of the last answer; null when none came (timeout, refused)';
    comment on column webhooks.deliveries.response_body is 'First KB of the last answer';
    comment on column webhooks.deliveries.error is 'Why the last attempt failed without an answer';
    comment on column webhooks.deliveries.correlation_id is 'Correlation id of the event (the request or message that caused it)';
    comment on column webhooks.deliveries.redelivery_id is 'The last redelivery request applied (so a replay applies it once)';
    comment on column webhooks.deliveries.deadline_at is 'Retries stop after this time (24 h after the first attempt or a redelivery; set at the first attempt)';
    comment on column webhooks.deliveries.next_attempt_at is 'When the next attempt is due; null once delivered or failed, and for the held head of a paused endpoint';
    create table if not exists webhooks.failing (
      webhook_id integer primary key,
      since timestamptz not null
    );
    comment on table webhooks.failing is 'Endpoints whose attempts have failed since their last 2xx (the deliverer''s own record: it pauses one failing for 3 days)';
    comment on column webhooks.failing.since is 'The first failed attempt since the last 2xx or resume';
  `.execute(db);
}
