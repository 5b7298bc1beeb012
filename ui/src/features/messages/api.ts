import { api } from '../../app/api';
import { post } from '../../shared/endpoints';
import { applyMessage, type MessagesPageParam } from './model';
import type {
  CompanySettingsView,
  CreateTicketBody,
  EditMessageBody,
  ForwardMessageBody,
  MessagesPage,
  ReactToMessageBody,
  SendMessageBody,
  SentMessages,
  TicketView,
  MessageView as Message,
  TicketImage,
  TicketImages,
  TicketMediaLists,
} from '@conversa/contracts';

/** POST /messages/:ticketId as JSON: the ticket, and the body the contract takes (text, reply, card, a stored file). */
export type SendMessageArgs = SendMessageBody & { ticketId: number };

export interface SendMediaArgs {
  ticketId: number;
  files: File[];
  /** A caption for every file (or one for all). */
  body?: string;
  isPrivate?: boolean;
  quotedMsgId?: string | null;
  mediaTitle?: string;
}

export type { TicketImage, TicketMediaLists } from '@conversa/contracts';

/** The messages calls: the conversation's list (newest page first), sending, editing, deleting, forwarding, reacting. */
export const messagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /messages/:ticketId: page 1 is the newest 20; `fetchNextPage` loads older ones. */
    messages: build.infiniteQuery<MessagesPage, number, MessagesPageParam>({
      infiniteQueryOptions: {
        initialPageParam: { pageNumber: 1 },
        // The server's cursor continues below the oldest message held: new messages arriving meanwhile shift
        // nothing, and the older page costs the server what the first did.
        getNextPageParam: (lastPage, _all, lastPageParam) =>
          lastPage.hasMore ? { pageNumber: lastPageParam.pageNumber + 1, cursor: lastPage.nextCursor } : undefined,
      },
      query: ({ queryArg, pageParam }) => ({
        url: `messages/${queryArg}`,
        params: pageParam.cursor ? { pageNumber: pageParam.pageNumber, cursor: pageParam.cursor } : { pageNumber: pageParam.pageNumber },
      }),
      transformResponse: (answer: MessagesPage & { ticket?: unknown }) => ({
        messages: answer.messages,
        count: answer.count,
        hasMore: answer.hasMore,
        nextCursor: answer.nextCursor,
      }),
      providesTags: (_result, _error, ticketId) => [{ type: 'Messages', id: ticketId }],
    }),
    sendMessage: build.mutation<SentMessages, SendMessageArgs>({
      query: ({ ticketId, ...body }) => ({ url: `messages/${ticketId}`, method: 'POST', body: { read: 1, fromMe: true, ...body } }),
      onQueryStarted: async ({ ticketId }, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data)
          dispatch(messagesApi.util.updateQueryData('messages', ticketId, (draft) => void data.messages.forEach((message) => applyMessage(draft, message))));
      },
    }),
    sendMedia: build.mutation<SentMessages, SendMediaArgs>({
      query: ({ ticketId, files, body, isPrivate, quotedMsgId, mediaTitle }) => {
        const form = new FormData();
        form.append('fromMe', 'true');
        form.append('isPrivate', String(isPrivate ?? false));
        if (body) form.append('body', body);
        if (quotedMsgId) form.append('quotedMsgId', quotedMsgId);
        if (mediaTitle) form.append('mediaTitle', mediaTitle);
        for (const file of files) form.append('medias', file, file.name);
        return { url: `messages/${ticketId}`, method: 'POST', body: form };
      },
      onQueryStarted: async ({ ticketId }, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data)
          dispatch(messagesApi.util.updateQueryData('messages', ticketId, (draft) => void data.messages.forEach((message) => applyMessage(draft, message))));
      },
    }),
    editMessage: build.mutation<Message, { messageId: string } & EditMessageBody>({
      query: ({ messageId, body }) => ({ url: `messages/edit/${messageId}`, method: 'POST', body: { body } }),
      onQueryStarted: async (_args, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(messagesApi.util.updateQueryData('messages', data.ticketId, (draft) => void applyMessage(draft, data)));
      },
    }),
    deleteMessage: build.mutation<Message, string>({
      query: (messageId) => ({ url: `messages/${messageId}`, method: 'DELETE' }),
      onQueryStarted: async (_args, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(messagesApi.util.updateQueryData('messages', data.ticketId, (draft) => void applyMessage(draft, data)));
      },
    }),
    forwardMessage: build.mutation<Message, ForwardMessageBody>(post('message/forward')),
    reactToMessage: build.mutation<Message, ReactToMessageBody & { ticketId: number }>({
      query: (body) => ({ url: 'react/messages', method: 'POST', body }),
      onQueryStarted: async ({ ticketId }, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(messagesApi.util.updateQueryData('messages', ticketId, (draft) => void applyMessage(draft, data)));
      },
    }),
    /** GET /messages/listimages/:ticketId: the gallery's pictures, oldest first. */
    ticketImages: build.query<TicketImage[], number>({
      query: (ticketId) => `messages/listimages/${ticketId}`,
      transformResponse: (answer: TicketImages) => answer.images,
      providesTags: (_result, _error, ticketId) => [{ type: 'TicketMedia', id: ticketId }],
    }),
    /** GET /messages/getmedia/:ticketId: the contact drawer's Mídia / Documentos / Links / Ligações tabs. */
    ticketMedia: build.query<TicketMediaLists, number>({
      query: (ticketId) => `messages/getmedia/${ticketId}`,
      providesTags: (_result, _error, ticketId) => [{ type: 'TicketMedia', id: ticketId }],
    }),
    /** POST /tickets from a contact card or a group participant ("talk to contact"): a new open ticket of mine. */
    startConversation: build.mutation<TicketView, Omit<CreateTicketBody, 'status'>>({
      query: (body) => ({ url: 'tickets', method: 'POST', body: { ...body, status: 'open' } }),
    }),
    /** GET /companySettings/:companyId: the settings the ticket screen reads (sendSignMessage, lgpdHideNumber …). */
    conversationSettings: build.query<CompanySettingsView, number>({
      query: (companyId) => `companySettings/${companyId}`,
      providesTags: ['CompanySettings'],
    }),
  }),
});

export const {
  useMessagesInfiniteQuery,
  useSendMessageMutation,
  useSendMediaMutation,
  useEditMessageMutation,
  useDeleteMessageMutation,
  useForwardMessageMutation,
  useReactToMessageMutation,
  useTicketImagesQuery,
  useTicketMediaQuery,
  useConversationSettingsQuery,
  useStartConversationMutation,
} = messagesApi;
