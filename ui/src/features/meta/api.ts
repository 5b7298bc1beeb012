import type { CloudApiConfigView, ConnectionView, MessageView, SendTemplateRequest, TicketTemplatesView } from '@conversa/contracts';
import { api } from '../../app/api';
import { post } from '../../shared/endpoints';

/** The Meta channels' calls: the Facebook login's linking, Cloud API numbers, and message templates. */
export const metaApi = api.enhanceEndpoints({ addTagTypes: ['Connections', 'Templates'] }).injectEndpoints({
  endpoints: (build) => ({
    /** POST /facebook: the pages (and Instagram accounts) the Facebook login gave access to become connections. */
    connectFacebook: build.mutation<ConnectionView[], { facebookUserId: string; facebookUserToken: string; addInstagram: boolean }>(
      post('facebook', 'Connections'),
    ),
    /** GET /whatsapp/{id}/cloud-api: the Cloud API number's ids and the token's last characters. */
    cloudApiConfig: build.query<CloudApiConfigView, number>({
      query: (id) => `whatsapp/${id}/cloud-api`,
      providesTags: (_result, _error, id) => [{ type: 'Connections', id }],
    }),
    /** PUT /whatsapp/{id}/cloud-api: checked against the Graph API before it is stored. */
    saveCloudApiConfig: build.mutation<CloudApiConfigView, { id: number; phoneNumberId: string; businessAccountId: string; token?: string }>({
      query: ({ id, ...body }) => ({ url: `whatsapp/${id}/cloud-api`, method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id }) => ['Connections', { type: 'Connections', id }, 'Templates'],
    }),
    /** GET /messages/{ticketId}/templates: the reply window's state and the approved templates. */
    ticketTemplates: build.query<TicketTemplatesView, number>({
      query: (ticketId) => `messages/${ticketId}/templates`,
      providesTags: (_result, _error, ticketId) => [{ type: 'Templates', id: ticketId }],
    }),
    /** POST /messages/{ticketId}/template. */
    sendTemplate: build.mutation<{ messages: MessageView[] }, SendTemplateRequest & { ticketId: number }>({
      query: ({ ticketId, ...body }) => ({ url: `messages/${ticketId}/template`, method: 'POST', body }),
    }),
  }),
});

export const { useConnectFacebookMutation, useCloudApiConfigQuery, useSaveCloudApiConfigMutation, useTicketTemplatesQuery, useSendTemplateMutation } = metaApi;
