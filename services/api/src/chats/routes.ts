import {
  ChatIdParams,
  ChatUuidParams,
  ChatMessagePage,
  ChatMessageView,
  ChatPage,
  ChatView,
  CreateChatRequest,
  DomainError,
  ListChatMessagesQuery,
  ListChatsQuery,
  MarkChatReadRequest,
  PostChatMediaFields,
  PostChatMessageRequest,
  UpdateChatRequest,
  type StoredMedia,
} from '@conversa/contracts';
import { changeChat, createChat, deleteChat, markChatRead, postChatMessage, type ChatUserLookup } from '@conversa/core';
import {
  companyUserIds,
  findChatMessage,
  findMemberChat,
  findMemberChatByUuid,
  listChatMessages,
  listChats,
  unreadsOf,
} from '@conversa/projections/chats/queries';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { userActor, type ApiContext } from '../context';
import type { RouteAuth } from '../http/auth';
import { parse } from '../http/errors';

const auth: RouteAuth = { plan: 'useInternalChat' };
const Deleted = z.object({ message: z.string() });

/** The chat if the caller is a member; anyone else (another company, a colleague outside it) is told it does not exist. */
async function memberChat(ctx: ApiContext, request: FastifyRequest, id: number): Promise<ChatView> {
  const found = await findMemberChat(ctx.db, request.principal.companyId, request.principal.userId, id);
  if (!found) throw new DomainError('ERR_NO_CHAT_FOUND');
  return found;
}

const userLookup = (ctx: ApiContext): ChatUserLookup => ({ companyUserIds: (companyId, ids) => companyUserIds(ctx.db, companyId, ids) });

/**
 * Internal chat (plan flag useInternalChat): chats among users of one company. Only members read a
 * chat, its messages and its files; only the owner changes or deletes it (the chat decider).
 */
