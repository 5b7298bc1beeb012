import type { ChatMessageView, ChatView } from '@conversa/contracts';
import { describe, expect, it } from 'vitest';
import { applyChatListFrame, applyNewMessage, unreadsOf } from './socket';

const chat = (id: number, updatedAt: string, title = `Chat ${id}`): ChatView => ({
  id,
  uuid: `u-${id}`,
  companyId: 1,
  title,
  ownerId: 2,
  lastMessage: '',
  createdAt: updatedAt,
  updatedAt,
  users: [
    { userId: 2, unreads: 0, user: { id: 2, name: 'Ana' } },
    { userId: 5, unreads: 3, user: { id: 5, name: 'Bia' } },
  ],
});
const message = (id: string, createdAt: string): ChatMessageView => ({
  id,
  chatId: 1,
  senderId: 2,
  sender: { id: 2, name: 'Ana' },
  message: id,
  mediaPath: null,
  mediaName: null,
  mediaType: null,
  createdAt,
});

describe('chat frames', () => {
  it('puts a created or changed chat first by activity, and drops a deleted one', () => {
    const page = { records: [chat(1, '2026-01-02T00:00:00Z'), chat(2, '2026-01-01T00:00:00Z')], hasMore: false };
    const moved = applyChatListFrame(page, { action: 'update', record: chat(2, '2026-01-03T00:00:00Z') }, '');
    expect(moved.records.map((c) => c.id)).toEqual([2, 1]);
    expect(applyChatListFrame(moved, { action: 'delete', id: 2 }, '').records.map((c) => c.id)).toEqual([1]);
    expect(applyChatListFrame(page, { action: 'create', record: chat(3, '2026-01-04T00:00:00Z', 'Outro') }, 'equipe').records).toHaveLength(2);
  });

  it("adds a new message once, in time order, and reads the user's unread count", () => {
    const loaded = { records: [message('a', '2026-01-01T00:00:00Z')], hasMore: false, pageNumber: 1 };
    const posted = { action: 'new-message' as const, newMessage: message('b', '2026-01-02T00:00:00Z'), chat: chat(1, ''), audience: [2, 5] };
    const once = applyNewMessage(loaded, posted);
    const twice = applyNewMessage(once, posted);
    expect(twice.records.map((m) => m.id)).toEqual(['a', 'b']);
    expect(applyNewMessage(loaded, { action: 'update', chat: chat(1, ''), audience: [2, 5] })).toBe(loaded);
    expect(unreadsOf(chat(1, ''), 5)).toBe(3);
    expect(unreadsOf(chat(1, ''), 9)).toBe(0);
  });
});
