import type { AiSuggestion, CreatePromptRequest, PromptPage, PromptView, UpdatePromptRequest } from '@conversa/contracts';
import { api } from '../../app/api';
import { del, get, post, put } from '../../shared/endpoints';

export const promptsApi = api.injectEndpoints({
  endpoints: (build) => ({
    prompts: build.query<PromptPage, void>(get('prompt', 'Prompts')),
    createPrompt: build.mutation<PromptView, CreatePromptRequest>(post('prompt', 'Prompts')),
    updatePrompt: build.mutation<PromptView, UpdatePromptRequest & { id: number }>(put('prompt', 'Prompts')),
    deletePrompt: build.mutation<{ message: string }, number>(del('prompt', 'Prompts')),
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
