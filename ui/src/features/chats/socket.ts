import type { ChatDeleteFrame, ChatMessageView, ChatPage, ChatRoomFrame, ChatUserFrame, ChatView } from '@conversa/contracts';
import { useStore } from 'react-redux';
import { useSocketEvent, useSocketReconnect } from '../../app/SocketProvider';
import type { AppStore } from '../../app/store';
import { chatsApi, mergeMessages, type ChatPageArgs, type LoadedChatMessages } from './api';

/** The server's order: most recently active first. */
export const byActivity = (a: ChatView, b: ChatView) => b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id;

/**
 * The loaded list after a `chat-user-<me>` frame (create or update with `record`) or a `chat` frame (delete with
 * `id`): a chat that no longer matches the search leaves; one that is new or changed takes its place by activity.
 */
export function applyChatListFrame(page: ChatPage, frame: Omit<ChatUserFrame, 'audience'> | Omit<ChatDeleteFrame, 'audience'>, searchParam: string): ChatPage {
  if (frame.action === 'delete') return { ...page, records: page.records.filter((chat) => chat.id !== frame.id) };
  const { record } = frame;
  const others = page.records.filter((chat) => chat.id !== record.id);
  if (!record.title.toLowerCase().includes(searchParam.trim().toLowerCase())) return { ...page, records: others };
  return { ...page, records: [...others, record].sort(byActivity) };
}

/** The conversation after a `chat-<id>` new-message frame. */
export function applyNewMessage(loaded: LoadedChatMessages, frame: ChatRoomFrame): LoadedChatMessages {
  if (frame.action !== 'new-message') return loaded;
  return { ...loaded, records: mergeMessages(loaded.records, [frame.newMessage]) };
}

/** The user's unread count in a chat. */
export const unreadsOf = (chat: ChatView, userId: number): number => chat.users.find((member) => member.userId === userId)?.unreads ?? 0;

type ChatsState = Parameters<typeof chatsApi.util.selectCachedArgsForQuery>[0];

/** Keeps every loaded chat list (the page, the top bar's popover) current with the user's chat frames. */
export function useChatListFrames(userId: number): void {
  const store = useStore() as AppStore;
  const apply = (frame: ChatUserFrame | ChatDeleteFrame) => {
    const state = store.getState() as unknown as ChatsState;
    const seen = new Set<string>();
    for (const args of chatsApi.util.selectCachedArgsForQuery(state, 'chatPage') as ChatPageArgs[]) {
      const key = args.searchParam.trim().toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      store.dispatch(chatsApi.util.updateQueryData('chatPage', args, (draft) => applyChatListFrame(draft, frame, args.searchParam)));
    }
  };
  useSocketEvent(`chat-user-${userId}`, apply);
  useSocketEvent('chat', apply);
  useSocketReconnect(() => store.dispatch(chatsApi.util.invalidateTags(['Chats', 'ChatMessages'])));
}

/** Keeps the open conversation current; `onNewMessage` hears each message another member posts. */
export function useChatRoomFrames(chatId: number | null, onNewMessage: (message: ChatMessageView) => void): void {
  const store = useStore() as AppStore;
  useSocketEvent(chatId === null ? null : `chat-${chatId}`, (frame) => {
    if (chatId === null) return;
    store.dispatch(chatsApi.util.updateQueryData('chatMessages', { chatId, pageNumber: 1 }, (draft) => applyNewMessage(draft, frame)));
    if (frame.action === 'new-message') onNewMessage(frame.newMessage);
  });
}
