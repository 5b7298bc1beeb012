import { api } from '../../app/api';
import { applyMessage } from './model';
import type { Message, MessagesPage } from './types';

export interface SendMessageArgs {
  ticketId: number;
  body: string;
  isPrivate?: boolean;
  quotedMsgId?: string | null;
  /** A contact card: the contact as the picker holds it. */
  vCard?: { name: string; number: string };
  /** A file already in the media store (a quick reply's attachment). */
  mediaUrl?: string;
}

export interface SendMediaArgs {
  ticketId: number;
  files: File[];
  /** A caption for every file (or one for all). */
  body?: string;
  isPrivate?: boolean;
  quotedMsgId?: string | null;
  mediaTitle?: string;
}

export interface TicketMediaLists {
  media: Message[];
  documents: Message[];
  links: Array<{ messageId: string; url: string; fromMe: boolean; createdAt: string }>;
  calls: Message[];
}

export interface TicketImage {
  mediaUrl: string;
  pageNumber: number;
  body: string;
}

type CompanySettingsAnswer = Record<string, string | number> & { companyId: number };

/** The messages calls: the conversation's list (newest page first), sending, editing, deleting, forwarding, reacting. */
export const messagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /messages/:ticketId: page 1 is the newest 20; `fetchNextPage` loads older ones. */
    messages: build.infiniteQuery<MessagesPage, number, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (lastPage, _all, lastPageParam) => (lastPage.hasMore ? lastPageParam + 1 : undefined),
      },
      query: ({ queryArg, pageParam }) => `messages/${queryArg}?pageNumber=${pageParam}`,
      transformResponse: (answer: MessagesPage & { ticket?: unknown }) => ({ messages: answer.messages, count: answer.count, hasMore: answer.hasMore }),
      providesTags: (_result, _error, ticketId) => [{ type: 'Messages', id: ticketId }],
    }),
    sendMessage: build.mutation<{ messages: Message[] }, SendMessageArgs>({
      query: ({ ticketId, ...body }) => ({ url: `messages/${ticketId}`, method: 'POST', body: { read: 1, fromMe: true, ...body } }),
      onQueryStarted: async ({ ticketId }, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(messagesApi.util.updateQueryData('messages', ticketId, (draft) => void data.messages.forEach((message) => applyMessage(draft, message))));
      },
    }),
    sendMedia: build.mutation<{ messages: Message[] }, SendMediaArgs>({
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
        if (data) dispatch(messagesApi.util.updateQueryData('messages', ticketId, (draft) => void data.messages.forEach((message) => applyMessage(draft, message))));
      },
    }),
    editMessage: build.mutation<Message, { messageId: string; body: string }>({
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
    forwardMessage: build.mutation<Message, { messageId: string; contactId: number; signMessage: boolean }>({
      query: (body) => ({ url: 'message/forward', method: 'POST', body }),
    }),
    reactToMessage: build.mutation<Message, { id: string; text: string; ticketId: number; fromMe: boolean }>({
      query: (body) => ({ url: 'react/messages', method: 'POST', body }),
      onQueryStarted: async ({ ticketId }, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(messagesApi.util.updateQueryData('messages', ticketId, (draft) => void applyMessage(draft, data)));
      },
    }),
    /** GET /messages/listimages/:ticketId: the gallery's pictures, oldest first. */
    ticketImages: build.query<TicketImage[], number>({
      query: (ticketId) => `messages/listimages/${ticketId}`,
      transformResponse: (answer: { images: TicketImage[] }) => answer.images,
      providesTags: (_result, _error, ticketId) => [{ type: 'TicketMedia', id: ticketId }],
    }),
    /** GET /messages/getmedia/:ticketId: the contact drawer's Mídia / Documentos / Links / Ligações tabs. */
    ticketMedia: build.query<TicketMediaLists, number>({
      query: (ticketId) => `messages/getmedia/${ticketId}`,
      providesTags: (_result, _error, ticketId) => [{ type: 'TicketMedia', id: ticketId }],
    }),
    /** POST /tickets from a contact card or a group participant ("talk to contact"): a new open ticket of mine. */
    startConversation: build.mutation<{ id: number; uuid: string }, { contactId: number; userId: number | null; queueId: number | null; whatsappId: number | null }>({
      query: (body) => ({ url: 'tickets', method: 'POST', body: { ...body, status: 'open' } }),
    }),
    /** GET /companySettings/:companyId: the settings the ticket screen reads (sendSignMessage, lgpdHideNumber …). */
    conversationSettings: build.query<CompanySettingsAnswer, number>({
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
