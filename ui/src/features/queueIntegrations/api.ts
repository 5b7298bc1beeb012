import type {
  CreateQueueIntegrationRequest,
  IntegrationTestResult,
  QueueIntegrationPage,
  QueueIntegrationView,
  TestIntegrationSessionRequest,
  UpdateQueueIntegrationRequest,
} from '@conversa/contracts';
import { api } from '../../app/api';
import { del, post, put } from '../../shared/endpoints';

export const queueIntegrationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /queueIntegration, pages merged (infinite scroll). */
    queueIntegrationPage: build.query<QueueIntegrationPage, { pageNumber: number }>({
      query: ({ pageNumber }) => ({ url: 'queueIntegration', params: { pageNumber } }),
      serializeQueryArgs: () => 'all',
      merge: (current, incoming, { arg }) => {
        if (arg.pageNumber === 1) return incoming;
        const known = new Set(incoming.queueIntegrations.map((row) => row.id));
        return {
          queueIntegrations: [...current.queueIntegrations.filter((row) => !known.has(row.id)), ...incoming.queueIntegrations],
          hasMore: incoming.hasMore,
        };
      },
      forceRefetch: ({ currentArg, previousArg }) => currentArg?.pageNumber !== previousArg?.pageNumber,
      providesTags: ['QueueIntegrations'],
    }),
    createQueueIntegration: build.mutation<QueueIntegrationView, CreateQueueIntegrationRequest>(post('queueIntegration', 'QueueIntegrations')),
    updateQueueIntegration: build.mutation<QueueIntegrationView, UpdateQueueIntegrationRequest & { id: number }>(put('queueIntegration', 'QueueIntegrations')),
    deleteQueueIntegration: build.mutation<{ message: string }, number>(del('queueIntegration', 'QueueIntegrations')),
    testIntegrationSession: build.mutation<IntegrationTestResult, Partial<TestIntegrationSessionRequest>>(post('queueIntegration/testSession')),
  }),
});

export const {
  useQueueIntegrationPageQuery,
  useCreateQueueIntegrationMutation,
  useUpdateQueueIntegrationMutation,
  useDeleteQueueIntegrationMutation,
  useTestIntegrationSessionMutation,
} = queueIntegrationsApi;
