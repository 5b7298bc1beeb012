import type {
  CreateWebhookRequest,
  UpdateWebhookRequest,
  WebhookDeliveryDetailView,
  WebhookDeliveryPage,
  WebhookView,
  WebhookWithSecretView,
} from '@conversa/contracts';
import { api } from '../../app/api';
import { del, get, post, put } from '../../shared/endpoints';

export const webhooksApi = api.enhanceEndpoints({ addTagTypes: ['Webhooks', 'WebhookDeliveries'] }).injectEndpoints({
  endpoints: (build) => ({
    webhooks: build.query<WebhookView[], void>(get('webhooks', 'Webhooks')),
    /** The answer carries the secret, shown this once. */
    createWebhook: build.mutation<WebhookWithSecretView, CreateWebhookRequest>(post('webhooks', 'Webhooks')),
    updateWebhook: build.mutation<WebhookView, UpdateWebhookRequest & { id: number }>(put('webhooks', 'Webhooks')),
    deleteWebhook: build.mutation<{ message: string }, number>(del('webhooks', 'Webhooks')),
    rotateWebhookSecret: build.mutation<WebhookWithSecretView, number>({
      query: (id) => ({ url: `webhooks/${id}/rotate-secret`, method: 'POST' }),
    }),
    webhookDeliveries: build.query<WebhookDeliveryPage, { id: number; pageNumber: number }>({
      query: ({ id, pageNumber }) => ({ url: `webhooks/${id}/deliveries`, params: { pageNumber } }),
      providesTags: ['WebhookDeliveries'],
    }),
    webhookDelivery: build.query<WebhookDeliveryDetailView, { id: number; deliveryId: string }>({
      query: ({ id, deliveryId }) => `webhooks/${id}/deliveries/${deliveryId}`,
      providesTags: ['WebhookDeliveries'],
    }),
    /** "Resume now": unpauses the endpoint; the deliverer tries the head of its queue at once, the rest in order. */
    resumeWebhook: build.mutation<WebhookView, number>({
      query: (id) => ({ url: `webhooks/${id}/resume`, method: 'POST' }),
      invalidatesTags: ['Webhooks', 'WebhookDeliveries'],
    }),
    redeliverWebhook: build.mutation<{ message: string }, { id: number; deliveryId: string }>({
      query: ({ id, deliveryId }) => ({ url: `webhooks/${id}/deliveries/${deliveryId}/redeliver`, method: 'POST' }),
      invalidatesTags: ['WebhookDeliveries'],
    }),
  }),
});

export const {
  useWebhooksQuery,
  useCreateWebhookMutation,
  useUpdateWebhookMutation,
  useDeleteWebhookMutation,
  useRotateWebhookSecretMutation,
  useWebhookDeliveriesQuery,
  useWebhookDeliveryQuery,
  useRedeliverWebhookMutation,
  useResumeWebhookMutation,
} = webhooksApi;
