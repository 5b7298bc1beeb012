import type { ChatMessagePage, ChatMessageView, ChatPage, ChatView } from '@conversa/contracts';
import { api } from '../../app/api';
import { del, get, getSearchPage, post, put, type SearchPageArgs } from '../../shared/endpoints';

export type ChatPageArgs = SearchPageArgs;

/** The conversation's loaded messages, oldest first, and whether older ones remain. */
export interface LoadedChatMessages {
  records: ChatMessageView[];
  hasMore: boolean;
  pageNumber: number;
}

/** What the chat dialog sends: a title and the chosen users' ids. */
export interface ChatRequest {
  title: string;
  users: number[];
}

/** Adds messages to the loaded ones, once each, in time order (a frame may bring one the answer already did). */
export function mergeMessages(current: readonly ChatMessageView[], incoming: readonly ChatMessageView[]): ChatMessageView[] {
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

export const chatsApi = api.enhanceEndpoints({ addTagTypes: ['Chats', 'ChatMessages'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /chats: pages merged into one list per search. */
    chatPage: build.query<ChatPage, ChatPageArgs>(getSearchPage('chats', 'records', 'Chats')),
    /** GET /chats/{id}/messages: older pages prepend to the loaded ones. */
    chatMessages: build.query<LoadedChatMessages, { chatId: number; pageNumber: number }>({
      query: ({ chatId, pageNumber }) => ({ url: `chats/${chatId}/messages`, params: { pageNumber } }),
      transformResponse: (page: ChatMessagePage) => ({ records: page.records, hasMore: page.pageInfo.hasMore, pageNumber: page.pageInfo.pageNumber }),
      serializeQueryArgs: ({ queryArgs, endpointName }) => `${endpointName}:${queryArgs.chatId}`,
      merge: (current, incoming, { arg }) =>
        arg.pageNumber === 1
          ? incoming
          : { records: mergeMessages(current.records, incoming.records), hasMore: incoming.hasMore, pageNumber: incoming.pageNumber },
      forceRefetch: ({ currentArg, previousArg }) => currentArg?.pageNumber !== previousArg?.pageNumber || currentArg?.chatId !== previousArg?.chatId,
      providesTags: (_result, _error, { chatId }) => [{ type: 'ChatMessages', id: chatId }],
    }),
    /** GET /chats/uuid/{uuid}: a chat opened by its address that the loaded pages do not hold. */
    chatByUuid: build.query<ChatView, string>({
      query: (uuid) => `chats/uuid/${encodeURIComponent(uuid)}`,
      providesTags: ['Chats'],
    }),
    createChat: build.mutation<ChatView, ChatRequest>(post('chats')),
    updateChat: build.mutation<ChatView, ChatRequest & { id: number }>(put('chats')),
    deleteChat: build.mutation<{ message: string }, number>(del('chats')),
    markChatRead: build.mutation<ChatView, { chatId: number; userId: number }>({
      query: ({ chatId, userId }) => ({ url: `chats/${chatId}/read`, method: 'POST', body: { userId } }),
    }),
    postChatMessage: build.mutation<ChatMessageView, { chatId: number; message: string }>({
      query: ({ chatId, message }) => ({ url: `chats/${chatId}/messages`, method: 'POST', body: { message } }),
      onQueryStarted: async ({ chatId }, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data)
          dispatch(
            chatsApi.util.updateQueryData('chatMessages', { chatId, pageNumber: 1 }, (draft) => ({ ...draft, records: mergeMessages(draft.records, [data]) })),
          );
      },
    }),
    /** Multipart: one file in `medias` (a picked file or a recorded audio). */
    postChatMedia: build.mutation<ChatMessageView, { chatId: number; file: File; body?: string }>({
      query: ({ chatId, file, body }) => {
        const form = new FormData();
        form.append('fromMe', 'true');
        form.append('typeArch', 'chat');
        form.append('body', body ?? '');
        form.append('medias', file, file.name);
        return { url: `chats/${chatId}/messages`, method: 'POST', body: form };
      },
      onQueryStarted: async ({ chatId }, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data)
          dispatch(
            chatsApi.util.updateQueryData('chatMessages', { chatId, pageNumber: 1 }, (draft) => ({ ...draft, records: mergeMessages(draft.records, [data]) })),
          );
      },
    }),
    /** GET /users/list: the company's users the dialog offers. */
    chatUserOptions: build.query<Array<{ id: number; name: string }>, void>(get('users/list')),
  }),
});

export const {
  useChatPageQuery,
  useChatByUuidQuery,
  useChatMessagesQuery,
  useCreateChatMutation,
  useUpdateChatMutation,
  useDeleteChatMutation,
  useMarkChatReadMutation,
  usePostChatMessageMutation,
  usePostChatMediaMutation,
  useChatUserOptionsQuery,
} = chatsApi;
