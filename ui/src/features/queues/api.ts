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
import { del, get, getOne, post, putOne } from '../../app/endpoints';

export interface NamedRecord {
  id: number;
  name: string;
}

/** Lists other screens own (integrations, file lists, prompts); each answers its own shape. */
const namedRecords = (body: unknown, key: string): NamedRecord[] => {
  const list = Array.isArray(body) ? body : (body as Record<string, unknown> | null)?.[key];
  return Array.isArray(list)
    ? list.filter((row): row is NamedRecord => typeof row?.id === 'number').map((row) => ({ id: row.id, name: String(row.name ?? row.id) }))
    : [];
};

export const queuesApi = api.enhanceEndpoints({ addTagTypes: ['Queues', 'QueueWork'] }).injectEndpoints({
  endpoints: (build) => ({
    queues: build.query<QueueView[], void>(get('queue', 'Queues')),
    queue: build.query<QueueWithOptions, number>(getOne('queue', 'Queues')),
    createQueue: build.mutation<QueueWithOptions, CreateQueueRequest>(post('queue', 'Queues')),
    updateQueue: build.mutation<QueueWithOptions, UpdateQueueRequest & { id: number }>(putOne('queue', 'Queues')),
    deleteQueue: build.mutation<DeletedAnswer, number>(del('queue', 'Queues')),
    /** Attendants an option may send a ticket to. */
    queueUserChoices: build.query<NamedRecord[], void>({
      query: () => 'users/list',
      transformResponse: (body: unknown) => namedRecords(body, 'users'),
    }),
    queueIntegrationChoices: build.query<NamedRecord[], void>({
      query: () => 'queueIntegration',
      transformResponse: (body: unknown) => namedRecords(body, 'queueIntegrations'),
      providesTags: ['QueueIntegrations'],
    }),
    /** A queue's assignment, line and SLA settings. */
    queueWork: build.query<QueueWorkView, number>({
      query: (id) => `queues/${id}/work`,
      providesTags: (_result, _error, id) => [{ type: 'QueueWork', id }],
    }),
    setQueueWork: build.mutation<QueueWorkView, SetQueueWorkRequest & { id: number }>({
      query: ({ id, ...body }) => ({ url: `queues/${id}/work`, method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'QueueWork', id }],
    }),
    promptChoices: build.query<NamedRecord[], void>({
      query: () => 'prompt',
      transformResponse: (body: unknown) => namedRecords(body, 'prompts'),
      providesTags: ['Prompts'],
    }),
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
