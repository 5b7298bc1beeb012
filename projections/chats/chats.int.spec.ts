import type { RecordedEvent } from '@conversa/contracts';
import { testDatabase } from '@conversa/testing/database';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectors } from '../index';
import { chatsProjector } from './projector';
import { chatMediaAccess, listChatMessages, listChats } from './queries';

let db: Kysely<any>;
let drop: () => Promise<void>;
let position = 0n;

const recorded = (type: string, data: unknown, companyId = 2, at = '2026-05-01T12:00:00.000Z'): RecordedEvent => {
  position += 1n;
  return {
    id: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
    streamId: 'test',
    revision: 0,
    type,
    data,
    metadata: { companyId, actor: { kind: 'system', id: 't' }, correlationId: 'c', causationId: 'c', occurredAt: at, schemaVersion: 1, prevHash: null, hash: 'h' },
    position: { commit: position, prepare: position },
    createdAt: new Date(),
  };
};
const run = async (events: RecordedEvent[]) => {
  const changes = await db.transaction().execute((trx) => chatsProjector.handle(trx, events as never));
  return typeof changes === 'function' ? changes(db) : changes;
};
const uuid = (n: number) => `9b1d2c3e-4f50-4a6b-8c7d-${String(n).padStart(12, '0')}`;
const posted = (n: number, senderId: number, at: string, media: object | null = null) =>
  recorded('ChatMessagePosted', { chatId: 1, messageId: uuid(100 + n), senderId, message: media ? '' : `mensagem ${n}`, media, mediaType: media ? 'image' : null }, 2, at);

beforeAll(async () => {
  const database = await testDatabase('chats');
  drop = database.drop;
  db = new Kysely<any>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.url }) }) });
  await sql`create schema read`.execute(db);
  for (const projector of projectors) await projector.migrate(db);
});
afterAll(async () => {
  await db?.destroy();
  await drop?.();
});

describe('chats read model', () => {
  it('counts unread per member, resets on a read mark, pages messages, and frames only the members', async () => {
    const created = await run([recorded('ChatCreated', { chatId: 1, uuid: uuid(1), title: 'Equipe', ownerId: 7, userIds: [7, 8] })]);
    expect(created.map((change: { entity: string }) => change.entity).sort()).toEqual(['chat-user-7', 'chat-user-8']);

    const frames = await run(Array.from({ length: 25 }, (_, i) => posted(i + 1, 7, new Date(Date.UTC(2026, 4, 1, 13, i)).toISOString())));
    const room = frames.filter((change: { entity: string }) => change.entity === 'chat-1');
    expect(room).toHaveLength(25);
    expect(room.every((change) => [...(change.data as { audience: number[] }).audience].sort().join() === '7,8')).toBe(true);

    const [listed] = (await listChats(db, 2, 8, { pageNumber: 1 })).records;
    expect(listed!.users.find((member) => member.userId === 8)!.unreads).toBe(25);
    expect(listed!.users.find((member) => member.userId === 7)!.unreads).toBe(0);
    expect(listed!.lastMessage).toBe('mensagem 25');
    expect((await listChats(db, 2, 9, { pageNumber: 1 })).records).toEqual([]);

    const newest = await listChatMessages(db, 2, 1, 1);
    expect(newest.records.map((m) => m.message)).toEqual(Array.from({ length: 20 }, (_, i) => `mensagem ${i + 6}`));
    expect(newest.pageInfo.hasMore).toBe(true);
    expect((await listChatMessages(db, 2, 1, 2)).records.map((m) => m.message)).toEqual(['mensagem 1', 'mensagem 2', 'mensagem 3', 'mensagem 4', 'mensagem 5']);

    await run([recorded('ChatMarkedRead', { chatId: 1, userId: 8 })]);
    expect((await listChats(db, 2, 8, { pageNumber: 1 })).records[0]!.users.find((member) => member.userId === 8)!.unreads).toBe(0);
    // The same message delivered again is projected once.
    await run([posted(25, 7, '2026-05-01T14:00:00.000Z')]);
    expect((await listChats(db, 2, 8, { pageNumber: 1 })).records[0]!.users.find((member) => member.userId === 8)!.unreads).toBe(0);
  });

  it('opens a chat file to its members only, and drops a removed member', async () => {
    const url = '/media/2/9b1d2c3e-4f50-4a6b-8c7d-0e1f2a3b4c5d.png';
    await run([posted(30, 8, '2026-05-02T10:00:00.000Z', { url, name: 'foto.png', mime: 'image/png', size: 100 })]);
    expect(await chatMediaAccess(db, 2, url, 7)).toBe(true);
    expect(await chatMediaAccess(db, 2, url, 9)).toBe(false);
    expect(await chatMediaAccess(db, 2, '/media/2/other.png', 7)).toBeNull();
    const frames = await run([recorded('ChatChanged', { chatId: 1, userIds: [7] })]);
    expect(frames).toContainEqual({ companyId: 2, entity: 'chat', data: { action: 'delete', id: 1, audience: [8] } });
    expect(await chatMediaAccess(db, 2, url, 8)).toBe(false);
  });
});
