import type { SessionResponse } from '@conversa/contracts';
import { api } from './api';

/** The token refresh, part of the session the base keeps (the socket refreshes on an unauthorized close; the shell on start). */
export const sessionRefreshApi = api.injectEndpoints({
  endpoints: (build) => ({
    refreshToken: build.mutation<SessionResponse, void>({
      query: () => ({ url: 'auth/refresh_token', method: 'POST' }),
    }),
  }),
});

export const { useRefreshTokenMutation } = sessionRefreshApi;
