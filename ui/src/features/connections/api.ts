import type { ClosedCount, ConnectionView as Connection, CreateConnectionBody, DeletedAnswer, RestartedCount } from '@conversa/contracts';
import { api } from '../../app/api';
import { del, get, getNamed, getOne, post, putOne, type NamedRecord as NamedChoice } from '../../shared/endpoints';

export type { ConnectionView as Connection } from '@conversa/contracts';

/** What POST /whatsapp and PUT /whatsapp/{id} accept: the editable fields. */
export type ConnectionRequest = Partial<CreateConnectionBody>;

export type { NamedRecord as NamedChoice } from '../../shared/endpoints';

export const connectionsApi = api.enhanceEndpoints({ addTagTypes: ['Connections'] }).injectEndpoints({
  endpoints: (build) => ({
    connections: build.query<Connection[], void>(get('whatsapp', 'Connections')),
    connection: build.query<Connection, number>(getOne('whatsapp', 'Connections')),
    createConnection: build.mutation<Connection, ConnectionRequest & { name: string }>(post('whatsapp', 'Connections')),
    updateConnection: build.mutation<Connection, ConnectionRequest & { id: number }>(putOne('whatsapp', 'Connections')),
    deleteConnection: build.mutation<DeletedAnswer, number>(del('whatsapp', 'Connections')),
    uploadGreetingMedia: build.mutation<Connection, { id: number; file: File }>({
      query: ({ id, file }) => {
        const form = new FormData();
        form.append('file', file, file.name);
        return { url: `whatsapp/${id}/media-upload`, method: 'POST', body: form };
      },
      invalidatesTags: (_result, _error, { id }) => ['Connections', { type: 'Connections', id }],
    }),
    removeGreetingMedia: build.mutation<Connection, number>({
      query: (id) => ({ url: `whatsapp/${id}/media-upload`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => ['Connections', { type: 'Connections', id }],
    }),
    /** The session actions: start (try again), new QR, disconnect. Status changes arrive as frames. */
    startSession: build.mutation<unknown, number>({ query: (id) => ({ url: `whatsappsession/${id}`, method: 'POST' }) }),
    renewSession: build.mutation<unknown, number>({ query: (id) => ({ url: `whatsappsession/${id}`, method: 'PUT' }) }),
    stopSession: build.mutation<unknown, number>(del('whatsappsession')),
    restartSessions: build.mutation<RestartedCount, void>({ query: () => ({ url: 'whatsapp-restart/', method: 'POST' }) }),
    closeImported: build.mutation<ClosedCount, number>({
      query: (id) => ({ url: `closedimported/${id}`, method: 'POST' }),
      invalidatesTags: ['Connections'],
    }),
    connectionQueueChoices: build.query<Array<NamedChoice & { color?: string }>, void>({
      query: () => 'queue',
      transformResponse: (body: unknown) =>
        Array.isArray(body) ? body.filter((row) => typeof row?.id === 'number').map((row) => ({ id: row.id, name: String(row.name), color: row.color })) : [],
    }),
    connectionIntegrationChoices: build.query<NamedChoice[], void>(getNamed('queueIntegration', 'queueIntegrations', 'QueueIntegrations')),
    connectionPromptChoices: build.query<NamedChoice[], void>(getNamed('prompt', 'prompts', 'Prompts')),
  }),
});

export const {
  useConnectionsQuery,
  useConnectionQuery,
  useCreateConnectionMutation,
  useUpdateConnectionMutation,
  useDeleteConnectionMutation,
  useUploadGreetingMediaMutation,
  useRemoveGreetingMediaMutation,
  useStartSessionMutation,
  useRenewSessionMutation,
  useStopSessionMutation,
  useRestartSessionsMutation,
  useCloseImportedMutation,
  useConnectionQueueChoicesQuery,
  useConnectionIntegrationChoicesQuery,
  useConnectionPromptChoicesQuery,
} = connectionsApi;
