import { z } from 'zod';
import { ChatMediaType } from './events';
import { timestamps } from '../common/views';

/** A member of a chat as the list shows it, with what they have not read. */
export const ChatMemberView = z.object({ userId: z.number(), unreads: z.number(), user: z.object({ id: z.number(), name: z.string() }) });
export type ChatMemberView = z.infer<typeof ChatMemberView>;

export const ChatView = z.object({
  id: z.number(),
  uuid: z.string(),
  companyId: z.number(),
  title: z.string(),
  ownerId: z.number(),
  lastMessage: z.string(),
  users: z.array(ChatMemberView),
  ...timestamps,
});
export type ChatView = z.infer<typeof ChatView>;

export const ChatPage = z.object({ records: z.array(ChatView), hasMore: z.boolean() });
export type ChatPage = z.infer<typeof ChatPage>;

export const ChatMessageView = z.object({
  id: z.string(),
  chatId: z.number(),
  senderId: z.number(),
  sender: z.object({ id: z.number(), name: z.string() }),
  message: z.string(),
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  mediaType: ChatMediaType.nullable(),
  createdAt: z.string(),
});
export type ChatMessageView = z.infer<typeof ChatMessageView>;

/** Oldest first within the page; page 1 is the newest. */
export const ChatMessagePage = z.object({ records: z.array(ChatMessageView), pageInfo: z.object({ hasMore: z.boolean(), pageNumber: z.number() }) });
export type ChatMessagePage = z.infer<typeof ChatMessagePage>;

/**
 * Frames (spec: internal chat events): `chat-user-<userId>` create/update with `record`; `chat` delete with `id`;
 * `chat-<chatId>` new-message with `newMessage` and `chat`, update with `chat`. `audience` names the users the
 * frame is for (see ./access.ts).
 */
export type ChatUserFrame = { action: 'create' | 'update'; record: ChatView; audience: number[] };
export type ChatDeleteFrame = { action: 'delete'; id: number; audience: number[] };
export type ChatRoomFrame =
  { action: 'new-message'; newMessage: ChatMessageView; chat: ChatView; audience: number[] } | { action: 'update'; chat: ChatView; audience: number[] };
