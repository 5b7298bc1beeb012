import type { CreateScheduleBody, ScheduleView as Schedule } from '@conversa/contracts';
import { api } from '../../app/api';

/** A schedule as the API answers it (spec 1 §3, spec 3 §3). Status ERRO is a send error. */
export type { ScheduleView as Schedule } from '@conversa/contracts';

export type ScheduleInput = CreateScheduleBody;

/** Spec 1 §7: GET /schedules/{id}; POST /schedules; PUT /schedules/{id} (body, contactId, sendAt, userId). */
export const schedulesApi = api.injectEndpoints({
  endpoints: (build) => ({
    contactSchedules: build.query<{ schedules: Schedule[]; hasMore: boolean }, number>({
      query: (contactId) => `schedules/?contactId=${contactId}`,
      providesTags: ['Schedules'],
    }),
    createSchedule: build.mutation<Schedule, ScheduleInput>({
      query: (body) => ({ url: 'schedules', method: 'POST', body }),
      invalidatesTags: ['Schedules'],
    }),
    updateSchedule: build.mutation<Schedule, { id: number } & Omit<ScheduleInput, 'ticketId'>>({
      query: ({ id, ...body }) => ({ url: `schedules/${id}`, method: 'PUT', body }),
      invalidatesTags: ['Schedules'],
    }),
  }),
});

export const { useContactSchedulesQuery, useCreateScheduleMutation, useUpdateScheduleMutation } = schedulesApi;
