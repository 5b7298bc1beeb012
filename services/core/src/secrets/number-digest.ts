import { createHash, createHmac, hkdfSync } from 'node:crypto';
import type { NumberDigest } from '@conversa/contracts';

/** HKDF's info: the sub-key serves this purpose only (a new purpose gets a label of its own). */
const PURPOSE = 'conversa/contact-number-digest/v1';

/**
 * The keyed digest of a company's canonical number: HMAC-SHA256 of `<companyId>:<key>` under a
 * sub-key HKDF derives from the operator's SECRETS_KEY, base64url (43 characters). Without the
 * operator's key it says nothing (a plain hash of a phone number is found by trying them all);
 * with the same key it is the same on every process and every rebuild.
 */
export function createNumberDigest(secret: string): NumberDigest {
  const ikm = createHash('sha256').update(secret, 'utf8').digest();
  const subKey = Buffer.from(hkdfSync('sha256', ikm, Buffer.alloc(0), PURPOSE, 32));
  return (companyId, key) => createHmac('sha256', subKey).update(`${companyId}:${key}`, 'utf8').digest('base64url');
}
