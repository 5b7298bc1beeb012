import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local push service over HTTP that holds pushes to the Web Push protocol, as a browser vendor's would: a POST
 * with a TTL, `Content-Encoding: aes128gcm` and a VAPID `Authorization: vapid t=<JWT>, k=<key>` header (RFC 8292)
 * whose ES256 signature, audience and expiry are checked; anything else is refused with 400/401. Each subscription it
 * hands out holds a browser's keys, so a test decrypts what arrived (RFC 8291) and reads the payload.
 */
export interface ReceivedPush {
  subscriptionId: string;
  payload: string;
  ttl: number;
  topic: string | undefined;
  urgency: string | undefined;
  /** The VAPID public key (base64url) the push was signed with, and the JWT's subject. */
  vapidKey: string;
  subject: string;
}

export interface FakePushSubscription {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface FakePushService {
  url: string;
  received: ReceivedPush[];
  refused: Array<{ status: number; reason: string }>;
  subscribe(): FakePushSubscription;
  /** The push service forgets the subscription: later pushes answer 410 Gone. */
  expire(id: string): void;
  /** Resolves when `count` pushes in all have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

const b64 = (text: string) => Buffer.from(text, 'base64url');

/** RFC 8291 §3.4 and RFC 8188: one aes128gcm record, its padding delimiter 0x02. */
function decrypt(body: Buffer, ua: ReturnType<typeof createECDH>, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const asPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = ua.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ua.getPublicKey(), asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error('not the last record (no 0x02 delimiter)');
  return plain.subarray(0, end).toString('utf8');
}

/** The VAPID header: an ES256 JWT signed by the key it names, for this origin, expiring within 24 h. */
function checkVapid(header: string | undefined, origin: string): { vapidKey: string; subject: string } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match) throw new Error('no vapid authorization');
  const [, token, key] = match as unknown as [string, string, string];
  const [head, claims, signature] = token.split('.') as [string, string, string];
  const raw = b64(key);
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  if (!verify('sha256', Buffer.from(`${head}.${claims}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, b64(signature)))
    throw new Error('bad vapid signature');
  const { alg } = JSON.parse(b64(head).toString());
  const body = JSON.parse(b64(claims).toString()) as { aud?: string; exp?: number; sub?: string };
  const now = Date.now() / 1000;
  if (alg !== 'ES256') throw new Error('vapid alg');
  if (body.aud !== origin) throw new Error(`vapid aud ${body.aud}`);
  if (!body.exp || body.exp < now || body.exp > now + 24 * 3600) throw new Error('vapid exp');
  if (!body.sub || !/^(mailto:|https:)/.test(body.sub)) throw new Error('vapid sub');
  return { vapidKey: key, subject: body.sub };
}

export async function startFakePushService(): Promise<FakePushService> {
  const subscriptions = new Map<string, { ua: ReturnType<typeof createECDH>; auth: Buffer }>();
  const received: ReceivedPush[] = [];
  const refused: FakePushService['refused'] = [];
  const waiters = new Set<() => void>();
  let origin = '';
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const refuse = (status: number, reason: string) => {
        refused.push({ status, reason });
        response.writeHead(status).end(reason);
      };
      const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1];
      if (request.method !== 'POST' || !id) return refuse(404, 'no such endpoint');
      const subscription = subscriptions.get(id);
      if (!subscription) return refuse(410, 'subscription gone');
      const ttl = Number(request.headers.ttl);
      if (!Number.isInteger(ttl) || ttl < 0) return refuse(400, 'TTL header missing');
      if (request.headers['content-encoding'] !== 'aes128gcm') return refuse(415, 'content-encoding must be aes128gcm');
      let vapid;
      try {
        vapid = checkVapid(request.headers.authorization, origin);
      } catch (error) {
        return refuse(401, (error as Error).message);
      }
      let payload;
      try {
        payload = decrypt(Buffer.concat(chunks), subscription.ua, subscription.auth);
      } catch (error) {
        return refuse(400, `cannot decrypt: ${(error as Error).message}`);
      }
      const topic = request.headers.topic as string | undefined;
      const urgency = request.headers.urgency as string | undefined;
      received.push({ subscriptionId: id, payload, ttl, topic, urgency, ...vapid });
      response.writeHead(201, { location: `${origin}/message/${received.length}` }).end();
      for (const wake of waiters) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    received,
    refused,
    subscribe() {
      const ua = createECDH('prime256v1');
      ua.generateKeys();
      const auth = randomBytes(16);
      const id = randomBytes(8).toString('hex');
      subscriptions.set(id, { ua, auth });
      return { id, endpoint: `${origin}/push/${id}`, keys: { p256dh: ua.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
    },
    expire: (id) => void subscriptions.delete(id),
    waitFor(count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(received.slice(0, count));
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`${received.length} of ${count} pushes arrived; refused: ${JSON.stringify(refused)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
