import type { CreateOnDutyBody, OnDutyView } from '@conversa/contracts';
import { api } from '../../app/api';
import { del, get, post, put } from '../../shared/endpoints';

/** An attendant to choose (GET /users/list). */
export interface OnDutyUserOption {
  id: number;
  name: string;
}

export const onDutyApi = api.enhanceEndpoints({ addTagTypes: ['OnDuty'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /plantao: every entry of the company. */
    onDutyList: build.query<OnDutyView[], void>(get('plantao', 'OnDuty')),
    /** GET /users/list: the attendants the dialog offers. */
    onDutyUsers: build.query<OnDutyUserOption[], void>(get('users/list')),
    createOnDuty: build.mutation<OnDutyView, CreateOnDutyBody>(post('plantao')),
    updateOnDuty: build.mutation<OnDutyView, Partial<CreateOnDutyBody> & { id: number }>(put('plantao')),
    deleteOnDuty: build.mutation<{ message: string }, number>(del('plantao')),
  }),
});

export const { useOnDutyListQuery, useOnDutyUsersQuery, useCreateOnDutyMutation, useUpdateOnDutyMutation, useDeleteOnDutyMutation } = onDutyApi;
