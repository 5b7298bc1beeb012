import { ERASED_TEXT } from '@conversa/contracts';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * One sealed field: `pd1.<keyId>.<kind>.<iv|ciphertext|tag in base64url>`, AES-256-GCM under the
 * contact's data key, bound to its event and path (the additional data), so a sealed value moved to
 * another event or field does not open. `kind` says what the field held, so an erased one reads back
 * as a value of the same shape (see ERASED_TEXT).
 */
const PREFIX = 'pd1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;

type Kind = 's' | 'a' | 'o' | 'n' | 'b';

const kindOf = (value: unknown): Kind =>
  typeof value === 'string' ? 's' : Array.isArray(value) ? 'a' : typeof value === 'number' ? 'n' : typeof value === 'boolean' ? 'b' : 'o';

export const isSealedValue = (value: unknown): value is string => typeof value === 'string' && value.startsWith(PREFIX);

/** The key id a sealed value names, or null when the value is not one. */
export function keyIdOf(value: unknown): number | null {
  if (!isSealedValue(value)) return null;
  const end = value.indexOf('.', PREFIX.length);
  const id = Number(value.slice(PREFIX.length, end));
  return Number.isSafeInteger(id) ? id : null;
}

export function sealValue(key: Buffer, keyId: number, value: unknown, aad: string): string {
  const kind = kindOf(value);
  const plain = kind === 's' ? (value as string) : JSON.stringify(value);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([iv, cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${PREFIX}${keyId}.${kind}.${body.toString('base64url')}`;
}

/** What a field reads as once its key is gone: the erased value of its kind. */
export function erasedValue(sealed: string): unknown {
  const kind = sealed.charAt(sealed.indexOf('.', PREFIX.length) + 1) as Kind;
  return kind === 's' ? ERASED_TEXT : kind === 'a' ? [] : kind === 'n' ? 0 : kind === 'b' ? false : null;
}

/** The plain value; throws when the ciphertext was altered or is bound to another event or path. */
export function openValue(key: Buffer, sealed: string, aad: string): unknown {
  const idEnd = sealed.indexOf('.', PREFIX.length);
  const kind = sealed.charAt(idEnd + 1) as Kind;
  const body = Buffer.from(sealed.slice(idEnd + 3), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, body.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
  const plain = Buffer.concat([decipher.update(body.subarray(IV_BYTES, body.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  return kind === 's' ? plain : JSON.parse(plain);
}

/** The additional data a field is sealed under: its event and path. */
export const fieldAad = (eventId: string, path: string): string => `${eventId.toLowerCase()}\n${path}`;

/** The value at a dotted path (`media.name`), or undefined. */
export function getPath(data: unknown, path: string): unknown {
  let current = data;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** A copy of `data` with the value at `path` replaced (only the objects on the path are copied). */
export function setPath(data: unknown, path: string, value: unknown): unknown {
  const [head, ...rest] = path.split('.');
  const object = data as Record<string, unknown>;
  return { ...object, [head!]: rest.length === 0 ? value : setPath(object[head!], rest.join('.'), value) };
}
