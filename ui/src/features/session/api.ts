import type { LoginRequest, Plan, SessionResponse, SessionUser, SignupRequest, UpdateUserRequest, UserRecord } from '@conversa/contracts';
import { api } from '../../app/api';

/** What the profile dialog changes of oneself (PUT /users/{id}). */
export type ProfileUpdate = Pick<UpdateUserRequest, 'name' | 'email' | 'password' | 'language'>;

/** The session calls and the signup calls. */
export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<SessionResponse, LoginRequest>({
      query: (body) => ({ url: 'auth/login', method: 'POST', body }),
    }),
    logout: build.mutation<void, void>({
      query: () => ({ url: 'auth/logout', method: 'DELETE' }),
    }),
    me: build.query<SessionUser, void>({
      query: () => 'auth/me',
      providesTags: ['Session'],
    }),
    updateUser: build.mutation<UserRecord, { id: number } & ProfileUpdate>({
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

/** The refresh belongs to the session the base keeps (app/sessionApi.ts). */
export { useRefreshTokenMutation } from '../../app/sessionApi';

export const { useLoginMutation, useLogoutMutation, useMeQuery, useUpdateUserMutation, useSignupMutation, usePublicPlansQuery } = sessionApi;
