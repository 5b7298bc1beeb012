import type { RecordedEvent } from '@conversa/contracts';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectors } from '../index';
import { chatsProjector } from './projector';
import { chatMediaAccess, listChatMessages, listChats } from './queries';
import { eventRecorder, project, readDatabase } from '../testing';

let db: Kysely<any>;
let close: () => Promise<void>;

const recorded = eventRecorder();
const run = (events: RecordedEvent[]) => project(db, chatsProjector, events);
const uuid = (n: number) => `9b1d2c3e-4f50-4a6b-8c7d-${String(n).padStart(12, '0')}`;
const posted = (n: number, senderId: number, at: string, media: object | null = null) =>
  recorded(
    'ChatMessagePosted',
    { chatId: 1, messageId: uuid(100 + n), senderId, message: media ? '' : `mensagem ${n}`, media, mediaType: media ? 'image' : null },
    2,
    at,
  );

beforeAll(async () => {
  ({ db, close } = await readDatabase('chats', projectors));
});
afterAll(() => close?.());

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
