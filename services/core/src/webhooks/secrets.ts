import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Webhook signing secrets must be recoverable (the deliverer signs with them), so they are sealed
 * with AES-256-GCM under a key from configuration (WEBHOOKS_SECRET_KEY, or one derived from
 * JWT_SECRET) before they reach the event log: the log and read tables hold only `v1:<iv>:<tag>:<data>`.
 */
export interface SecretBox {
  seal(secret: string): string;
  open(sealed: string): string;
}

export function createSecretBox(keyMaterial: string, info = 'conversa-webhook-secrets'): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', createHash('sha256').update(keyMaterial).digest(), Buffer.alloc(0), info, 32));
  return {
    seal(secret) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join(':');
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split(':');
      if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('not a sealed webhook secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

/** A new signing secret, shown once. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;

/** `sha256=<hex HMAC-SHA256 of "<timestamp>.<raw body>">`: the X-Conversa-Signature header. */
export const signWebhook = (secret: string, timestamp: number, body: string): string => `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
