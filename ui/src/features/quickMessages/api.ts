import { api } from '../../app/api';
import type { QuickReply } from '../messages/model';

/** GET /quick-messages/list: the replies the composer's slash menu offers (own and general ones, active). */
export const quickMessagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    quickReplies: build.query<QuickReply[], void>({
      query: () => 'quick-messages/list',
      providesTags: ['QuickReplies'],
    }),
  }),
});

export const { useQuickRepliesQuery } = quickMessagesApi;
