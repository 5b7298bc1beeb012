import type { PushSettings, PushStatusView, PushSubscriptionBody } from '@conversa/contracts';
import { api } from '../../app/api';

/** Web Push (docs/push.md): the server's VAPID key and the user's settings; this browser's subscription. */
export const pushApi = api.injectEndpoints({
  endpoints: (build) => ({
    pushStatus: build.query<PushStatusView, void>({ query: () => 'push' }),
    savePushSubscription: build.mutation<PushStatusView, PushSubscriptionBody>({
      query: (body) => ({ url: 'push/subscription', method: 'PUT', body }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => keep(dispatch, queryFulfilled),
    }),
    removePushSubscription: build.mutation<PushStatusView, { endpoint: string }>({
      query: (body) => ({ url: 'push/subscription', method: 'DELETE', body }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => keep(dispatch, queryFulfilled),
    }),
    savePushSettings: build.mutation<PushStatusView, PushSettings>({
      query: (body) => ({ url: 'push/settings', method: 'PUT', body }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => keep(dispatch, queryFulfilled),
    }),
  }),
});

/** Every answer is the whole status: it replaces the cached one. */
async function keep(dispatch: (action: unknown) => unknown, answer: Promise<{ data: PushStatusView }>) {
  try {
    const { data } = await answer;
    dispatch(pushApi.util.upsertQueryData('pushStatus', undefined, data));
  } catch {
    // The mutation's caller shows the error.
  }
}

export const { usePushStatusQuery, useSavePushSubscriptionMutation, useRemovePushSubscriptionMutation, useSavePushSettingsMutation } = pushApi;
