import { DomainError, Language, Profile } from '@conversa/contracts';
import { user, userEmail, userEmailStream } from '@conversa/core';
import { findUser, listUsers } from '@conversa/projections/users/queries';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { execute, userActor, type ApiContext } from '../context';
import { companyScope } from '../http/auth';
import { parse } from '../http/errors';

const IdParam = z.object({ id: z.coerce.number().int().positive() });

/** What PUT /users/{id} accepts; spec 2 §5 user rules, messages as the spec writes them. */
export const UpdateUserRequest = z
  .object({
    name: z.string().trim().min(2, 'Too Short!').max(50, 'Too Long!'),
    email: z.string().trim().email('Invalid email').max(200),
    password: z.string().min(5, 'Too Short!').max(50, 'Too Long!'),
    language: Language,
    profile: Profile,
    queueIds: z.array(z.number().int().positive()).max(200),
    startWork: z.string().regex(/^\d{2}:\d{2}$/),
    endWork: z.string().regex(/^\d{2}:\d{2}$/),
    farewellMessage: z.string().max(2000),
    allTicket: z.enum(['enable', 'disable']),
    allowGroup: z.boolean(),
    defaultMenu: z.enum(['open', 'closed']),
    defaultTheme: z.enum(['light', 'dark']),
    whatsappId: z.number().int().positive().nullable(),
    showDashboard: z.boolean(),
    allowRealTime: z.boolean(),
    allowConnections: z.boolean(),
  })
  .partial()
  .strict();

export async function userRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  app.get('/users/list', async (request) => {
    const query = parse(z.object({ companyId: z.coerce.number().int().positive().optional() }), request.query);
    const companyId = companyScope(request.principal, query.companyId);
    const { users } = await listUsers(ctx.db, companyId, { pageSize: 10_000 });
    return users.map(({ id, name }) => ({ id, name }));
  });

  app.get('/users/:id', async (request) => {
    const { id } = parse(IdParam, request.params);
    const found = await findUser(ctx.db, id, request.principal.super ? undefined : request.principal.companyId);
    if (!found) throw new DomainError('ERR_NO_USER_FOUND');
    return found;
  });

  app.put('/users/:id', { config: { auth: { allowExpired: true } } }, async (request) => {
    const { id } = parse(IdParam, request.params);
    const body = parse(UpdateUserRequest, request.body);
    const principal = request.principal;
    const target = await findUser(ctx.db, id, principal.super ? undefined : principal.companyId);
    if (!target) throw new DomainError('ERR_NO_USER_FOUND');
    const isAdmin = principal.profile === 'admin' || principal.super;
    if (target.id !== principal.userId && !isAdmin) throw new DomainError('ERR_NO_PERMISSION');
    const { password, email, ...details } = body;
    if (details.profile !== undefined && details.profile !== target.profile && !isAdmin) throw new DomainError('ERR_NO_PERMISSION');
    if (details.queueIds !== undefined && principal.profile === 'user' && !principal.super && JSON.stringify(details.queueIds) !== JSON.stringify(target.queueIds)) {
      throw new DomainError('ERR_NO_PERMISSION');
    }
    const actor = userActor(principal.userId);
    const companyId = target.companyId;
    const newEmail = email?.toLowerCase();
    if (newEmail !== undefined && newEmail !== target.email) {
      await execute(ctx, { decider: userEmail, streamId: userEmailStream(newEmail), command: { type: 'ClaimUserEmail', email: newEmail, userId: id }, companyId, actor });
      await execute(ctx, { decider: userEmail, streamId: userEmailStream(target.email), command: { type: 'ReleaseUserEmail', email: target.email, userId: id }, companyId, actor });
    }
    await execute(ctx, {
      decider: user,
      streamId: `user-${id}`,
      command: { type: 'ChangeUserDetails', changes: { ...details, ...(newEmail !== undefined ? { email: newEmail } : {}) } },
      companyId,
      actor,
    });
    if (password !== undefined) {
      await execute(ctx, { decider: user, streamId: `user-${id}`, command: { type: 'ChangeUserPassword', passwordHash: await ctx.hashPassword(password) }, companyId, actor });
    }
    return findUser(ctx.db, id);
  });
}
