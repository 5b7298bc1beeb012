import type {
  CreateQueueRequest,
  DeletedAnswer,
  QueueView,
  QueueWithOptions,
  QueueWorkView,
  SetQueueWorkRequest,
  UpdateQueueRequest,
} from '@conversa/contracts';
import { api } from '../../app/api';
import { del, get, getNamed, getOne, post, putOne, type NamedRecord } from '../../shared/endpoints';

export type { NamedRecord } from '../../shared/endpoints';

export const queuesApi = api.enhanceEndpoints({ addTagTypes: ['Queues', 'QueueWork'] }).injectEndpoints({
  endpoints: (build) => ({
    queues: build.query<QueueView[], void>(get('queue', 'Queues')),
    queue: build.query<QueueWithOptions, number>(getOne('queue', 'Queues')),
    createQueue: build.mutation<QueueWithOptions, CreateQueueRequest>(post('queue', 'Queues')),
    updateQueue: build.mutation<QueueWithOptions, UpdateQueueRequest & { id: number }>(putOne('queue', 'Queues')),
    deleteQueue: build.mutation<DeletedAnswer, number>(del('queue', 'Queues')),
    /** Attendants an option may send a ticket to. */
    queueUserChoices: build.query<NamedRecord[], void>(getNamed('users/list', 'users')),
    queueIntegrationChoices: build.query<NamedRecord[], void>(getNamed('queueIntegration', 'queueIntegrations', 'QueueIntegrations')),
    /** A queue's assignment, line and SLA settings. */
    queueWork: build.query<QueueWorkView, number>({
      query: (id) => `queues/${id}/work`,
      providesTags: (_result, _error, id) => [{ type: 'QueueWork', id }],
    }),
    setQueueWork: build.mutation<QueueWorkView, SetQueueWorkRequest & { id: number }>({
      query: ({ id, ...body }) => ({ url: `queues/${id}/work`, method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'QueueWork', id }],
    }),
    promptChoices: build.query<NamedRecord[], void>(getNamed('prompt', 'prompts', 'Prompts')),
  }),
});

export const {
  useQueuesQuery,
  useQueueQuery,
  useCreateQueueMutation,
  useUpdateQueueMutation,
  useDeleteQueueMutation,
  useQueueUserChoicesQuery,
  useQueueIntegrationChoicesQuery,
  usePromptChoicesQuery,
  useQueueWorkQuery,
  useSetQueueWorkMutation,
} = queuesApi;
