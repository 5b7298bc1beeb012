import type { ChatEvent } from '@conversa/contracts';
import { describe, it } from 'vitest';
import { spec } from '../commands/spec';
import { chat, chatMessage, chatRead, type Chat } from './chat';

const uuid = '9b1d2c3e-4f50-4a6b-8c7d-0e1f2a3b4c5d';
const messageId = '1f2e3d4c-5b6a-4789-8a9b-0c1d2e3f4a5b';
const created: ChatEvent = { type: 'ChatCreated', data: { chatId: 3, uuid, title: 'Equipe', ownerId: 2, userIds: [2, 5] } };
const active: Chat = { status: 'active', chatId: 3, title: 'Equipe', ownerId: 2, members: [2, 5] };

describe('chat decider', () => {
  it('creates a chat whose owner is always a member', () => {
    spec(chat)
      .given([])
      .when({ type: 'CreateChat', chatId: 3, uuid, title: 'Equipe', ownerId: 2, userIds: [5] })
      .then([{ type: 'ChatCreated', data: { chatId: 3, uuid, title: 'Equipe', ownerId: 2, userIds: [2, 5] } }]);
    spec(chat)
      .given([created])
      .when({ type: 'CreateChat', chatId: 3, uuid, title: 'x', ownerId: 2, userIds: [5] })
      .thenThrows('ERR_VALIDATION');
  });

  it('lets only the owner change the title and members, recording only what changed', () => {
    spec(chat)
      .given([created])
      .when({ type: 'ChangeChat', by: 2, title: 'Equipe', userIds: [5, 7] })
      .then([{ type: 'ChatChanged', data: { chatId: 3, userIds: [2, 5, 7] } }]);
    spec(chat)
      .given([created])
      .when({ type: 'ChangeChat', by: 2, title: 'Equipe', userIds: [5, 2] })
      .then([]);
    spec(chat).given([created]).when({ type: 'ChangeChat', by: 5, title: 'Outra' }).thenThrows('ERR_NO_PERMISSION');
  });

  it('hides the chat from who is not a member, and the deleted chat from everyone', () => {
    spec(chat).given([created]).when({ type: 'ChangeChat', by: 9, title: 'Outra' }).thenThrows('ERR_NO_CHAT_FOUND');
    spec(chat).given([created]).when({ type: 'DeleteChat', by: 9 }).thenThrows('ERR_NO_CHAT_FOUND');
    spec(chat).given([]).when({ type: 'DeleteChat', by: 2 }).thenThrows('ERR_NO_CHAT_FOUND');
    spec(chat)
      .given([created, { type: 'ChatDeleted', data: { chatId: 3 } }])
      .when({ type: 'DeleteChat', by: 2 })
      .thenThrows('ERR_NO_CHAT_FOUND');
  });

  it('lets only the owner delete it', () => {
    spec(chat).given([created]).when({ type: 'DeleteChat', by: 5 }).thenThrows('ERR_NO_PERMISSION');
    spec(chat)
      .given([created])
      .when({ type: 'DeleteChat', by: 2 })
      .then([{ type: 'ChatDeleted', data: { chatId: 3 } }]);
  });

  it('drops a member who is removed', () => {
    spec(chat)
      .given([created])
      .when({ type: 'ChangeChat', by: 2, userIds: [] })
      .thenState((state) => {
        if (state.status === 'none') throw new Error('expected a chat');
        if (state.members.join() !== '2') throw new Error(`members ${state.members.join()}`);
      });
  });
});

describe('chat message decider', () => {
  const post = { type: 'PostChatMessage' as const, chat: active, messageId, senderId: 5, message: ' oi ', media: null, mediaType: null };
  const media = { url: '/media/1/9b1d2c3e-4f50-4a6b-8c7d-0e1f2a3b4c5d.mp3', name: 'audio.mp3', mime: 'audio/mpeg', size: 12_000 };

  it("posts a member's trimmed text once", () => {
    spec(chatMessage)
      .given([])
      .when(post)
      .then([{ type: 'ChatMessagePosted', data: { chatId: 3, messageId, senderId: 5, message: 'oi', media: null, mediaType: null } }]);
    spec(chatMessage)
      .given([{ type: 'ChatMessagePosted', data: { chatId: 3, messageId, senderId: 5, message: 'oi', media: null, mediaType: null } }])
      .when(post)
      .then([]);
  });

  it('posts a file without text, with its kind', () => {
    spec(chatMessage)
      .given([])
      .when({ ...post, message: '', media, mediaType: 'audio' })
      .then([{ type: 'ChatMessagePosted', data: { chatId: 3, messageId, senderId: 5, message: '', media, mediaType: 'audio' } }]);
  });

  it('refuses an empty message, a non-member and a deleted chat', () => {
    spec(chatMessage)
      .given([])
      .when({ ...post, message: '   ' })
      .thenThrows('ERR_VALIDATION');
    spec(chatMessage)
      .given([])
      .when({ ...post, senderId: 9 })
      .thenThrows('ERR_NO_CHAT_FOUND');
    spec(chatMessage)
      .given([])
      .when({ ...post, chat: { ...active, status: 'deleted' } })
      .thenThrows('ERR_NO_CHAT_FOUND');
    spec(chatMessage)
      .given([])
      .when({ ...post, chat: { status: 'none' } })
      .thenThrows('ERR_NO_CHAT_FOUND');
  });
});

describe('chat read marks', () => {
  it('marks read what a member has not read, and records nothing when all is read', () => {
    spec(chatRead)
      .given([])
      .when({ type: 'MarkChatRead', chat: active, userId: 5, unreads: 3 })
      .then([{ type: 'ChatMarkedRead', data: { chatId: 3, userId: 5 } }]);
    spec(chatRead).given([]).when({ type: 'MarkChatRead', chat: active, userId: 5, unreads: 0 }).then([]);
  });

  it('refuses a non-member', () => {
    spec(chatRead).given([]).when({ type: 'MarkChatRead', chat: active, userId: 9, unreads: 1 }).thenThrows('ERR_NO_CHAT_FOUND');
  });
});
