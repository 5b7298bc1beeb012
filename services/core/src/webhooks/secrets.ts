import { createHmac, randomBytes } from 'node:crypto';

// Signing secrets must be recoverable (the deliverer signs with them): they are sealed with the
// product's secret box (secrets/box.ts) under WEBHOOKS_SECRET_KEY before they reach the event log.

/** A new signing secret, shown once: `whsec_` + standard base64 of 32 random bytes (the Standard Webhooks form). */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

/**
 * The HMAC key of a secret: the bytes its base64 part decodes to. Secrets issued before the Standard Webhooks
 * headers are base64url without padding; node's decoder reads both alphabets, so they name the same bytes
 * (docs/webhooks.md says how a receiver converts one).
 */
export const webhookSigningKey = (secret: string): Buffer => Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');

/** `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">`: the Standard Webhooks `webhook-signature` header. */
export const signStandardWebhook = (secret: string, id: string, timestamp: number, body: string): string =>
  `v1,${createHmac('sha256', webhookSigningKey(secret)).update(`${id}.${timestamp}.${body}`).digest('base64')}`;

/** `sha256=<hex HMAC-SHA256 of "<timestamp>.<raw body>">` keyed by the whole secret text: the legacy X-Conversa-Signature header. */
export const signWebhook = (secret: string, timestamp: number, body: string): string =>
  `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
