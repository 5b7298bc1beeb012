import {
  CreateUserRequest,
  DomainError,
  ListUsersQuery,
  UpdateUserRequest,
  USERS_PAGE_SIZE,
  defaultUserDetails,
  type ErrorCode,
  type StoredMedia,
  type UserDetails,
  RecordIdParam,
  type UserView,
  UserListResponse,
  UserRecord,
  UserOption,
} from '@conversa/contracts';
import {
  assertMayChangeUser,
  assertMayCreateUser,
  assertMayDeleteUser,
  assertMayTouchUser,
  changeCompanyUser,
  createCompanyUser,
  deleteCompanyUser,
  removeUserProfileImage,
  setUserProfileImage,
  type UserEditor,
} from '@conversa/core';
import { findUser, listUsers } from '@conversa/projections/users/queries';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { userActor, type ApiContext } from '../context';
import { companyScope, type Principal } from '../http/auth';
import { saveProfileImage } from './profile-image';
import { assertUserReferences, seatLookup, withQueues } from './references';

const IdParam = z.object({ id: RecordIdParam });
/** What creating or changing a user may answer: its references, the plan's seats, an overdue company. */
const WRITE_ERRORS: ErrorCode[] = [
  'ERR_NO_USER_FOUND',
  'ERR_NO_PERMISSION',
  'ERR_EMAIL_IN_USE',
  'ERR_PLAN_USER_LIMIT',
  'ERR_NO_WAPP_FOUND',
  'ERR_NO_QUEUE_FOUND',
  'ERR_SUBSCRIPTION_EXPIRED',
];

export const editorOf = (principal: Principal): UserEditor => ({
  userId: principal.userId,
  profile: principal.profile,
  super: principal.super,
  allowConnections: principal.user.allowConnections,
});

/** The user a request may act on: of the caller's company, or of any company for a super user. Another company's id is 404. */
async function visibleUser(ctx: ApiContext, principal: Principal, id: number): Promise<UserView> {
  const found = await findUser(ctx.db, id, principal.super ? undefined : principal.companyId);
  if (!found) throw new DomainError('ERR_NO_USER_FOUND');
  return found;
}

