import {
  DomainError,
  type ChatEvent,
  type ChatMarkedRead,
  type ChatMediaType,
  type ChatMessageEvent,
  type ChatReadEvent,
  type StoredMedia,
} from '@conversa/contracts';
import type { z } from 'zod';
import type { Decider } from '../commands/decider';

export type Chat = { status: 'none' } | { status: 'active' | 'deleted'; chatId: number; title: string; ownerId: number; members: number[] };

export type ChatCommand =
  | { type: 'CreateChat'; chatId: number; uuid: string; title: string; ownerId: number; userIds: number[] }
  | { type: 'ChangeChat'; by: number; title?: string; userIds?: number[] }
  | { type: 'DeleteChat'; by: number };

/** The owner is always a member: a chat without its owner could be edited by no one. */
const withOwner = (ownerId: number, userIds: readonly number[]) => [ownerId, ...userIds.filter((id) => id !== ownerId)];
const sameMembers = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((id) => b.includes(id));

/** A chat of one company: its title and members. Only the owner changes or deletes it; a non-member does not know it exists. */
export const chat: Decider<Chat, ChatCommand, ChatEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    if (event.type === 'ChatCreated') {
      const { chatId, title, ownerId, userIds } = event.data;
      return { status: 'active', chatId, title, ownerId, members: userIds };
    }
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'ChatChanged':
        return { ...state, title: event.data.title ?? state.title, members: event.data.userIds ?? state.members };
      case 'ChatDeleted':
        return { ...state, status: 'deleted' };
    }
  },
  decide(state, command) {
    if (command.type === 'CreateChat') {
      if (state.status !== 'none') throw new DomainError('ERR_VALIDATION', 'Chat already exists');
      const { chatId, uuid, title, ownerId } = command;
      return [{ type: 'ChatCreated', data: { chatId, uuid, title, ownerId, userIds: withOwner(ownerId, command.userIds) } }];
    }
    if (state.status !== 'active' || !state.members.includes(command.by)) throw new DomainError('ERR_NO_CHAT_FOUND');
    if (command.by !== state.ownerId) throw new DomainError('ERR_NO_PERMISSION');
    switch (command.type) {
      case 'ChangeChat': {
        const title = command.title !== undefined && command.title !== state.title ? command.title : undefined;
        const next = command.userIds && withOwner(state.ownerId, command.userIds);
        const userIds = next && !sameMembers(next, state.members) ? next : undefined;
        if (title === undefined && userIds === undefined) return [];
        return [{ type: 'ChatChanged', data: { chatId: state.chatId, ...(title !== undefined ? { title } : {}), ...(userIds ? { userIds } : {}) } }];
      }
      case 'DeleteChat':
        return [{ type: 'ChatDeleted', data: { chatId: state.chatId } }];
    }
  },
};

export type ChatMessageState = { status: 'none' } | { status: 'posted' };
export type PostChatMessage = {
  type: 'PostChatMessage';
  chat: Chat;
  messageId: string;
  senderId: number;
  message: string;
  media: StoredMedia | null;
  mediaType: ChatMediaType | null;
};

/** A message of a chat: posted once, by a member of a live chat, with text or a file. */
export const chatMessage: Decider<ChatMessageState, PostChatMessage, ChatMessageEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve: () => ({ status: 'posted' }),
  decide(state, command) {
    if (state.status !== 'none') return [];
    const { chat: target, messageId, senderId, media, mediaType } = command;
    if (target.status !== 'active' || !target.members.includes(senderId)) throw new DomainError('ERR_NO_CHAT_FOUND');
    const message = command.message.trim();
    if (message === '' && !media) throw new DomainError('ERR_VALIDATION', 'message: Obrigatório');
    return [{ type: 'ChatMessagePosted', data: { chatId: target.chatId, messageId, senderId, message, media, mediaType: media ? mediaType : null } }];
  },
};

export type ChatRead = { unread: boolean };
export type MarkChatRead = { type: 'MarkChatRead'; chat: Chat; userId: number; unreads: number };
type ChatMarkedReadData = z.infer<(typeof ChatMarkedRead)['schema']>;

/**
 * One member's read marks: opening a chat marks it read. Nothing is recorded when nothing was unread,
 * so opening a chat again and again does not grow the log.
 */
export const chatRead: Decider<ChatRead, MarkChatRead, ChatReadEvent> = {
  initialState: () => ({ unread: true }),
  evolve: () => ({ unread: false }),
  decide(_state, command) {
    const { chat: target, userId } = command;
    if (target.status !== 'active' || !target.members.includes(userId)) throw new DomainError('ERR_NO_CHAT_FOUND');
    if (command.unreads === 0) return [];
    const data: ChatMarkedReadData = { chatId: target.chatId, userId };
    return [{ type: 'ChatMarkedRead', data }];
  },
};
