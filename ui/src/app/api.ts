import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import type { ApiErrorBody, SessionResponse } from '@conversa/contracts';
import { sessionCleared, sessionStarted } from './sessionSlice';
import { takeEarly } from './early';
import type { RootState } from './store';

/** Every error the server answers: `{ error: 'ERR_…', message }`. */

const rawBaseQuery = fetchBaseQuery({
  // Absolute so the same code runs where Request rejects relative URLs (tests under Node); the API is same-origin.
  baseUrl: `${window.location.origin}/`,
  credentials: 'include',
  // A call the boot script started (app/early.ts) answers its first identical request; the rest go out now.
  fetchFn: (input, init) => (input instanceof Request ? takeEarly(input) : undefined) ?? fetch(input, init),
  prepareHeaders: (headers, { getState }) => {
    const token = (getState() as RootState).session.token;
    if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

/** Calls whose 401/403 answers are about the credentials typed, not about the stored session. */
const sessionlessUrls = new Set(['auth/login', 'auth/signup', 'auth/refresh_token', 'plans/listPublic']);
const urlOf = (args: string | FetchArgs) => (typeof args === 'string' ? args : args.url).replace(/^\//, '');

/**
 * The 403s that mean "access token stale" (contracts: ERR_INVALID_TOKEN; a bare 403 too). Other 403 codes
 * (ERR_NO_PERMISSION, ERR_PLAN_FEATURE_DISABLED, ERR_PLAN_USER_LIMIT …) are answers about the user, which a refresh
 * cannot change, so they go straight to the caller.
 */
const staleTokenCodes = new Set([undefined, 'ERR_INVALID_TOKEN', 'ERR_SESSION_EXPIRED']);

export const errorCodeOf = (error: unknown): string | undefined => {
  const data = (error as { data?: unknown } | undefined)?.data;
  return typeof data === 'object' && data !== null && typeof (data as ApiErrorBody).error === 'string' ? (data as ApiErrorBody).error : undefined;
};

export const errorMessageOf = (error: unknown): string | undefined => {
  const data = (error as { data?: unknown } | undefined)?.data;
  if (typeof data === 'object' && data !== null && typeof (data as ApiErrorBody).message === 'string') return (data as ApiErrorBody).message;
  if (typeof data === 'string' && data.length > 0 && data.length < 300) return data;
  return undefined;
};

/** The server validates its answers against the contract; the browser only checks that a session came back. */
export const isSessionResponse = (data: unknown): data is SessionResponse =>
  typeof data === 'object' &&
  data !== null &&
  typeof (data as SessionResponse).token === 'string' &&
  typeof (data as SessionResponse).user === 'object' &&
  (data as SessionResponse).user !== null;

/** Concurrent 403s share one refresh call, so a burst of stale requests does not rotate the refresh cookie N times. */
let refreshInFlight: Promise<SessionResponse | null> | null = null;

const refreshSession = (api: Parameters<BaseQueryFn>[1], extraOptions: object): Promise<SessionResponse | null> => {
  refreshInFlight ??= (async () => {
    try {
      const result = await rawBaseQuery({ url: 'auth/refresh_token', method: 'POST' }, api, extraOptions);
      if (!isSessionResponse(result.data)) return null;
      api.dispatch(sessionStarted(result.data));
      return result.data;
    } finally {
      refreshInFlight = null;
    }
  })();
  return refreshInFlight;
};

/**
 * A 403 refreshes the access token once and retries the request once;
 * a 401 (or a refresh that fails) ends the session, and the route guards then send the user to /login.
 */
export const sessionAwareBaseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, api, extraOptions) => {
  const result = await rawBaseQuery(args, api, extraOptions);
  if (!result.error || sessionlessUrls.has(urlOf(args))) return result;

  if (result.error.status === 403 && staleTokenCodes.has(errorCodeOf(result.error))) {
    const session = await refreshSession(api, extraOptions);
    if (!session) {
      api.dispatch(sessionCleared());
      return result;
    }
    const retried = await rawBaseQuery(args, api, extraOptions);
    if (retried.error?.status === 401) api.dispatch(sessionCleared());
    return retried;
  }
  if (result.error.status === 401) api.dispatch(sessionCleared());
  // The subscription ran out while signed in: the overdue screen, where it can be paid (a login lands there too).
  if (result.error.status === 402 && !window.location.pathname.startsWith('/financeiro')) window.location.assign('/financeiro-aberto');
  return result;
};

/**
 * The one RTK Query api of the app. Each feature adds its endpoints with `api.injectEndpoints`
 * in its own `features/<area>/api.ts`, and declares the tag types it invalidates here.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: sessionAwareBaseQuery,
  tagTypes: [
    'Session',
    'Plans',
    'Messages',
    'TicketMedia',
    'Contacts',
    'TicketNotes',
    'QuickReplies',
    'Schedules',
    'CompanySettings',
    'OnDuty',
    'QueueIntegrations',
    'Prompts',
  ],
  endpoints: () => ({}),
});
