import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakePushService, type FakePushService } from '@conversa/testing/pushService';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendWebPush } from './send';
import { loadVapidKeys, VAPID_FILE } from './vapid';

let service: FakePushService;
const dataDir = mkdtempSync(join(tmpdir(), 'conversa-vapid-'));
beforeAll(async () => {
  service = await startFakePushService();
});
afterAll(async () => {
  await service.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('VAPID keys', () => {
  it('are generated into the data directory at first start and read back after', () => {
    const first = loadVapidKeys({}, dataDir);
    expect(statSync(join(dataDir, VAPID_FILE)).mode & 0o777).toBe(0o600);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(loadVapidKeys({}, dataDir)).toEqual(first);
    expect(JSON.parse(readFileSync(join(dataDir, VAPID_FILE), 'utf8')).publicKey).toBe(first.publicKey);
  });

  it('come from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when given, both or neither', () => {
    const given = loadVapidKeys({}, mkdtempSync(join(tmpdir(), 'conversa-vapid-')));
    const keys = loadVapidKeys({ VAPID_PUBLIC_KEY: given.publicKey, VAPID_PRIVATE_KEY: given.privateKey, VAPID_SUBJECT: 'https://conversa.example' }, dataDir);
    expect(keys).toEqual({ ...given, subject: 'https://conversa.example' });
    expect(() => loadVapidKeys({ VAPID_PUBLIC_KEY: given.publicKey }, dataDir)).toThrow(/go together/);
    expect(() => loadVapidKeys({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: 'short' }, dataDir)).toThrow();
  });
});

describe('a Web Push', () => {
  it('reaches the subscription encrypted (aes128gcm) and VAPID-signed: the push service decrypts the payload', async () => {
    const keys = loadVapidKeys({}, dataDir);
    const subscription = service.subscribe();
    const payload = { kind: 'message', ticketUuid: 'b3c1', title: 'Maria', body: 'Olá, ainda tem o plano?' };
    const outcome = await sendWebPush(keys, subscription, payload, { ttlSeconds: 600, topic: 'ticket-42', timeoutMs: 5_000 });
    expect(outcome).toEqual({ status: 'sent' });
    const [push] = await service.waitFor(1);
    expect(JSON.parse(push!.payload)).toEqual(payload);
    expect(push).toMatchObject({
      subscriptionId: subscription.id,
      ttl: 600,
      topic: 'ticket-42',
      urgency: 'high',
      vapidKey: keys.publicKey,
      subject: keys.subject,
    });
    expect(service.refused).toEqual([]);
  });

  it('tells a subscription the push service forgot (410) from a failure', async () => {
    const keys = loadVapidKeys({}, dataDir);
    const subscription = service.subscribe();
    service.expire(subscription.id);
    await expect(sendWebPush(keys, subscription, { kind: 'ticket' }, { ttlSeconds: 60, timeoutMs: 5_000 })).resolves.toEqual({ status: 'gone' });
    const closed = { ...subscription, endpoint: 'http://127.0.0.1:9/push/x' };
    await expect(sendWebPush(keys, closed, { kind: 'ticket' }, { ttlSeconds: 60, timeoutMs: 5_000 })).resolves.toMatchObject({ status: 'failed' });
  });

  it('is refused by the push service when signed with another key than the one it names', async () => {
    const keys = loadVapidKeys({}, dataDir);
    const other = loadVapidKeys({}, mkdtempSync(join(tmpdir(), 'conversa-vapid-')));
    const outcome = await sendWebPush({ ...keys, publicKey: other.publicKey }, service.subscribe(), { kind: 'ticket' }, { ttlSeconds: 60, timeoutMs: 5_000 });
    expect(outcome).toEqual({ status: 'failed', reason: 'push service answered 401' });
    expect(service.refused.at(-1)).toEqual({ status: 401, reason: 'bad vapid signature' });
  });
});
