import type { CreateOnDutyBody, OnDutyView } from '@conversa/contracts';
import { api } from '../../app/api';

/** An attendant to choose (GET /users/list). */
export interface OnDutyUserOption {
  id: number;
  name: string;
}

export const onDutyApi = api.enhanceEndpoints({ addTagTypes: ['OnDuty'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /plantao: every entry of the company. */
    onDutyList: build.query<OnDutyView[], void>({
      query: () => 'plantao',
      providesTags: ['OnDuty'],
    }),
    /** GET /users/list: the attendants the dialog offers. */
    onDutyUsers: build.query<OnDutyUserOption[], void>({
      query: () => 'users/list',
    }),
    createOnDuty: build.mutation<OnDutyView, CreateOnDutyBody>({
      query: (body) => ({ url: 'plantao', method: 'POST', body }),
    }),
    updateOnDuty: build.mutation<OnDutyView, Partial<CreateOnDutyBody> & { id: number }>({
      query: ({ id, ...body }) => ({ url: `plantao/${id}`, method: 'PUT', body }),
    }),
    deleteOnDuty: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `plantao/${id}`, method: 'DELETE' }),
    }),
  }),
});

export const { useOnDutyListQuery, useOnDutyUsersQuery, useCreateOnDutyMutation, useUpdateOnDutyMutation, useDeleteOnDutyMutation } = onDutyApi;
