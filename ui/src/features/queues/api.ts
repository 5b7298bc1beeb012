import type { ChatbotOptionInput, ChatbotQueueType, ScheduleEntry } from '@conversa/contracts';
import { api } from '../../app/api';

/** A chatbot option as GET /queue/{id} and the `queue` frames carry it. */
export interface ChatbotOption {
  id: number;
  queueId: number;
  parentId: number | null;
  name: string;
  greetingMessage: string;
  queueType: ChatbotQueueType;
  optQueueId: number | null;
  optUserId: number | null;
  optIntegrationId: number | null;
  optFileId: number | null;
  closeTicket: boolean;
  options: ChatbotOption[];
}

/** A queue; `chatbots` comes with GET /queue/{id} and the frames, not with the list. */
export interface Queue {
  id: number;
  companyId: number;
  name: string;
  color: string;
  orderQueue: number | null;
  ativarRoteador: boolean;
  tempoRoteador: number;
  greetingMessage: string;
  outOfHoursMessage: string;
  closeTicket: boolean;
  integrationId: number | null;
  fileListId: number | null;
  promptId: number | null;
  schedules: ScheduleEntry[];
  chatbots?: ChatbotOption[];
  createdAt: string;
  updatedAt: string;
}

export interface QueueRequest {
  name: string;
  color: string;
  orderQueue: number | null;
  greetingMessage: string;
  outOfHoursMessage: string;
  ativarRoteador: boolean;
  tempoRoteador: number;
  closeTicket: boolean;
  integrationId: number | null;
  fileListId: number | null;
  promptId: number | null;
  schedules: ScheduleEntry[];
  chatbots: ChatbotOptionInput[];
}

export interface NamedRecord {
  id: number;
  name: string;
}

/** Lists other screens own (integrations, file lists, prompts); each answers its own shape. */
const namedRecords = (body: unknown, key: string): NamedRecord[] => {
  const list = Array.isArray(body) ? body : (body as Record<string, unknown> | null)?.[key];
  return Array.isArray(list) ? list.filter((row): row is NamedRecord => typeof row?.id === 'number').map((row) => ({ id: row.id, name: String(row.name ?? row.id) })) : [];
};

export const queuesApi = api.enhanceEndpoints({ addTagTypes: ['Queues'] }).injectEndpoints({
  endpoints: (build) => ({
    queues: build.query<Queue[], void>({
      query: () => 'queue',
      providesTags: ['Queues'],
    }),
    queue: build.query<Queue, number>({
      query: (id) => `queue/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Queues', id }],
    }),
    createQueue: build.mutation<Queue, QueueRequest>({
      query: (body) => ({ url: 'queue', method: 'POST', body }),
      invalidatesTags: ['Queues'],
    }),
    updateQueue: build.mutation<Queue, QueueRequest & { id: number }>({
      query: ({ id, ...body }) => ({ url: `queue/${id}`, method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id }) => ['Queues', { type: 'Queues', id }],
    }),
    deleteQueue: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `queue/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Queues'],
    }),
    /** Attendants an option may send a ticket to. */
    queueUserChoices: build.query<NamedRecord[], void>({
      query: () => 'users/list',
      transformResponse: (body: unknown) => namedRecords(body, 'users'),
    }),
    queueIntegrationChoices: build.query<NamedRecord[], void>({
      query: () => 'queueIntegration',
      transformResponse: (body: unknown) => namedRecords(body, 'queueIntegrations'),
    }),
    fileListChoices: build.query<NamedRecord[], void>({
      query: () => 'files',
      transformResponse: (body: unknown) => namedRecords(body, 'files'),
    }),
    promptChoices: build.query<NamedRecord[], void>({
      query: () => 'prompt',
      transformResponse: (body: unknown) => namedRecords(body, 'prompts'),
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
  useFileListChoicesQuery,
  usePromptChoicesQuery,
} = queuesApi;
