import type { RecordedEvent } from '@conversa/contracts';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { webhooksProjector } from './projector';
import { findWebhook, listWebhooks, subscribedWebhooks } from './queries';
import { eventRecorder, project, readDatabase } from '../testing';

let db: Kysely<any>;
let close: () => Promise<void>;

const recorded = eventRecorder();
const run = (events: RecordedEvent[]) => project(db, webhooksProjector, events);
const created = (webhookId: number, companyId = 2) =>
  recorded(
    'WebhookCreated',
    { webhookId, url: `https://example.com/${webhookId}`, events: ['ticket.created'], description: 'CRM', secret: 'v1:a:b:c', userId: 1 },
    companyId,
  );

beforeAll(async () => {
  ({ db, close } = await readDatabase('webhooks', [webhooksProjector]));
});
afterAll(() => close?.());

it("keeps each company its endpoints, their flag and their secret, and publishes admins' frames", async () => {
  const frames = await run([created(1), created(2, 3)]);
  expect(frames).toEqual([
    {
      companyId: 2,
      entity: 'webhook',
      data: {
        action: 'create',
        webhook: expect.objectContaining({ id: 1, url: 'https://example.com/1', events: ['ticket.created'], active: true, flagged: false }),
      },
    },
    { companyId: 3, entity: 'webhook', data: { action: 'create', webhook: expect.objectContaining({ id: 2 }) } },
  ]);
  expect((await listWebhooks(db, 2)).map((w) => w.id)).toEqual([1]);
  expect(await findWebhook(db, 3, 1)).toBeUndefined();
  expect(await findWebhook(db, 2, 1)).not.toHaveProperty('secret');

  await run([recorded('WebhookFlagged', { webhookId: 1, deliveryId: '00000000-0000-4000-8000-0000000000aa', reason: 'HTTP 500' })]);
  expect((await findWebhook(db, 2, 1))?.flagged).toBe(true);
  await run([
    recorded('WebhookChanged', { webhookId: 1, changes: { events: ['*'], active: false } }),
    recorded('WebhookSecretRotated', { webhookId: 1, secret: 'v1:d:e:f' }),
  ]);
  expect(await findWebhook(db, 2, 1)).toMatchObject({ events: ['*'], active: false, flagged: false });
  expect((await db.selectFrom('read.webhooks').select('secret').where('id', '=', 1).executeTakeFirst())?.secret).toBe('v1:d:e:f');
  expect(await subscribedWebhooks(db, 2)).toEqual([]);

  // Paused by the deliverer: shown with its reason, still subscribed (its queue grows, in order), told to admins; resuming clears it.
  await run([recorded('WebhookChanged', { webhookId: 1, changes: { active: true } })]);
  const pausedFrames = await run([recorded('WebhookPaused', { webhookId: 1, failingSince: '2026-01-01T00:00:00.000Z', reason: 'HTTP 503' })]);
  expect(pausedFrames).toEqual([
    {
      companyId: 2,
      entity: 'webhook',
      data: { action: 'update', webhook: expect.objectContaining({ id: 1, pausedAt: expect.any(String), pauseReason: 'HTTP 503' }) },
    },
  ]);
  expect((await subscribedWebhooks(db, 2)).map((w) => w.id)).toEqual([1]);
  await run([
    recorded('WebhookFlagged', { webhookId: 1, deliveryId: '00000000-0000-4000-8000-0000000000ab', reason: 'HTTP 503' }),
    recorded('WebhookResumed', { webhookId: 1 }),
  ]);
  expect(await findWebhook(db, 2, 1)).toMatchObject({ pausedAt: null, pauseReason: null, flagged: false });
  // Switching it off drops its queue: nothing is left paused.
  await run([
    recorded('WebhookPaused', { webhookId: 1, failingSince: '2026-01-01T00:00:00.000Z', reason: 'HTTP 503' }),
    recorded('WebhookChanged', { webhookId: 1, changes: { active: false } }),
  ]);
  expect(await findWebhook(db, 2, 1)).toMatchObject({ active: false, pausedAt: null });

  expect(await run([recorded('WebhookDeleted', { webhookId: 2 }, 3)])).toEqual([{ companyId: 3, entity: 'webhook', data: { action: 'delete', webhookId: 2 } }]);
  expect(await listWebhooks(db, 3)).toEqual([]);
  // Replaying a creation changes nothing.
  await run([created(1)]);
  expect((await findWebhook(db, 2, 1))?.events).toEqual(['*']);
});
