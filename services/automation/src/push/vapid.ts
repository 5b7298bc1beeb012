import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';
import { z } from 'zod';

/**
 * The server's VAPID identity (RFC 8292): the key pair push services use to tell this server's pushes from
 * anyone else's, and the contact (`mailto:` or `https:`) they write to about abuse. Browsers bind a subscription to
 * the public key it was made with: a new pair makes every stored subscription useless, so the pair is generated
 * once, at first start, into the data directory, unless VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY give one.
 */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const StoredVapid = z.object({ publicKey: z.string().min(1), privateKey: z.string().min(1) });
export const DEFAULT_VAPID_SUBJECT = 'mailto:admin@conversa.local';
export const VAPID_FILE = 'vapid.json';

export function loadVapidKeys(env: NodeJS.ProcessEnv, dataDir: string): VapidKeys {
  const subject = env.VAPID_SUBJECT || DEFAULT_VAPID_SUBJECT;
  if (env.VAPID_PUBLIC_KEY || env.VAPID_PRIVATE_KEY) {
    if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY) throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together');
    const keys = { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
    checkVapid(keys);
    return keys;
  }
  const file = join(dataDir, VAPID_FILE);
  if (existsSync(file)) {
    const keys = { ...StoredVapid.parse(JSON.parse(readFileSync(file, 'utf8'))), subject };
    checkVapid(keys);
    return keys;
  }
  const generated = webpush.generateVAPIDKeys();
  // wx: two processes starting on one data directory keep the first pair written.
  try {
    writeFileSync(file, JSON.stringify(generated), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return loadVapidKeys(env, dataDir);
    throw error;
  }
  return { ...generated, subject };
}

/** web-push's own checks (P-256 key sizes, the subject's form), at start rather than at the first push. */
function checkVapid(keys: VapidKeys): void {
  webpush.getVapidHeaders('https://push.example', keys.subject, keys.publicKey, keys.privateKey, 'aes128gcm', Math.floor(Date.now() / 1000) + 60);
}
