import { api } from '../../app/api';
import type { QuickMessageView } from '@conversa/contracts';

/** GET /quick-messages/list: the replies the composer's slash menu offers (own and general ones, active). */
export const quickMessagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    quickReplies: build.query<QuickMessageView[], void>({
      query: () => 'quick-messages/list',
      providesTags: ['QuickReplies'],
    }),
  }),
});

export const { useQuickRepliesQuery } = quickMessagesApi;
