import type { CreateHelpRequest, HelpView, UpdateHelpRequest } from '@conversa/contracts';
import { api } from '../../app/api';

/** The helps calls: the videos grid (every user) and the super user's helps tab. */
export const helpsApi = api.enhanceEndpoints({ addTagTypes: ['Helps'] }).injectEndpoints({
  endpoints: (build) => ({
    helps: build.query<HelpView[], void>({
      query: () => 'helps',
      providesTags: ['Helps'],
    }),
    helpsList: build.query<HelpView[], void>({
      query: () => 'helps/list',
      providesTags: ['Helps'],
    }),
    createHelp: build.mutation<HelpView, CreateHelpRequest>({
      query: (body) => ({ url: 'helps', method: 'POST', body }),
      invalidatesTags: ['Helps'],
    }),
    updateHelp: build.mutation<HelpView, UpdateHelpRequest & { id: number }>({
      query: ({ id, ...body }) => ({ url: `helps/${id}`, method: 'PUT', body }),
      invalidatesTags: ['Helps'],
    }),
    deleteHelp: build.mutation<void, number>({
      query: (id) => ({ url: `helps/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Helps'],
    }),
  }),
});

export const { useHelpsQuery, useHelpsListQuery, useCreateHelpMutation, useUpdateHelpMutation, useDeleteHelpMutation } = helpsApi;
