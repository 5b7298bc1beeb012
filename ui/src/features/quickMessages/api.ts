import type { CreateQuickMessageRequest, QuickMessageView, UpdateQuickMessageRequest } from '@conversa/contracts';
import { api } from '../../app/api';
import { del, get, getSearchPage, post, put, type SearchPageArgs } from '../../shared/endpoints';

export type QuickMessage = QuickMessageView;

export type QuickMessagesPageArgs = SearchPageArgs;

export type QuickMessageList = { records: QuickMessage[]; count: number; hasMore: boolean };

/**
 * Quick replies: GET /quick-messages/list feeds the composer's slash menu (own and general ones, active); the
 * quick-replies screen pages GET /quick-messages, saves, deletes and attaches one file per reply.
 */
export const quickMessagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    quickReplies: build.query<QuickMessageView[], void>(get('quick-messages/list', 'QuickReplies')),
    /** Pages merged into one list per search term (infinite scroll). */
    quickMessages: build.query<QuickMessageList, QuickMessagesPageArgs>(getSearchPage('quick-messages', 'records')),
    quickMessageCategories: build.query<QuickMessage[], void>(get('quick-messages/categoriesMessages')),
    createQuickMessage: build.mutation<QuickMessage, Partial<CreateQuickMessageRequest> & { shortcode: string }>(post('quick-messages', 'QuickReplies')),
    updateQuickMessage: build.mutation<QuickMessage, UpdateQuickMessageRequest & { id: number }>(put('quick-messages', 'QuickReplies')),
    deleteQuickMessage: build.mutation<void, number>(del('quick-messages', 'QuickReplies')),
    /** POST /quick-messages/{id}/media-upload: multipart typeArch and file. */
    uploadQuickMessageMedia: build.mutation<QuickMessage, { id: number; file: File }>({
      query: ({ id, file }) => {
        const form = new FormData();
        form.append('typeArch', 'quickMessage');
        form.append('file', file);
        return { url: `quick-messages/${id}/media-upload`, method: 'POST', body: form };
      },
      invalidatesTags: ['QuickReplies'],
    }),
    removeQuickMessageMedia: build.mutation<QuickMessage, number>({
      query: (id) => ({ url: `quick-messages/${id}/media-upload`, method: 'DELETE' }),
      invalidatesTags: ['QuickReplies'],
    }),
  }),
});

export const {
  useQuickRepliesQuery,
  useQuickMessagesQuery,
  useQuickMessageCategoriesQuery,
  useCreateQuickMessageMutation,
  useUpdateQuickMessageMutation,
  useDeleteQuickMessageMutation,
  useUploadQuickMessageMediaMutation,
  useRemoveQuickMessageMediaMutation,
} = quickMessagesApi;