/** The users calls; live `company-<id>-user` frames come from the users projector. */
export async function userRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  await app.register(multipart, { limits: { fileSize: ctx.media.maxBytes + 1, files: 1, fields: 5, fieldSize: 1_000, parts: 6 } });

  app.get('/users', { config: { contract: { query: ListUsersQuery, response: UserListResponse, errors: ['ERR_NO_PERMISSION'] } } }, async (request) => {
    const query = request.query;
    const companyId = companyScope(request.principal, query.companyId);
    const page = await listUsers(ctx.db, companyId, { searchParam: query.searchParam, pageNumber: query.pageNumber, pageSize: USERS_PAGE_SIZE });
    return { ...page, users: await withQueues(ctx, companyId, page.users) };
  });

  app.get(
    '/users/list',
    { config: { contract: { query: z.object({ companyId: RecordIdParam.optional() }), response: z.array(UserOption), errors: ['ERR_NO_PERMISSION'] } } },
    async (request) => {
      const query = request.query;
      const companyId = companyScope(request.principal, query.companyId);
      const { users } = await listUsers(ctx.db, companyId, { pageSize: 10_000 });
      return users.map(({ id, name }): UserOption => ({ id, name }));
    },
  );

  app.get(
    '/users/:id',
    { config: { contract: { params: IdParam, response: UserRecord, errors: ['ERR_NO_USER_FOUND', 'ERR_NO_PERMISSION'] } } },
    async (request) => {
      const { id } = request.params;
      const found = await visibleUser(ctx, request.principal, id);
      const [hydrated] = await withQueues(ctx, found.companyId, [found]);
      return hydrated;
    },
  );

  app.post(
    '/users',
    {
      config: {
        auth: { area: 'users' },
        contract: {
          body: CreateUserRequest,
          status: 201,
          response: UserRecord,
          errors: WRITE_ERRORS,
        },
      },
    },
    async (request, reply) => {
      const { password, ...fields } = request.body;
      const principal = request.principal;
      assertMayCreateUser(editorOf(principal), fields);
      const companyId = principal.companyId;
      await assertUserReferences(ctx, companyId, fields);
      const details: UserDetails = { ...defaultUserDetails, ...fields };
      const userId = await createCompanyUser(ctx, { companyId, details, password, actor: userActor(principal.userId), seats: seatLookup(ctx) });
      const [created] = await withQueues(ctx, companyId, [(await findUser(ctx.db, userId))!]);
      return reply.status(201).send(created);
    },
  );

  // Reachable while overdue: a user must still be able to change their own language and password.
  app.put(
    '/users/:id',
    {
      config: {
        auth: { allowExpired: true },
        contract: {
          summary: 'Reachable while overdue: a user must still be able to change their own language and password.',
          params: IdParam,
          body: UpdateUserRequest,
          response: UserRecord,
          errors: WRITE_ERRORS,
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { password, email, ...fields } = request.body;
      const principal = request.principal;
      const target = await visibleUser(ctx, principal, id);
      const newEmail = email !== undefined && email !== target.email ? email : undefined;
      const changes: Partial<UserDetails> = { ...fields, ...(newEmail !== undefined ? { email: newEmail } : {}) };
      assertMayChangeUser(editorOf(principal), target, changes);
      // An overdue company may only change its users' own session preferences, not manage its staff.
      if (target.id !== principal.userId && principal.dueDate < ctx.now().toISOString().slice(0, 10) && !principal.super)
        throw new DomainError('ERR_SUBSCRIPTION_EXPIRED');
      await assertUserReferences(ctx, target.companyId, fields, target);
      await changeCompanyUser(ctx, { target, changes, password, actor: userActor(principal.userId) });
      // Every session of the user ends, this one too; other processes hear it from the sessions read model.
      if (password !== undefined) ctx.sessions.apply({ userId: id, change: 'revoked' });
      const [updated] = await withQueues(ctx, target.companyId, [(await findUser(ctx.db, id))!]);
      return updated;
    },
  );

  app.delete(
    '/users/:id',
    {
      config: {
        auth: { area: 'users' },
        contract: { params: IdParam, status: 204, errors: ['ERR_NO_USER_FOUND', 'ERR_NO_PERMISSION', 'ERR_USER_DELETE_SELF'] },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const principal = request.principal;
      const target = await visibleUser(ctx, principal, id);
      assertMayDeleteUser(editorOf(principal), target);
      await deleteCompanyUser(ctx, { target, actor: userActor(principal.userId) });
      // This process refuses the user's tokens at once; the others when the sessions read model announces it.
      ctx.sessions.apply({ userId: id, change: 'revoked' });
      return reply.status(204).send();
    },
  );

  /** Form fields userId, typeArch and the `profileImage` file; answers the user with its new profileImage. */
  app.post(
    '/users/:id/media-upload',
    {
      config: {
        contract: {
          multipart: true,
          summary: 'Form fields userId, typeArch and the `profileImage` file; answers the user with its new profileImage.',
          params: IdParam,
          response: UserRecord,
          errors: ['ERR_NO_USER_FOUND', 'ERR_NO_PERMISSION'],
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const principal = request.principal;
      const target = await visibleUser(ctx, principal, id);
      // Refused before any byte is stored.
      assertMayTouchUser(editorOf(principal), target);
      const stored: StoredMedia = await saveProfileImage(ctx, request, target);
      await setUserProfileImage(ctx, { target, url: stored.url, actor: userActor(principal.userId) });
      const [updated] = await withQueues(ctx, target.companyId, [(await findUser(ctx.db, id))!]);
      return updated;
    },
  );

  app.delete(
    '/users/:id/media-upload',
    { config: { contract: { params: IdParam, response: UserRecord, errors: ['ERR_NO_USER_FOUND', 'ERR_NO_PERMISSION'] } } },
    async (request) => {
      const { id } = request.params;
      const principal = request.principal;
      const target = await visibleUser(ctx, principal, id);
      assertMayTouchUser(editorOf(principal), target);
      await removeUserProfileImage(ctx, { target, actor: userActor(principal.userId) });
      const [updated] = await withQueues(ctx, target.companyId, [(await findUser(ctx.db, id))!]);
      return updated;
    },
  );
}
