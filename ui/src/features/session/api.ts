import type { Language, LoginRequest, Plan, SessionResponse, SessionUser, SignupRequest } from '@conversa/contracts';
import { api } from '../../app/api';

export interface ProfileUpdate {
  name?: string;
  email?: string;
  password?: string;
  language?: Language;
}

/** The session calls and the signup calls. */
export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<SessionResponse, LoginRequest>({
      query: (body) => ({ url: 'auth/login', method: 'POST', body }),
    }),
    refreshToken: build.mutation<SessionResponse, void>({
      query: () => ({ url: 'auth/refresh_token', method: 'POST' }),
    }),
    logout: build.mutation<void, void>({
      query: () => ({ url: 'auth/logout', method: 'DELETE' }),
    }),
    me: build.query<SessionUser, void>({
      query: () => 'auth/me',
      providesTags: ['Session'],
    }),
    updateUser: build.mutation<unknown, { id: number } & ProfileUpdate>({
      query: ({ id, ...body }) => ({ url: `users/${id}`, method: 'PUT', body }),
    }),
    signup: build.mutation<unknown, SignupRequest>({
      query: (body) => ({ url: 'auth/signup', method: 'POST', body }),
    }),
    publicPlans: build.query<Plan[], void>({
      query: () => 'plans/listPublic',
      providesTags: ['Plans'],
    }),
  }),
});

export const {
  useLoginMutation,
  useRefreshTokenMutation,
  useLogoutMutation,
  useMeQuery,
  useUpdateUserMutation,
  useSignupMutation,
  usePublicPlansQuery,
} = sessionApi;
