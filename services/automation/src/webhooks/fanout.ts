import { webhookDataOf, webhookEventOf, webhookSourceTypes, type Position, type RecordedProductEvent, type WebhookPayload } from '@conversa/contracts';
import { subscribedWebhooks } from '@conversa/projections/webhooks/queries';
import { messageIdsOfContact } from '@conversa/projections/messages/maintenance';
import { ticketIdsOfContact } from '@conversa/projections/tickets/queries';
import type { ReadDatabase } from '@conversa/projections/database';
import { EFFECTS_LINGER_MS, defineReactor, type Projector } from '@conversa/platform';
import { sql, type Insertable, type Kysely } from 'kysely';
import type { WebhookDeliveriesTable } from '@conversa/projections/webhooks/tables';
import { createHash } from 'node:crypto';

export interface WebhookFanoutOptions {
  db: Kysely<ReadDatabase>;
  now(): Date;
  /** How long retries go on after the first attempt (default 24 h). */
  giveUpAfterMs?: number;
  /** Resolves when the endpoints read model has reached the position, so an endpoint created just before an event receives it. */
  endpointsAt?(position: Position): Promise<void>;
  /** New deliveries are queued: the deliverer of this process looks at once instead of at its next poll. */
  onQueued?(): void;
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The delivery id: the same event and endpoint always give the same id, so a replayed batch queues nothing twice. */
export function deliveryIdOf(eventId: string, webhookId: number): string {
  const hex = createHash('sha256').update(`conversa-webhook-delivery:${eventId}:${webhookId}`).digest('hex');
  // An RFC 9562 version-8 (custom) uuid.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The first half of the deliverer: a checkpointed reactor on the event log that turns each event of
 * the webhook catalogue into one queued delivery per subscribed endpoint (webhooks.deliveries), and
 * applies redelivery requests. Idempotent: ids derive from the event and the endpoint.
 */
export function createWebhookFanout(options: WebhookFanoutOptions): Projector {
  const { db } = options;
  const giveUpAfterMs = options.giveUpAfterMs ?? DAY_MS;

  return defineReactor({
    name: 'webhook-fanout',
    eventTypes: [...webhookSourceTypes, 'WebhookRedeliveryRequested', 'WebhookResumed'],
    // Deliveries leave on the deliverer's time: a few events per batch share the endpoint reads and the checkpoint move.
    lingerMs: EFFECTS_LINGER_MS,
    async react(events) {
      const last = events[events.length - 1];
      if (!last) return;
      if (options.endpointsAt) await options.endpointsAt(last.position).catch(() => undefined);
      const now = options.now();
      const deadline = new Date(now.getTime() + giveUpAfterMs);
      const endpoints = new Map<number, Array<{ id: number; events: string[] }>>();
      const rows: Insertable<WebhookDeliveriesTable>[] = [];
      let queued = false;
      for (const event of events) {
        const companyId = event.metadata.companyId;
        if (event.type === 'WebhookRedeliveryRequested') {
          await redeliver(db, event, companyId, now, deadline);
          queued = true;
          continue;
        }
        if (event.type === 'WebhookResumed') {
          await resume(db, event.data.webhookId, now, deadline);
          queued = true;
          continue;
        }
        if (event.type === 'ContactErased') {
          // This batch's earlier deliveries may name the contact too (a backlog caught up after a crash): in first, then scrubbed.
          await insertRows(db, rows.splice(0));
          await scrubContactDeliveries(db, companyId, event.data.contactId);
        }
        const name = webhookEventOf.get(event.type);
        if (!name) continue;
        let subscribed = endpoints.get(companyId);
        if (!subscribed) endpoints.set(companyId, (subscribed = await subscribedWebhooks(db, companyId)));
        const receivers = subscribed.filter((endpoint) => endpoint.events.includes('*') || endpoint.events.includes(name));
        if (receivers.length === 0) continue;
        const narrower = webhookDataOf.get(event.type);
        const payload: WebhookPayload = {
          id: event.id,
          event: name,
          occurredAt: event.metadata.occurredAt,
          companyId,
          data: narrower ? narrower.parse(event.data) : event.data,
        };
        const body = JSON.stringify(payload);
        for (const endpoint of receivers) {
          rows.push({
            id: deliveryIdOf(event.id, endpoint.id),
            webhook_id: endpoint.id,
            company_id: companyId,
            event: name,
            event_id: event.id,
            body,
            correlation_id: event.metadata.correlationId,
            redelivery_id: null,
            response_status: null,
            response_body: null,
            error: null,
            created_at: now,
            deadline_at: deadline,
            last_attempt_at: null,
            next_attempt_at: now,
          });
        }
      }
      if (rows.length > 0) {
        await insertRows(db, rows);
        queued = true;
      }
      if (queued) options.onQueued?.();
    },
  });
}

/**
 * LGPD erasure: the delivery log forgets what it carried about the contact. Deliveries naming the contact, its
 * tickets or its messages (their bodies hold names, numbers, texts) are deleted, sent or not: an erased contact's
 * data is not sent out afterwards either. What it carried is told to consumers by `contact.erased`.
 */
async function scrubContactDeliveries(db: Kysely<ReadDatabase>, companyId: number, contactId: number): Promise<void> {
  const tickets = (await ticketIdsOfContact(db, companyId, contactId)).map(String);
  const messages = await messageIdsOfContact(db, companyId, contactId);
  await sql`
    delete from webhooks.deliveries d
    where d.company_id = ${companyId} and d.event <> 'contact.erased' and (
      (d.body::jsonb -> 'data' ->> 'contactId') = ${String(contactId)}
      or (d.body::jsonb -> 'data' ->> 'ticketId') = any(${tickets}::text[])
      or (d.body::jsonb -> 'data' ->> 'messageId') = any(${messages}::text[]))
  `.execute(db);
}

async function insertRows(db: Kysely<ReadDatabase>, rows: Insertable<WebhookDeliveriesTable>[]): Promise<void> {
  // In event order, so `seq` (the order per endpoint) follows the log.
  for (let start = 0; start < rows.length; start += 500) {
    await db
      .insertInto('webhooks.deliveries')
      .values(rows.slice(start, start + 500))
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
}

/**
 * Puts a delivery back in line, same id, in its own place: its `seq` is kept, so it goes before every later delivery
 * of its endpoint (a redelivered `contact.created` still precedes its `message.received`). Applied once per request.
 */
async function redeliver(
  db: Kysely<ReadDatabase>,
  event: RecordedProductEvent<'WebhookRedeliveryRequested'>,
  companyId: number,
  now: Date,
  deadline: Date,
): Promise<void> {
  const { webhookId, deliveryId } = event.data;
  await db
    .updateTable('webhooks.deliveries')
    .set({ status: 'pending', next_attempt_at: now, deadline_at: deadline, error: null, redelivery_id: event.id })
    .where('id', '=', deliveryId)
    .where('webhook_id', '=', webhookId)
    .where('company_id', '=', companyId)
    .where((eb) => eb.or([eb('redelivery_id', 'is', null), eb('redelivery_id', '!=', event.id)]))
    .execute();
}

/** "Resume now": the endpoint's failing streak starts over and the head of its queue is due at once (with a new window); the rest follow it in order. */
async function resume(db: Kysely<ReadDatabase>, webhookId: number, now: Date, deadline: Date): Promise<void> {
  await db.deleteFrom('webhooks.failing').where('webhook_id', '=', webhookId).execute();
  await sql`
    update webhooks.deliveries set next_attempt_at = ${now}, deadline_at = greatest(deadline_at, ${deadline})
    where id = (select id from webhooks.deliveries where webhook_id = ${webhookId} and status = 'pending' order by seq limit 1)
  `.execute(db);
}
