import { api } from '../../app/api';

/** A scheduled message as the API answers it. Status ERRO is a send error. */
export interface Schedule {
  id: number;
  contactId: number;
  contact: { id: number; name: string } | null;
  body: string;
  sendAt: string;
  sentAt: string | null;
  status: string;
  userId: number | null;
  ticketId: number | null;
  failureReason: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ScheduleInput {
  body: string;
  contactId: number;
  sendAt: string;
  ticketId?: number | null;
}

/** GET /schedules/{id}; POST /schedules; PUT /schedules/{id} (body, contactId, sendAt, userId). */
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
