import { chatMediaTypeOf, chatMessageStream, chatReadStream, chatStream, DomainError, type Actor, type StoredMedia } from '@conversa/contracts';
import { randomUUID } from 'node:crypto';
import { foldStream } from '../commands/decider';
import type { UseCaseContext } from '../commands/execute';
import { streamCommands } from '../shared/stream-commands';
import type { IdAllocator } from '../ids';
import { chat, chatMessage, chatRead, type Chat } from './chat';

const onChat = streamCommands(chat, chatStream);
const onChatMessage = streamCommands(chatMessage, chatMessageStream);
/** A member's read mark: one stream per chat and user. */
const onChatRead = streamCommands(chatRead, ([chatId, userId]: [number, number]) => chatReadStream(chatId, userId));

export interface ChatUseCaseContext extends UseCaseContext {
  ids: IdAllocator;
}

/** The read model members are checked against: which of these ids are live users of the company. */
export interface ChatUserLookup {
  companyUserIds(companyId: number, userIds: readonly number[]): Promise<number[]>;
}

/** Users of another company (or unknown ones) are refused with the ids named, before anything is written. */
async function assertCompanyUsers(lookup: ChatUserLookup, companyId: number, userIds: readonly number[]): Promise<void> {
  const known = new Set(await lookup.companyUserIds(companyId, userIds));
  const outsiders = userIds.filter((id) => !known.has(id));
  if (outsiders.length > 0) throw new DomainError('ERR_NO_USER_FOUND', undefined, { userIds: outsiders });
}

/** The chat as its stream says now (messages and read marks are decided against it). */
export async function loadChat(ctx: UseCaseContext, chatId: number): Promise<Chat> {
  return foldStream(chat, await ctx.store.readStream(chatStream(chatId)));
}

export async function createChat(
  ctx: ChatUseCaseContext,
  input: { companyId: number; actor: Actor; ownerId: number; title: string; userIds: number[]; lookup: ChatUserLookup },
): Promise<number> {
  await assertCompanyUsers(input.lookup, input.companyId, input.userIds);
  const chatId = await ctx.ids.next('chat');
  const command = { type: 'CreateChat' as const, chatId, uuid: randomUUID(), title: input.title, ownerId: input.ownerId, userIds: input.userIds };
  await onChat(ctx, input, chatId, command);
  return chatId;
}

export async function changeChat(
  ctx: UseCaseContext,
  input: { companyId: number; actor: Actor; by: number; id: number; title?: string; userIds?: number[]; lookup: ChatUserLookup },
): Promise<void> {
  if (input.userIds) await assertCompanyUsers(input.lookup, input.companyId, input.userIds);
  const command = { type: 'ChangeChat' as const, by: input.by, title: input.title, userIds: input.userIds };
  await onChat(ctx, input, input.id, command);
}

export async function deleteChat(ctx: UseCaseContext, input: { companyId: number; actor: Actor; by: number; id: number }): Promise<void> {
  await onChat(ctx, input, input.id, { type: 'DeleteChat', by: input.by });
}

/** Posts a text or a file (already stored) to a chat the sender is a member of; answers the message's id. */
export async function postChatMessage(
  ctx: UseCaseContext,
  input: { companyId: number; actor: Actor; senderId: number; chatId: number; message: string; media: StoredMedia | null },
): Promise<string> {
  const target = await loadChat(ctx, input.chatId);
  const messageId = randomUUID();
  const command = {
    type: 'PostChatMessage' as const,
    chat: target,
    messageId,
    senderId: input.senderId,
    message: input.message,
    media: input.media,
    mediaType: input.media ? chatMediaTypeOf(input.media.mime) : null,
  };
  await onChatMessage(ctx, input, messageId, command);
  return messageId;
}

/** Opening a chat marks it read for its member; `unreads` is what the read model counts now. */
export async function markChatRead(
  ctx: UseCaseContext,
  input: { companyId: number; actor: Actor; userId: number; chatId: number; unreads: number },
): Promise<void> {
  const target = await loadChat(ctx, input.chatId);
  const command = { type: 'MarkChatRead' as const, chat: target, userId: input.userId, unreads: input.unreads };
  await onChatRead(ctx, input, [input.chatId, input.userId], command);
}
