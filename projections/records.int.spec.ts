import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateHelps } from './helps/migration';
import { migrateQuickMessages } from './quickMessages/migration';
import { insertedNew, recordProjector, rowUpdater } from './records';
import { eventRecorder, project, readDatabase } from './testing';
import { webhooksProjector } from './webhooks/projector';

// The record kit against a real Postgres, on small projectors declared here: rows, deletion, frames' actions.
let db: Kysely<any>;
let close: () => Promise<void>;
const recorded = eventRecorder();

const quickMessages = recordProjector({
  name: 'kit_quick_messages',
  version: 1,
  table: 'read.quick_messages',
  migrate: migrateQuickMessages,
  id: 'quickMessageId',
  created: 'QuickMessageCreated',
  changed: 'QuickMessageChanged',
  deleted: 'QuickMessageDeleted',
  scope: 'company',
  deletion: 'row',
  columns: {
    userId: 'user_id',
    shortcode: 'shortcode',
    message: 'message',
    geral: 'geral',
    status: 'status',
    isCategory: 'is_category',
    categoryId: 'category_id',
  },
  updates: { QuickMessageMediaRemoved: () => ({ media_path: null }) },
  quiet: ['QuickMessageMediaRemoved'],
  frames: {
    entity: 'quickmessage',
    idKey: 'id',
    viewKey: 'record',
    find: async (trx, companyId, id) =>
      trx.selectFrom('read.quick_messages').select(['id', 'shortcode']).where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst(),
  },
});

const helps = recordProjector({
  name: 'kit_helps',
  version: 1,
  table: 'read.helps',
  migrate: migrateHelps,
  id: 'helpId',
  created: 'HelpCreated',
  changed: 'HelpChanged',
  deleted: 'HelpDeleted',
  scope: 'platform',
  deletion: 'row',
  columns: { title: 'title', description: 'description', video: 'video' },
});

const quick = { shortcode: 'oi', message: 'Olá', geral: false, status: true, isCategory: false, categoryId: null, userId: 5 };

beforeAll(async () => {
  ({ db, close } = await readDatabase('records', [quickMessages, helps, webhooksProjector]));
});
afterAll(() => close?.());

describe('recordProjector', () => {
  it('inserts a creation once with its company, sets only the fields a change names, and removes a deleted row', async () => {
    const created = await project(db, quickMessages, [
      recorded('QuickMessageCreated', { quickMessageId: 1, ...quick }),
      recorded('QuickMessageChanged', { quickMessageId: 1, changes: { message: 'Bom dia' } }),
    ]);
    // A creation changed in the same batch is still announced as a creation.
    expect(created).toEqual([{ companyId: 2, entity: 'quickmessage', data: { action: 'create', record: { id: 1, shortcode: 'oi' } } }]);
    // A replayed creation changes nothing.
    await project(db, quickMessages, [recorded('QuickMessageCreated', { quickMessageId: 1, ...quick, shortcode: 'again' })]);
    const row = await db.selectFrom('read.quick_messages').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ company_id: 2, user_id: 5, shortcode: 'oi', message: 'Bom dia', geral: false, status: true, category_id: null });
    expect(row.created_at).toEqual(new Date('2026-05-01T12:00:00.000Z'));
    expect(
      await project(db, quickMessages, [recorded('QuickMessageMediaRemoved', { quickMessageId: 1, media: { url: 'x', mime: 'image/png', size: 1 } })]),
    ).toEqual([]);
    const deleted = await project(db, quickMessages, [
      recorded('QuickMessageChanged', { quickMessageId: 1, changes: { geral: true } }),
      recorded('QuickMessageDeleted', { quickMessageId: 1 }),
    ]);
    expect(deleted).toEqual([{ companyId: 2, entity: 'quickmessage', data: { action: 'delete', id: 1 } }]);
    expect(await db.selectFrom('read.quick_messages').selectAll().execute()).toEqual([]);
  });

  it('keeps platform records without a company and publishes nothing without frames', async () => {
    expect(
      await project(db, helps, [
        recorded('HelpCreated', { helpId: 3, title: 'T', description: 'D', video: '' }),
        recorded('HelpChanged', { helpId: 3, changes: { title: 'T2' } }),
      ]),
    ).toEqual([]);
    expect(await db.selectFrom('read.helps').select(['id', 'title', 'description']).execute()).toEqual([{ id: 3, title: 'T2', description: 'D' }]);
  });

  it('flags a deletion, encodes fields, and applies the columns of creations, changes and further events', async () => {
    await project(db, webhooksProjector, [
      recorded('WebhookCreated', { webhookId: 4, url: 'https://h.example/a', events: ['TicketCreated'], description: '', secret: 'enc:v1:s', userId: null }),
    ]);
    await project(db, webhooksProjector, [recorded('WebhookPaused', { webhookId: 4, reason: 'falhas' })]);
    const rotated = await project(db, webhooksProjector, [recorded('WebhookSecretRotated', { webhookId: 4, secret: 'enc:v1:t' })]);
    expect(rotated).toEqual([]);
    await project(db, webhooksProjector, [recorded('WebhookChanged', { webhookId: 4, changes: { active: false } })]);
    const row = await db.selectFrom('read.webhooks').selectAll().where('id', '=', 4).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      company_id: 2,
      events: ['TicketCreated'],
      active: false,
      secret: 'enc:v1:t',
      paused_at: null,
      pause_reason: null,
      flagged: false,
      deleted: false,
    });
    expect(await project(db, webhooksProjector, [recorded('WebhookDeleted', { webhookId: 4 })])).toEqual([
      { companyId: 2, entity: 'webhook', data: { action: 'delete', webhookId: 4 } },
    ]);
    expect((await db.selectFrom('read.webhooks').select('deleted').where('id', '=', 4).executeTakeFirstOrThrow()).deleted).toBe(true);
  });
});

describe('insertedNew', () => {
  it('inserts a row once and says whether it was new', async () => {
    const help = (title: string) =>
      db.insertInto('read.helps').values({ id: 7, title, description: '', video: '', created_at: new Date(), updated_at: new Date() });
    expect(await insertedNew(help('first'))).toBe(true);
    expect(await insertedNew(help('again'))).toBe(false);
    expect(await db.selectFrom('read.helps').select('title').where('id', '=', 7).execute()).toEqual([{ title: 'first' }]);
  });
});

describe('rowUpdater', () => {
  it('sets the columns given and the last change on the row with the id, and no other', async () => {
    const at = new Date('2026-05-02T00:00:00.000Z');
    await db
      .insertInto('read.helps')
      .values({ id: 8, title: 'other', description: '', video: '', created_at: new Date(0), updated_at: new Date(0) })
      .execute();
    await db.transaction().execute((trx) => rowUpdater(trx, 'read.helps')(7, { title: 'changed' }, at));
    const rows = await db.selectFrom('read.helps').select(['id', 'title', 'updated_at']).where('id', 'in', [7, 8]).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 7, title: 'changed', updated_at: at },
      { id: 8, title: 'other', updated_at: new Date(0) },
    ]);
  });
});
