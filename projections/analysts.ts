import { withSchemaLock } from '@conversa/platform';
import { sql, type Kysely } from 'kysely';
import type { ReadDatabase } from './database';
import { migrateWebhookDeliveries } from './webhooks/migration';

/**
 * The role analysts log in through (GRANT conversa_analyst TO <login>): reads schema `read`, and of the
 * webhook deliverer's log (webhooks.deliveries) what a delivery was and how it went, not its bodies, and which
 * endpoints are failing since when (webhooks.failing).
 */
export const ANALYST_ROLE = 'conversa_analyst';

/**
 * The columns of webhooks.deliveries the analyst role reads: everything but `body` (the event's data,
 * customers' messages and numbers) and `response_body` (whatever the endpoint answered).
 */
export const ANALYST_DELIVERY_COLUMNS = [
  'id',
  'seq',
  'webhook_id',
  'company_id',
  'event',
  'event_id',
  'status',
  'attempts',
  'response_status',
  'error',
  'correlation_id',
  'redelivery_id',
  'created_at',
  'deadline_at',
  'last_attempt_at',
  'next_attempt_at',
] as const;

export async function grantAnalystRole(db: Kysely<ReadDatabase>): Promise<void> {
  await withSchemaLock(db, async (trx) => {
    // The deliveries table may not be made yet (the webhooks projector's first start runs beside this): made here first.
    await migrateWebhookDeliveries(trx);
    await sql`
      do $$ begin
        create role ${sql.raw(ANALYST_ROLE)} nologin;
      exception
        -- Roles are cluster-wide: another database of the same server (or a second process) made it first.
        when duplicate_object or unique_violation then null;
      end $$;
      create schema if not exists read;
      grant usage on schema read to ${sql.raw(ANALYST_ROLE)};
      grant select on all tables in schema read to ${sql.raw(ANALYST_ROLE)};
      alter default privileges in schema read grant select on tables to ${sql.raw(ANALYST_ROLE)};
      grant usage on schema webhooks to ${sql.raw(ANALYST_ROLE)};
      grant select on webhooks.failing to ${sql.raw(ANALYST_ROLE)};
    `.execute(trx);
    // Those of the listed columns the table has (a column renamed later must not fail the start).
    const { rows } = await sql<{ name: string }>`
      select attname as name from pg_attribute
      where attrelid = 'webhooks.deliveries'::regclass and attnum > 0 and not attisdropped and attname in (${sql.join([...ANALYST_DELIVERY_COLUMNS])})`.execute(
      trx,
    );
    if (rows.length > 0)
      await sql`grant select (${sql.join(rows.map((row) => sql.id(row.name)))}) on webhooks.deliveries to ${sql.raw(ANALYST_ROLE)}`.execute(trx);
  });
}
