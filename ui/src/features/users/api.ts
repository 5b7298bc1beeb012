import type { CreateUserRequest, UpdateUserRequest, UserFrame, UserListResponse, UserRecord, UserView } from '@conversa/contracts';
import { api } from '../../app/api';
import { del, getSearchPage, post, put, type SearchPageArgs } from '../../shared/endpoints';

export type UsersPageArgs = SearchPageArgs;

/** What the users list takes in: a `user` frame, or a user this screen just saved (which carries its queues). */
export type UserChange =
  { action: 'create' | 'update'; user: UserView & Partial<Pick<UserRecord, 'queues'>>; userId?: never } | Extract<UserFrame, { action: 'delete' }>;

const matches = (user: Pick<UserRecord, 'name' | 'email'>, searchParam: string) => {
  const term = searchParam.trim().toLowerCase();
  return term === '' || user.name.toLowerCase().includes(term) || user.email.toLowerCase().includes(term);
};

const byName = (a: UserRecord, b: UserRecord) => a.name.localeCompare(b.name) || a.id - b.id;

/**
 * The loaded pages after a frame or a save: a changed user is replaced where it is (and leaves when it no
 * longer matches the search), a new matching user takes its place in name order, a deleted one leaves.
 * `queues` of a frame row is left as the list had it: the screen names queues from `queueIds`.
 */
export function applyUserChange(list: UserListResponse, frame: UserChange, searchParam: string): UserListResponse {
  const { action, user, userId } = frame;
  if (action === 'delete' || (user && !matches(user, searchParam))) {
    const gone = action === 'delete' ? userId : user?.id;
    if (!list.users.some((row) => row.id === gone)) return list;
    return { ...list, users: list.users.filter((row) => row.id !== gone), count: Math.max(0, list.count - 1) };
  }
  if (!user || typeof user.id !== 'number') return list;
  const index = list.users.findIndex((row) => row.id === user.id);
  if (index >= 0) {
    const users = [...list.users];
    users[index] = { ...users[index], ...user, queues: user.queues ?? users[index]!.queues };
    return { ...list, users };
  }
  const row = { ...user, queues: user.queues ?? [] };
  // Past the loaded pages it will arrive with the next page, in its place.
  const last = list.users[list.users.length - 1];
  if (list.hasMore && last && byName(row, last) > 0) return { ...list, count: list.count + 1 };
  return { ...list, users: [...list.users, row].sort(byName), count: list.count + 1 };
}

export const usersApi = api.enhanceEndpoints({ addTagTypes: ['Users'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /users: pages of 40 merged into one list per search term (infinite scroll). */
    users: build.query<UserListResponse, UsersPageArgs>(getSearchPage('users', 'users', 'Users')),
    createUser: build.mutation<UserRecord, CreateUserRequest>(post('users')),
    saveUser: build.mutation<UserRecord, UpdateUserRequest & { id: number }>(put('users')),
    deleteUser: build.mutation<void, number>(del('users')),
    /** POST /users/{id}/media-upload: form userId, typeArch, profileImage. */
    uploadUserImage: build.mutation<UserRecord, { id: number; file: File }>({
      query: ({ id, file }) => {
        const form = new FormData();
        form.append('userId', String(id));
        form.append('typeArch', 'user');
        form.append('profileImage', file);
        return { url: `users/${id}/media-upload`, method: 'POST', body: form };
      },
    }),
    removeUserImage: build.mutation<UserRecord, number>({
      query: (id) => ({ url: `users/${id}/media-upload`, method: 'DELETE' }),
    }),
  }),
});

export const { useUsersQuery, useCreateUserMutation, useSaveUserMutation, useDeleteUserMutation, useUploadUserImageMutation, useRemoveUserImageMutation } =
  usersApi;
