import webpush from 'web-push';
import type { VapidKeys } from './vapid';

/** A browser's push subscription as PushSubscription.toJSON() gives it. */
export interface WebPushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** `gone`: the push service no longer knows the subscription (404/410), so it is forgotten. */
export type PushOutcome = { status: 'sent' } | { status: 'gone' } | { status: 'failed'; reason: string };

export interface PushOptions {
  /** Seconds the push service keeps it for an offline device: a stale "new message" is worse than none. */
  ttlSeconds: number;
  /** A later push with the same topic replaces an undelivered one (one per ticket). */
  topic?: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

/**
 * One Web Push (RFC 8030): the payload encrypted for the subscription (RFC 8291, aes128gcm) and signed with the
 * server's VAPID key (RFC 8292) by web-push, sent with fetch (web-push's own transport speaks only https and cannot
 * be given a timeout per request or pointed at a local push service in tests).
 */
export async function sendWebPush(keys: VapidKeys, subscription: WebPushSubscription, payload: unknown, options: PushOptions): Promise<PushOutcome> {
  const details = webpush.generateRequestDetails(subscription, JSON.stringify(payload), {
    vapidDetails: { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
    TTL: options.ttlSeconds,
    contentEncoding: 'aes128gcm',
    urgency: 'high',
    ...(options.topic ? { topic: options.topic } : {}),
  });
  const headers = Object.fromEntries(Object.entries(details.headers).map(([name, value]) => [name, String(value)]));
  try {
    const response = await (options.fetch ?? fetch)(details.endpoint, {
      method: details.method,
      headers,
      body: details.body ? new Uint8Array(details.body) : null,
      signal: AbortSignal.timeout(options.timeoutMs),
      redirect: 'error',
    });
    await response.body?.cancel();
    if (response.status === 404 || response.status === 410) return { status: 'gone' };
    if (response.status >= 200 && response.status < 300) return { status: 'sent' };
    return { status: 'failed', reason: `push service answered ${response.status}` };
  } catch (error) {
    return { status: 'failed', reason: error instanceof Error ? error.message : String(error) };
  }
}
