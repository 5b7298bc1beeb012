import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header Meta signs every webhook delivery with: `sha256=<hex HMAC-SHA256 of the raw body, keyed by the app secret>`. */
export const SIGNATURE_HEADER = 'x-hub-signature-256';

/** What Meta would send for this body: tests sign their payloads with it. */
export function signWebhookBody(rawBody: Buffer | string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

/**
 * Whether `header` is Meta's signature of exactly these bytes. The HMAC covers the raw body as it
 * arrived (re-serialised JSON would differ), and the comparison takes constant time.
 */
export function isValidWebhookSignature(rawBody: Buffer, header: string | string[] | undefined, appSecret: string): boolean {
  if (!appSecret || typeof header !== 'string') return false;
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header.trim());
  if (!match) return false;
  const given = Buffer.from(match[1]!.toLowerCase(), 'hex');
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}
