import type { Plan, PlanFields } from '@conversa/contracts';
import { api } from '../../app/api';

/** The plans calls the super user's plans screen makes; a change also refreshes the public plan list (signup). */
export const plansAdminApi = api.enhanceEndpoints({ addTagTypes: ['AdminPlans'] }).injectEndpoints({
  endpoints: (build) => ({
    allPlans: build.query<Plan[], void>({
      query: () => 'plans/all',
      providesTags: ['AdminPlans'],
    }),
    createPlan: build.mutation<Plan, PlanFields>({
      query: (body) => ({ url: 'plans', method: 'POST', body }),
      invalidatesTags: ['AdminPlans', 'Plans'],
    }),
    updatePlan: build.mutation<Plan, Partial<PlanFields> & { id: number }>({
      query: ({ id, ...body }) => ({ url: `plans/${id}`, method: 'PUT', body }),
      invalidatesTags: ['AdminPlans', 'Plans'],
    }),
    deletePlan: build.mutation<void, number>({
      query: (id) => ({ url: `plans/${id}`, method: 'DELETE' }),
      invalidatesTags: ['AdminPlans', 'Plans'],
    }),
  }),
});

export const { useAllPlansQuery, useCreatePlanMutation, useUpdatePlanMutation, useDeletePlanMutation } = plansAdminApi;
