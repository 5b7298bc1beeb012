import { z } from 'zod';
import { defineEvent, type EventUnion } from '../events/registry';
import { RecordId, safeText } from '../common/bounds';
import { StoredMedia } from '../messages/events';

const id = RecordId;

export const CHAT_TITLE_MAX_LENGTH = 255;
export const CHAT_MESSAGE_MAX_LENGTH = 10_000;
/** A chat holds at most this many users (the dialog's picker lists the company's users). */
export const CHAT_USERS_MAX = 500;

/** What a chat's attachment is, for the conversation to show it (an image inline, an audio player …). */
export const ChatMediaType = z.enum(['image', 'audio', 'video', 'other']);
export type ChatMediaType = z.infer<typeof ChatMediaType>;

const title = safeText().trim().min(1).max(CHAT_TITLE_MAX_LENGTH);
const userIds = z.array(id).min(1).max(CHAT_USERS_MAX);

/** `userIds`: every member, the owner included. */
export const ChatCreated = defineEvent('ChatCreated', z.object({ chatId: id, uuid: z.uuid(), title, ownerId: id, userIds }));
export const ChatChanged = defineEvent('ChatChanged', z.object({ chatId: id, title: title.optional(), userIds: userIds.optional() }));
export const ChatDeleted = defineEvent('ChatDeleted', z.object({ chatId: id }));
/** On the message's own stream: a chat's messages are never edited, so one stream each keeps the chat's stream small. */
export const ChatMessagePosted = defineEvent(
  'ChatMessagePosted',
  z.object({
    chatId: id,
    messageId: z.uuid(),
    senderId: id,
    message: safeText().max(CHAT_MESSAGE_MAX_LENGTH),
    media: StoredMedia.nullable(),
    mediaType: ChatMediaType.nullable(),
  }),
);
/** The member has seen everything posted so far (opening a chat). */
export const ChatMarkedRead = defineEvent('ChatMarkedRead', z.object({ chatId: id, userId: id }));

const chatStreamEvents = [ChatCreated, ChatChanged, ChatDeleted];
const chatMessageEvents = [ChatMessagePosted];
const chatReadEvents = [ChatMarkedRead];
export const chatEvents = [...chatStreamEvents, ...chatMessageEvents, ...chatReadEvents];

export type ChatEvent = EventUnion<typeof chatStreamEvents>;
export type ChatMessageEvent = EventUnion<typeof chatMessageEvents>;
export type ChatReadEvent = EventUnion<typeof chatReadEvents>;

export const chatStream = (chatId: number) => `chat-${chatId}`;
export const chatMessageStream = (messageId: string) => `chatmessage-${messageId}`;
/** One member's read marks of one chat. */
export const chatReadStream = (chatId: number, userId: number) => `chatread-${chatId}-${userId}`;

/** The attachment's kind from its stored type. */
export const chatMediaTypeOf = (mime: string): ChatMediaType =>
  mime.startsWith('image/') ? 'image' : mime.startsWith('audio/') ? 'audio' : mime.startsWith('video/') ? 'video' : 'other';
