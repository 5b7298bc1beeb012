import type { RecordedEvent } from '@conversa/contracts';
import { testDatabase } from '@conversa/testing/database';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { webhooksProjector } from './projector';
import { findWebhook, listWebhooks, subscribedWebhooks } from './queries';

let db: Kysely<any>;
let drop: () => Promise<void>;
let position = 0n;

const recorded = (type: string, data: unknown, companyId = 2, occurredAt = '2026-05-01T12:00:00.000Z'): RecordedEvent => {
  position += 1n;
  return {
    id: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
    streamId: 'test',
    revision: 0,
    type,
    data,
    metadata: { companyId, actor: { kind: 'system', id: 't' }, correlationId: 'c', causationId: 'c', occurredAt, schemaVersion: 1, prevHash: null, hash: 'h' },
    position: { commit: position, prepare: position },
    createdAt: new Date(),
  };
};
const run = async (events: RecordedEvent[]) => {
  const changes = await db.transaction().execute((trx) => webhooksProjector.handle(trx, events));
  return typeof changes === 'function' ? changes(db) : changes;
};
const created = (webhookId: number, companyId = 2) =>
  recorded('WebhookCreated', { webhookId, url: `https://example.com/${webhookId}`, events: ['ticket.created'], description: 'CRM', secret: 'v1:a:b:c', userId: 1 }, companyId);

beforeAll(async () => {
  const database = await testDatabase('webhooks');
  drop = database.drop;
  db = new Kysely<any>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.url }) }) });
  await sql`create schema read`.execute(db);
  await webhooksProjector.migrate(db);
});
afterAll(async () => {
  await db?.destroy();
  await drop?.();
});

it('keeps each company its endpoints, their flag and their secret, and publishes admins\' frames', async () => {
  const frames = await run([created(1), created(2, 3)]);
  expect(frames).toEqual([
    { companyId: 2, entity: 'webhook', data: { action: 'create', webhook: expect.objectContaining({ id: 1, url: 'https://example.com/1', events: ['ticket.created'], active: true, flagged: false }) } },
    { companyId: 3, entity: 'webhook', data: { action: 'create', webhook: expect.objectContaining({ id: 2 }) } },
  ]);
  expect((await listWebhooks(db, 2)).map((w) => w.id)).toEqual([1]);
  expect(await findWebhook(db, 3, 1)).toBeUndefined();
  expect(await findWebhook(db, 2, 1)).not.toHaveProperty('secret');

  await run([recorded('WebhookFlagged', { webhookId: 1, deliveryId: '00000000-0000-4000-8000-0000000000aa', reason: 'HTTP 500' })]);
  expect((await findWebhook(db, 2, 1))?.flagged).toBe(true);
  await run([recorded('WebhookChanged', { webhookId: 1, changes: { events: ['*'], active: false } }), recorded('WebhookSecretRotated', { webhookId: 1, secret: 'v1:d:e:f' })]);
  expect(await findWebhook(db, 2, 1)).toMatchObject({ events: ['*'], active: false, flagged: false });
  expect((await db.selectFrom('read.webhooks').select('secret').where('id', '=', 1).executeTakeFirst())?.secret).toBe('v1:d:e:f');
  expect(await subscribedWebhooks(db, 2)).toEqual([]);

  expect(await run([recorded('WebhookDeleted', { webhookId: 2 }, 3)])).toEqual([{ companyId: 3, entity: 'webhook', data: { action: 'delete', webhookId: 2 } }]);
  expect(await listWebhooks(db, 3)).toEqual([]);
  // Replaying a creation changes nothing.
  await run([created(1)]);
  expect((await findWebhook(db, 2, 1))?.events).toEqual(['*']);
});
