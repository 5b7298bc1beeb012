import type { CompanyView, RetentionView, ScheduleEntry, SettingView as Setting } from '@conversa/contracts';
import { api } from '../../app/api';
import { get } from '../../shared/endpoints';

export type { SettingView as Setting } from '@conversa/contracts';

/** The list after a change: the setting takes its new value in place (or joins the list). */
export function applySetting(list: readonly Setting[], setting: Setting | undefined): Setting[] {
  if (!setting || typeof setting.key !== 'string') return [...list];
  return list.some((row) => row.key === setting.key)
    ? list.map((row) => (row.key === setting.key ? { ...row, value: setting.value } : row))
    : [...list, setting];
}

export const settingsApi = api.enhanceEndpoints({ addTagTypes: ['Settings', 'CompanySchedules', 'Retention'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /settings: every setting of the company; userCreation only for super users. */
    settings: build.query<Setting[], void>(get('settings', 'Settings')),
    /** PUT /settings/{key}. */
    updateSetting: build.mutation<Setting, Setting>({
      query: ({ key, value }) => ({ url: `settings/${key}`, method: 'PUT', body: { value } }),
      async onQueryStarted(_setting, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(settingsApi.util.updateQueryData('settings', undefined, (draft) => applySetting(draft, data)));
      },
      invalidatesTags: (_saved, _error, { key }) => (key === 'messageRetentionDays' ? ['Retention'] : []),
    }),
    /** GET /settings/retention: messageRetentionDays as days and the last run. */
    retention: build.query<RetentionView, void>(get('settings/retention', 'Retention')),
    /** The company's opening hours, from GET /companies/{id}. */
    companySchedules: build.query<ScheduleEntry[], number>({
      query: (companyId) => `companies/${companyId}`,
      transformResponse: (company: CompanyView) => company.schedules,
      providesTags: ['CompanySchedules'],
    }),
    /** PUT /companies/{id}/schedules: the company's opening hours. */
    saveCompanySchedules: build.mutation<ScheduleEntry[], { companyId: number; schedules: ScheduleEntry[] }>({
      query: ({ companyId, schedules }) => ({ url: `companies/${companyId}/schedules`, method: 'PUT', body: { schedules } }),
      transformResponse: (company: CompanyView) => company.schedules,
      async onQueryStarted({ companyId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(settingsApi.util.updateQueryData('companySchedules', companyId, () => data));
      },
    }),
  }),
});

export const { useSettingsQuery, useUpdateSettingMutation, useRetentionQuery, useCompanySchedulesQuery, useSaveCompanySchedulesMutation } = settingsApi;
