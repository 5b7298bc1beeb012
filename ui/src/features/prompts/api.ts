import type { AiSuggestion, CreatePromptRequest, PromptPage, PromptView, UpdatePromptRequest } from '@conversa/contracts';
import { api } from '../../app/api';

export const promptsApi = api.injectEndpoints({
  endpoints: (build) => ({
    prompts: build.query<PromptPage, void>({ query: () => 'prompt', providesTags: ['Prompts'] }),
    createPrompt: build.mutation<PromptView, CreatePromptRequest>({ query: (body) => ({ url: 'prompt', method: 'POST', body }), invalidatesTags: ['Prompts'] }),
    updatePrompt: build.mutation<PromptView, UpdatePromptRequest & { id: number }>({
      query: ({ id, ...body }) => ({ url: `prompt/${id}`, method: 'PUT', body }),
      invalidatesTags: ['Prompts'],
    }),
    deletePrompt: build.mutation<{ message: string }, number>({ query: (id) => ({ url: `prompt/${id}`, method: 'DELETE' }), invalidatesTags: ['Prompts'] }),
    /** AI help in the composer: a draft reply from the conversation with the ticket's prompt. */
    suggestReply: build.mutation<AiSuggestion, number>({ query: (ticketId) => ({ url: `tickets/${ticketId}/ai/suggest`, method: 'POST' }) }),
    /** AI help in the composer: a private note summarising the conversation. */
    summarizeTicket: build.mutation<{ noteId: number }, number>({
      query: (ticketId) => ({ url: `tickets/${ticketId}/ai/summary`, method: 'POST' }),
      invalidatesTags: ['TicketNotes'],
    }),
  }),
});

export const {
  usePromptsQuery,
  useCreatePromptMutation,
  useUpdatePromptMutation,
  useDeletePromptMutation,
  useSuggestReplyMutation,
  useSummarizeTicketMutation,
} = promptsApi;
