import type { LoginRequest, Plan, SessionResponse, SessionUser, SignupRequest, UpdateUserRequest, UserRecord } from '@conversa/contracts';
import { api } from '../../app/api';
import { get, post, put } from '../../shared/endpoints';

/** What the profile dialog changes of oneself (PUT /users/{id}). */
export type ProfileUpdate = Pick<UpdateUserRequest, 'name' | 'email' | 'password' | 'language'>;

/** The session calls and the signup calls. */
export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<SessionResponse, LoginRequest>(post('auth/login')),
    logout: build.mutation<void, void>({
      query: () => ({ url: 'auth/logout', method: 'DELETE' }),
    }),
    me: build.query<SessionUser, void>(get('auth/me', 'Session')),
    updateUser: build.mutation<UserRecord, { id: number } & ProfileUpdate>(put('users')),
    signup: build.mutation<unknown, SignupRequest>(post('auth/signup')),
    publicPlans: build.query<Plan[], void>(get('plans/listPublic', 'Plans')),
  }),
});

/** The refresh belongs to the session the base keeps (app/sessionApi.ts). */
export { useRefreshTokenMutation } from '../../app/sessionApi';

export const { useLoginMutation, useLogoutMutation, useMeQuery, useUpdateUserMutation, useSignupMutation, usePublicPlansQuery } = sessionApi;
