import type { SetUserStatusRequest, UserStatusView } from '@conversa/contracts';
import { api } from '../../app/api';
import { get } from '../../shared/endpoints';

/** The signed-in attendant's status for assignment (the top bar's control); apart from usersApi so the frame loads only this. */
export const userStatusApi = api.enhanceEndpoints({ addTagTypes: ['MyStatus'] }).injectEndpoints({
  endpoints: (build) => ({
    myStatus: build.query<UserStatusView, void>(get('users/me/status', 'MyStatus')),
    setMyStatus: build.mutation<UserStatusView, SetUserStatusRequest>({
      query: (body) => ({ url: 'users/me/status', method: 'PUT', body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        void dispatch(userStatusApi.util.upsertQueryData('myStatus', undefined, data));
      },
    }),
  }),
});

export const { useMyStatusQuery, useSetMyStatusMutation } = userStatusApi;
