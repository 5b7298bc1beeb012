import { z } from 'zod';
import { companyRecord, timestamps } from '../common/views';

/** An endpoint as GET /webhooks shows it; the secret is never part of it. */
export const WebhookView = z.object({
  ...companyRecord,
  url: z.string(),
  events: z.array(z.string()),
  description: z.string(),
  active: z.boolean(),
  /** A delivery gave up after its retries; cleared when the endpoint is edited. */
  flagged: z.boolean(),
  /** Set while the deliverer holds the endpoint paused after failing for WEBHOOK_PAUSE_AFTER_MS; null once resumed. */
  pausedAt: z.string().nullable(),
  /** The last failure when it was paused (HTTP status or connection error). */
  pauseReason: z.string().nullable(),
  ...timestamps,
});
export type WebhookView = z.infer<typeof WebhookView>;

/** The answer of a creation and of a secret rotation: the only times the secret is shown. */
export const WebhookWithSecretView = WebhookView.extend({ secret: z.string() });
export type WebhookWithSecretView = z.infer<typeof WebhookWithSecretView>;

export const WebhookDeliveryStatus = z.enum(['pending', 'delivered', 'failed']);

export const WebhookDeliveryView = z.object({
  id: z.string(),
  event: z.string(),
  status: WebhookDeliveryStatus,
  attempts: z.number(),
  responseStatus: z.number().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  /**
   * When it is due: a pending delivery waiting behind an earlier one of its endpoint is due no sooner than that one;
   * null once delivered or failed, and while its endpoint is paused.
   */
  nextAttemptAt: z.string().nullable(),
  /** Pending behind an earlier delivery of the same endpoint (deliveries go out one at a time, in order). */
  blocked: z.boolean(),
});
export type WebhookDeliveryView = z.infer<typeof WebhookDeliveryView>;

export const WebhookDeliveryPage = z.object({ deliveries: z.array(WebhookDeliveryView), hasMore: z.boolean() });
export type WebhookDeliveryPage = z.infer<typeof WebhookDeliveryPage>;

/** One delivery with the body it posts and the first KB of the last answer. */
export const WebhookDeliveryDetailView = WebhookDeliveryView.extend({
  webhookId: z.number(),
  requestBody: z.string(),
  responseBody: z.string().nullable(),
  /** Why the last attempt failed without an answer (timeout, refused address…). */
  error: z.string().nullable(),
});
export type WebhookDeliveryDetailView = z.infer<typeof WebhookDeliveryDetailView>;

/** The delivery body every endpoint receives. */
export const WebhookPayload = z.object({ id: z.string(), event: z.string(), occurredAt: z.string(), companyId: z.number(), data: z.unknown() });
export type WebhookPayload = z.infer<typeof WebhookPayload>;

/** The `webhook` frames an admin's screen follows. */
export type WebhookFrame = { action: 'create' | 'update'; webhook: WebhookView } | { action: 'delete'; webhookId: number };
