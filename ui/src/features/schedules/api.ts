import type { ScheduleView } from '@conversa/contracts';
import { api } from '../../app/api';

/** A schedule as the API and the `schedule` frames carry it; status ERRO is a send error. */
export type Schedule = ScheduleView;

export interface ScheduleInput {
  body: string;
  contactId: number;
  sendAt: string;
  ticketId?: number | null;
}

/** GET /schedules/{id}; POST /schedules; PUT /schedules/{id} (body, contactId, sendAt, userId). */
export interface SchedulesPageArgs {
  searchParam: string;
  pageNumber: number;
}

export const schedulesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /schedules/ (searchParam, pageNumber): pages merged into one list per search term (infinite scroll). */
    schedules: build.query<{ schedules: Schedule[]; hasMore: boolean }, SchedulesPageArgs>({
      query: ({ searchParam, pageNumber }) => ({ url: 'schedules/', params: { searchParam, pageNumber } }),
      serializeQueryArgs: ({ queryArgs }) => queryArgs.searchParam.trim().toLowerCase(),
      merge: (current, incoming, { arg }) => {
        if (arg.pageNumber === 1) return incoming;
        const known = new Set(incoming.schedules.map((schedule) => schedule.id));
        return { ...incoming, schedules: [...current.schedules.filter((schedule) => !known.has(schedule.id)), ...incoming.schedules] };
      },
      forceRefetch: ({ currentArg, previousArg }) => currentArg?.pageNumber !== previousArg?.pageNumber,
      providesTags: ['Schedules'],
    }),
    deleteSchedule: build.mutation<void, number>({
      query: (id) => ({ url: `schedules/${id}`, method: 'DELETE' }),
    }),
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

export const { useContactSchedulesQuery, useCreateScheduleMutation, useDeleteScheduleMutation, useSchedulesQuery, useUpdateScheduleMutation } = schedulesApi;
