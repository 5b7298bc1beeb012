import type { CreateScheduleBody, ScheduleView } from '@conversa/contracts';
import { api } from '../../app/api';
import { del, getSearchPage, post, put, type SearchPageArgs } from '../../shared/endpoints';

/** A schedule as the API and the `schedule` frames carry it; status ERRO is a send error. */
export type Schedule = ScheduleView;

export type ScheduleInput = CreateScheduleBody;

/** GET /schedules/{id}; POST /schedules; PUT /schedules/{id} (body, contactId, sendAt, userId). */
export type SchedulesPageArgs = SearchPageArgs;

export const schedulesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /schedules/ (searchParam, pageNumber): pages merged into one list per search term (infinite scroll). */
    schedules: build.query<{ schedules: Schedule[]; hasMore: boolean }, SchedulesPageArgs>(getSearchPage('schedules/', 'schedules', 'Schedules')),
    deleteSchedule: build.mutation<void, number>(del('schedules')),
    contactSchedules: build.query<{ schedules: Schedule[]; hasMore: boolean }, number>({
      query: (contactId) => `schedules/?contactId=${contactId}`,
      providesTags: ['Schedules'],
    }),
    createSchedule: build.mutation<Schedule, ScheduleInput>(post('schedules', 'Schedules')),
    updateSchedule: build.mutation<Schedule, { id: number } & Omit<ScheduleInput, 'ticketId'>>(put('schedules', 'Schedules')),
  }),
});

export const { useContactSchedulesQuery, useCreateScheduleMutation, useDeleteScheduleMutation, useSchedulesQuery, useUpdateScheduleMutation } = schedulesApi;
