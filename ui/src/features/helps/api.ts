import type { CreateHelpRequest, HelpView, UpdateHelpRequest } from '@conversa/contracts';
import { api } from '../../app/api';
import { del, get, post, put } from '../../shared/endpoints';

/** The helps calls: the videos grid (every user) and the super user's helps tab. */
export const helpsApi = api.enhanceEndpoints({ addTagTypes: ['Helps'] }).injectEndpoints({
  endpoints: (build) => ({
    helps: build.query<HelpView[], void>(get('helps', 'Helps')),
    helpsList: build.query<HelpView[], void>(get('helps/list', 'Helps')),
    createHelp: build.mutation<HelpView, CreateHelpRequest>(post('helps', 'Helps')),
    updateHelp: build.mutation<HelpView, UpdateHelpRequest & { id: number }>(put('helps', 'Helps')),
    deleteHelp: build.mutation<void, number>(del('helps', 'Helps')),
  }),
});

export const { useHelpsQuery, useHelpsListQuery, useCreateHelpMutation, useUpdateHelpMutation, useDeleteHelpMutation } = helpsApi;
