import type { WebhookEvent } from '@conversa/contracts';
import { describe, expect, it } from 'vitest';
import { spec } from '../commands/spec';
import { isRefusedAddress } from '../net/outbound-address';
import { createSecretBox } from '../secrets/box';
import { newWebhookSecret, signStandardWebhook, signWebhook, webhookSigningKey } from './secrets';
import { webhook } from './webhook';

const created: WebhookEvent = {
  type: 'WebhookCreated',
  data: { webhookId: 3, url: 'https://example.com/hook', events: ['*'], description: '', secret: 'v1:a:b:c', userId: 2 },
};
const deliveryId = '0192f7a0-0000-7000-8000-000000000001';

describe('webhook decider', () => {
  it('creates an endpoint once', () => {
    spec(webhook)
      .given([])
      .when({ type: 'CreateWebhook', webhookId: 3, url: 'https://example.com/hook', events: ['*'], description: '', secret: 'v1:a:b:c', userId: 2 })
      .then([created]);
    spec(webhook)
      .given([created])
      .when({ type: 'CreateWebhook', webhookId: 3, url: 'https://x.test', events: ['*'], description: '', secret: 's', userId: 2 })
      .thenThrows('ERR_VALIDATION');
  });

  it('records only what changed, and an edit clears the flag', () => {
    spec(webhook)
      .given([created])
      .when({ type: 'ChangeWebhook', changes: { url: 'https://example.com/hook', active: false } })
      .then([{ type: 'WebhookChanged', data: { webhookId: 3, changes: { active: false } } }]);
    spec(webhook)
      .given([created])
      .when({ type: 'ChangeWebhook', changes: { events: ['*'] } })
      .then([]);
    const flagged: WebhookEvent = { type: 'WebhookFlagged', data: { webhookId: 3, deliveryId, reason: 'HTTP 500' } };
    spec(webhook)
      .given([created, flagged])
      .when({ type: 'ChangeWebhook', changes: {} })
      .then([{ type: 'WebhookChanged', data: { webhookId: 3, changes: {} } }]);
    spec(webhook).given([created, flagged]).when({ type: 'FlagWebhook', deliveryId, reason: 'again' }).then([]);
  });

  it('rotates, redelivers and deletes; a deleted endpoint is not found', () => {
    spec(webhook)
      .given([created])
      .when({ type: 'RotateWebhookSecret', secret: 'v1:d:e:f' })
      .then([{ type: 'WebhookSecretRotated', data: { webhookId: 3, secret: 'v1:d:e:f' } }]);
    spec(webhook)
      .given([created])
      .when({ type: 'RequestWebhookRedelivery', deliveryId })
      .then([{ type: 'WebhookRedeliveryRequested', data: { webhookId: 3, deliveryId } }]);
    spec(webhook)
      .given([created])
      .when({ type: 'DeleteWebhook' })
      .then([{ type: 'WebhookDeleted', data: { webhookId: 3 } }]);
    spec(webhook)
      .given([created, { type: 'WebhookDeleted', data: { webhookId: 3 } }])
      .when({ type: 'RotateWebhookSecret', secret: 's' })
      .thenThrows('ERR_NO_WEBHOOK_FOUND');
    spec(webhook).given([]).when({ type: 'DeleteWebhook' }).thenThrows('ERR_NO_WEBHOOK_FOUND');
  });

  it('pauses once, only an active endpoint; resuming unpauses and is refused when switched off', () => {
    const failingSince = '2026-01-01T00:00:00.000Z';
    const paused: WebhookEvent = { type: 'WebhookPaused', data: { webhookId: 3, failingSince, reason: 'HTTP 503' } };
    spec(webhook).given([created]).when({ type: 'PauseWebhook', failingSince, reason: 'HTTP 503' }).then([paused]);
    spec(webhook).given([created, paused]).when({ type: 'PauseWebhook', failingSince, reason: 'again' }).then([]);
    const off: WebhookEvent = { type: 'WebhookChanged', data: { webhookId: 3, changes: { active: false } } };
    spec(webhook).given([created, off]).when({ type: 'PauseWebhook', failingSince, reason: 'x' }).then([]);
    spec(webhook)
      .given([created, paused])
      .when({ type: 'ResumeWebhook' })
      .then([{ type: 'WebhookResumed', data: { webhookId: 3 } }]);
    // Resumed, it may be paused again by a later streak.
    spec(webhook)
      .given([created, paused, { type: 'WebhookResumed', data: { webhookId: 3 } }])
      .when({ type: 'PauseWebhook', failingSince, reason: 'y' })
      .then([{ ...paused, data: { ...paused.data, reason: 'y' } }]);
    spec(webhook).given([created, off]).when({ type: 'ResumeWebhook' }).thenThrows('ERR_WEBHOOK_INACTIVE');
  });
});

describe('webhook secrets and addresses', () => {
  it('seals a secret so only the same key opens it', () => {
    const box = createSecretBox('key one');
    const sealed = box.seal('whsec_abc');
    expect(sealed).not.toContain('whsec_abc');
    expect(box.open(sealed)).toBe('whsec_abc');
    expect(() => createSecretBox('key two').open(sealed)).toThrow();
  });

  it('signs Standard Webhooks\' "<id>.<timestamp>.<body>" with the key the base64 secret names', () => {
    // The Standard Webhooks specification's own example (github.com/standard-webhooks/standard-webhooks, spec/standard-webhooks.md).
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const body = '{"test": 2432232314}';
    expect(signStandardWebhook(secret, 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, body)).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
    expect(newWebhookSecret()).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    // A secret issued before (base64url, no padding) names the same key as its standard-base64 spelling.
    const legacy = 'whsec_-_8' + 'A'.repeat(40);
    expect(webhookSigningKey(legacy)).toEqual(webhookSigningKey('whsec_+/8' + 'A'.repeat(40) + '='));
  });

  it('signs "<timestamp>.<body>" with HMAC-SHA256', () => {
    expect(signWebhook('secret', 1700000000, '{"a":1}')).toBe('sha256=49f24e537407743fa4a0242bb63b94b9a47ee99cbbe071ccd8a22550ae411686');
    expect(signWebhook('secret', 1, 'x')).not.toBe(signWebhook('secret', 2, 'x'));
    expect(signWebhook('secret', 1, 'x')).toMatch(/^sha256=[0-9a-f]{64}$/);
  });

  it('refuses private, loopback and link-local addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '100.64.0.1',
    ])
      expect(isRefusedAddress(address), address).toBe(true);
    for (const address of ['8.8.8.8', '93.184.216.34', '2606:4700:4700::1111']) expect(isRefusedAddress(address), address).toBe(false);
  });
});