export async function chatRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  // One file per message; one byte over the store's limit reaches the store, which refuses it.
  await app.register(multipart, { limits: { fileSize: ctx.media.maxBytes + 1, files: 1, fields: 5, fieldSize: 20_000, parts: 6 } });

  app.get(
    '/chats',
    { config: { auth, contract: { summary: "The caller's chats, most recent first", query: ListChatsQuery, response: ChatPage } } },
    async (request) => {
      const query = request.query;
      return listChats(ctx.db, request.principal.companyId, request.principal.userId, query);
    },
  );

  app.get(
    '/chats/:id',
    {
      config: {
        auth,
        contract: { summary: 'One chat of which the caller is a member', params: ChatIdParams, response: ChatView, errors: ['ERR_NO_CHAT_FOUND'] },
      },
    },
    async (request) => memberChat(ctx, request, request.params.id),
  );

  app.get(
    '/chats/uuid/:uuid',
    {
      config: {
        auth,
        contract: {
          summary: 'One chat of which the caller is a member, by the uuid the screen shows in its address',
          params: ChatUuidParams,
          response: ChatView,
          errors: ['ERR_NO_CHAT_FOUND'],
        },
      },
    },
    async (request) => {
      const found = await findMemberChatByUuid(ctx.db, request.principal.companyId, request.principal.userId, request.params.uuid);
      if (!found) throw new DomainError('ERR_NO_CHAT_FOUND');
      return found;
    },
  );

  app.post(
    '/chats',
    {
      config: { auth, contract: { summary: 'Creates a chat owned by the caller', body: CreateChatRequest, response: ChatView, errors: ['ERR_NO_USER_FOUND'] } },
    },
    async (request) => {
      const { title, users } = request.body;
      const { principal } = request;
      const chatId = await createChat(ctx, {
        companyId: principal.companyId,
        actor: userActor(principal.userId),
        ownerId: principal.userId,
        title,
        userIds: users,
        lookup: userLookup(ctx),
      });
      return memberChat(ctx, request, chatId);
    },
  );

  app.put(
    '/chats/:id',
    {
      config: {
        auth,
        contract: {
          summary: "Changes a chat's title and members (its owner only)",
          params: ChatIdParams,
          body: UpdateChatRequest,
          response: ChatView,
          errors: ['ERR_NO_CHAT_FOUND', 'ERR_NO_PERMISSION', 'ERR_NO_USER_FOUND'],
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { title, users } = request.body;
      const { principal } = request;
      await changeChat(ctx, {
        companyId: principal.companyId,
        actor: userActor(principal.userId),
        by: principal.userId,
        id,
        title,
        userIds: users,
        lookup: userLookup(ctx),
      });
      return memberChat(ctx, request, id);
    },
  );

  app.delete(
    '/chats/:id',
    {
      config: {
        auth,
        contract: { summary: 'Deletes a chat (its owner only)', params: ChatIdParams, response: Deleted, errors: ['ERR_NO_CHAT_FOUND', 'ERR_NO_PERMISSION'] },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { principal } = request;
      await deleteChat(ctx, { companyId: principal.companyId, actor: userActor(principal.userId), by: principal.userId, id });
      return { message: 'Chat deleted' };
    },
  );

  app.post(
    '/chats/:id/read',
    {
      config: {
        auth,
        contract: {
          summary: 'Marks the chat read for the caller',
          params: ChatIdParams,
          body: MarkChatReadRequest,
          response: ChatView,
          errors: ['ERR_NO_CHAT_FOUND'],
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { principal } = request;
      await memberChat(ctx, request, id);
      const unreads = await unreadsOf(ctx.db, id, principal.userId);
      await markChatRead(ctx, { companyId: principal.companyId, actor: userActor(principal.userId), userId: principal.userId, chatId: id, unreads });
      return memberChat(ctx, request, id);
    },
  );

  app.get(
    '/chats/:id/messages',
    {
      config: {
        auth,
        contract: {
          summary: "One page of a chat's messages (page 1 the newest)",
          params: ChatIdParams,
          query: ListChatMessagesQuery,
          response: ChatMessagePage,
          errors: ['ERR_NO_CHAT_FOUND'],
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { pageNumber } = request.query;
      await memberChat(ctx, request, id);
      return listChatMessages(ctx.db, request.principal.companyId, id, pageNumber);
    },
  );

  app.post(
    '/chats/:id/messages',
    {
      config: {
        auth,
        contract: {
          summary: 'Posts a text (JSON) or a file (multipart `medias`, with `body`)',
          params: ChatIdParams,
          body: PostChatMessageRequest,
          multipart: true,
          response: ChatMessageView,
          errors: ['ERR_NO_CHAT_FOUND', 'ERR_MEDIA_TOO_LARGE'],
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { principal } = request;
      await memberChat(ctx, request, id);
      const post = (message: string, media: StoredMedia | null) =>
        postChatMessage(ctx, { companyId: principal.companyId, actor: userActor(principal.userId), senderId: principal.userId, chatId: id, message, media });
      const messageId = request.isMultipart() ? await postFile(ctx, request, post) : await post(request.body.message, null);
      return findChatMessage(ctx.db, principal.companyId, messageId);
    },
  );
}

/** Multipart: the file streams into the media store; if the message is then refused, the stored file is removed. */
async function postFile(ctx: ApiContext, request: FastifyRequest, post: (message: string, media: StoredMedia | null) => Promise<string>): Promise<string> {
  const companyId = request.principal.companyId;
  let stored: StoredMedia | undefined;
  try {
    const fields: Record<string, string> = {};
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'medias' && part.fieldname !== 'medias[]') throw new DomainError('ERR_VALIDATION', `Unexpected file field ${part.fieldname}`);
        stored = await ctx.media.save({ companyId, data: part.file, declaredMime: part.mimetype, originalName: part.filename });
      } else fields[part.fieldname] = String(part.value);
    }
    const { body } = parse(PostChatMediaFields, fields);
    if (!stored) throw new DomainError('ERR_VALIDATION', 'medias: Obrigatório');
    return await post(body ?? '', stored);
  } catch (error) {
    if (stored) await ctx.media.remove(companyId, stored.url);
    throw error;
  }
}
