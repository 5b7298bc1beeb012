import type { Plan, PlanFields } from '@conversa/contracts';
import { api } from '../../app/api';
import { del, get, post, put } from '../../shared/endpoints';

/** The plans calls the super user's plans screen makes; a change also refreshes the public plan list (signup). */
export const plansAdminApi = api.enhanceEndpoints({ addTagTypes: ['AdminPlans'] }).injectEndpoints({
  endpoints: (build) => ({
    allPlans: build.query<Plan[], void>(get('plans/all', 'AdminPlans')),
    createPlan: build.mutation<Plan, PlanFields>(post('plans', 'AdminPlans', 'Plans')),
    updatePlan: build.mutation<Plan, Partial<PlanFields> & { id: number }>(put('plans', 'AdminPlans', 'Plans')),
    deletePlan: build.mutation<void, number>(del('plans', 'AdminPlans', 'Plans')),
  }),
});

export const { useAllPlansQuery, useCreatePlanMutation, useUpdatePlanMutation, useDeletePlanMutation } = plansAdminApi;
