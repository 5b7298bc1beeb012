import type {
  CreateQueueIntegrationRequest,
  IntegrationTestResult,
  QueueIntegrationPage,
  QueueIntegrationView,
  TestIntegrationSessionRequest,
  UpdateQueueIntegrationRequest,
} from '@conversa/contracts';
import { api } from '../../app/api';

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
    createQueueIntegration: build.mutation<QueueIntegrationView, CreateQueueIntegrationRequest>({
      query: (body) => ({ url: 'queueIntegration', method: 'POST', body }),
      invalidatesTags: ['QueueIntegrations'],
    }),
    updateQueueIntegration: build.mutation<QueueIntegrationView, UpdateQueueIntegrationRequest & { id: number }>({
      query: ({ id, ...body }) => ({ url: `queueIntegration/${id}`, method: 'PUT', body }),
      invalidatesTags: ['QueueIntegrations'],
    }),
    deleteQueueIntegration: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `queueIntegration/${id}`, method: 'DELETE' }),
      invalidatesTags: ['QueueIntegrations'],
    }),
    testIntegrationSession: build.mutation<IntegrationTestResult, Partial<TestIntegrationSessionRequest>>({
      query: (body) => ({ url: 'queueIntegration/testSession', method: 'POST', body }),
    }),
  }),
});

export const {
  useQueueIntegrationPageQuery,
  useCreateQueueIntegrationMutation,
  useUpdateQueueIntegrationMutation,
  useDeleteQueueIntegrationMutation,
  useTestIntegrationSessionMutation,
} = queueIntegrationsApi;
