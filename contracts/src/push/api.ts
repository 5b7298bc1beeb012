import { z } from 'zod';

const base64url = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+=*$/, 'base64url');

/**
 * A browser's push subscription, as PushSubscription.toJSON() gives it: the push service's https endpoint, the
 * browser's P-256 public key (65 bytes: 87 characters) and its 16-byte auth secret (22).
 */
export const PushSubscriptionBody = z.object({
  endpoint: z.url({ protocol: /^https$/ }).max(2048),
  keys: z.object({ p256dh: base64url(80, 100), auth: base64url(16, 32) }),
});
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBody>;

/** DELETE /push/subscription: the endpoint a browser stops receiving on. */
export const PushUnsubscribeBody = z.object({ endpoint: z.url().max(2048) });
export type PushUnsubscribeBody = z.infer<typeof PushUnsubscribeBody>;

/** What a user wants pushed while no tab of hers shows the app. */
export const PushSettings = z.object({
  /** A new ticket waiting in one of her queues. */
  newTickets: z.boolean(),
  /** A contact's new message on a ticket she attends. */
  newMessages: z.boolean(),
});
export type PushSettings = z.infer<typeof PushSettings>;

/** GET /push: the server's VAPID public key (the browser subscribes with it) and the user's settings. */
export const PushStatusView = z.object({ publicKey: z.string(), settings: PushSettings });
export type PushStatusView = z.infer<typeof PushStatusView>;

/** The service worker's payload: what the notification says and the ticket a click opens. */
export const PushPayload = z.object({
  kind: z.enum(['ticket', 'message']),
  ticketUuid: z.uuid(),
  title: z.string().max(200),
  body: z.string().max(200),
});
export type PushPayload = z.infer<typeof PushPayload>;
