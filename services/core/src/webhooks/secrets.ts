import { createHmac, randomBytes } from 'node:crypto';

// Signing secrets must be recoverable (the deliverer signs with them): they are sealed with the
// product's secret box (secrets/box.ts) under WEBHOOKS_SECRET_KEY before they reach the event log.

/** A new signing secret, shown once. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;

/** `sha256=<hex HMAC-SHA256 of "<timestamp>.<raw body>">`: the X-Conversa-Signature header. */
export const signWebhook = (secret: string, timestamp: number, body: string): string => `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
