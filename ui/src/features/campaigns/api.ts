import type { CampaignPage, CampaignSettingsRequest, CampaignSettingsView, CampaignView, CreateCampaignRequest } from '@conversa/contracts';
import { api } from '../../app/api';
import { del, get, getOne, getSearchPage, post, put, type SearchPageArgs } from '../../shared/endpoints';

/** The dialog's request as the browser sends it (before the server's defaults). */
export type CampaignRequest = Partial<CreateCampaignRequest> & { name: string };

export const campaignsApi = api.enhanceEndpoints({ addTagTypes: ['Campaigns', 'CampaignSettings'] }).injectEndpoints({
  endpoints: (build) => ({
    campaignPage: build.query<CampaignPage, SearchPageArgs>(getSearchPage('campaigns', 'records', 'Campaigns')),
    campaign: build.query<CampaignView, number>(getOne('campaigns', 'Campaigns')),
    createCampaign: build.mutation<CampaignView, CampaignRequest>(post('campaigns')),
    updateCampaign: build.mutation<CampaignView, CampaignRequest & { id: number }>(put('campaigns')),
    deleteCampaign: build.mutation<unknown, number>(del('campaigns')),
    cancelCampaign: build.mutation<CampaignView, number>({
      query: (id) => ({ url: `campaigns/${id}/cancel`, method: 'POST' }),
    }),
    restartCampaign: build.mutation<CampaignView, number>({
      query: (id) => ({ url: `campaigns/${id}/restart`, method: 'POST' }),
    }),
    uploadCampaignMedia: build.mutation<CampaignView, { id: number; file: File }>({
      query: ({ id, file }) => {
        const form = new FormData();
        form.append('file', file);
        return { url: `campaigns/${id}/media-upload`, method: 'POST', body: form };
      },
    }),
    removeCampaignMedia: build.mutation<CampaignView, number>({
      query: (id) => ({ url: `campaigns/${id}/media-upload`, method: 'DELETE' }),
    }),
    campaignSettings: build.query<CampaignSettingsView, void>(get('campaign-settings', 'CampaignSettings')),
    saveCampaignSettings: build.mutation<CampaignSettingsView, CampaignSettingsRequest>(post('campaign-settings', 'CampaignSettings')),
  }),
});

export const {
  useCampaignPageQuery,
  useCampaignQuery,
  useCreateCampaignMutation,
  useUpdateCampaignMutation,
  useDeleteCampaignMutation,
  useCancelCampaignMutation,
  useRestartCampaignMutation,
  useUploadCampaignMediaMutation,
  useRemoveCampaignMediaMutation,
  useCampaignSettingsQuery,
  useSaveCampaignSettingsMutation,
} = campaignsApi;
