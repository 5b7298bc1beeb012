import { z } from 'zod';
import { defineEvent, type EventUnion } from '../events/registry';
import { RecordId, realDateTime, safeText } from '../common/bounds';
import { WebhookEventName } from './catalog';

const webhookId = RecordId;

/** Where deliveries go: http(s) only, bounded to what the read table holds. */
export const WebhookUrl = safeText({ error: 'Obrigatório' })
  .trim()
  .min(1, 'Obrigatório')
  .max(2000, 'URL muito longa')
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0 && url.username === '' && url.password === '';
    } catch {
      return false;
    }
  }, 'URL inválida');

/** The event names an endpoint receives, or `*` for every one of the catalogue. */
export const WebhookEvents = z
  .array(z.union([WebhookEventName, z.literal('*')]))
  .min(1, 'Escolha ao menos um evento')
  .max(100)
  .transform((names) => [...new Set(names)]);

export const WebhookDescription = safeText().trim().max(500, 'Descrição muito longa');

/**
 * The signing secret as the log keeps it: AES-256-GCM under WEBHOOKS_SECRET_KEY (see docs/webhooks.md),
 * never in clear, so neither the log nor the read table gives it away.
 */
export const SealedSecret = safeText().min(1).max(500);

export const WebhookCreated = defineEvent(
  'WebhookCreated',
  z.object({
    webhookId,
    url: WebhookUrl,
    events: z.array(safeText().max(100)).min(1).max(100),
    description: WebhookDescription,
    secret: SealedSecret,
    userId: RecordId.nullable(),
  }),
);
export const WebhookChanged = defineEvent(
  'WebhookChanged',
  z.object({
    webhookId,
    changes: z.object({
      url: WebhookUrl.optional(),
      events: z.array(safeText().max(100)).min(1).max(100).optional(),
      description: WebhookDescription.optional(),
      active: z.boolean().optional(),
    }),
  }),
);
export const WebhookSecretRotated = defineEvent('WebhookSecretRotated', z.object({ webhookId, secret: SealedSecret }));
export const WebhookDeleted = defineEvent('WebhookDeleted', z.object({ webhookId }));
/** A delivery gave up after its retries: the endpoint is shown as failing until it is edited. */
export const WebhookFlagged = defineEvent('WebhookFlagged', z.object({ webhookId, deliveryId: z.uuid(), reason: safeText().max(2000) }));
/** An admin asked for a delivery to be sent again (the deliverer resets it; same delivery id). */
export const WebhookRedeliveryRequested = defineEvent('WebhookRedeliveryRequested', z.object({ webhookId, deliveryId: z.uuid() }));

/** How long an endpoint may keep failing (no 2xx since its first failed attempt) before the deliverer pauses it. */
export const WEBHOOK_PAUSE_AFTER_MS = 3 * 24 * 60 * 60 * 1000;
/**
 * The deliverer paused an endpoint that kept failing for WEBHOOK_PAUSE_AFTER_MS: nothing is sent to it (its queue is kept,
 * in order) until an admin resumes it; the company's admins are told in the app.
 */
export const WebhookPaused = defineEvent('WebhookPaused', z.object({ webhookId, failingSince: realDateTime(), reason: safeText().max(2000) }));
/** An admin asked to go on now: the endpoint is unpaused and the head of its queue is tried at once, the rest following in order. */
export const WebhookResumed = defineEvent('WebhookResumed', z.object({ webhookId }));

export const webhookEvents = [
  WebhookCreated,
  WebhookChanged,
  WebhookSecretRotated,
  WebhookDeleted,
  WebhookFlagged,
  WebhookRedeliveryRequested,
  WebhookPaused,
  WebhookResumed,
];

export type WebhookEvent = EventUnion<typeof webhookEvents>;

export const webhookStream = (webhookId: number) => `webhook-${webhookId}`;
