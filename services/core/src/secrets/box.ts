import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets a company gives Conversa (a Dialogflow service-account key, an AI API key, a speech key)
 * are sealed with AES-256-GCM before they reach the event log: `enc:v1:<iv>:<tag>:<ciphertext>`
 * (base64url). The key comes from SECRETS_KEY; losing it makes the stored secrets unreadable.
 */
export interface SecretBox {
  seal(plain: string): string;
  /** The plain text; a value that was never sealed (or '') is answered as it is. */
  open(sealed: string): string;
}

const PREFIX = 'enc:v1:';

export const isSealed = (value: string) => value.startsWith(PREFIX);

/** A box from any secret text: the AES key is its SHA-256, so a passphrase or base64 bytes both serve. */
export function createSecretBox(secret: string): SecretBox {
  const key = createHash('sha256').update(secret, 'utf8').digest();
  return {
    seal(plain) {
      if (plain === '') return '';
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${PREFIX}${iv.toString('base64url')}:${cipher.getAuthTag().toString('base64url')}:${data.toString('base64url')}`;
    },
    open(sealed) {
      if (!isSealed(sealed)) return sealed;
      const [iv, tag, data] = sealed.slice(PREFIX.length).split(':') as [string, string, string];
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
