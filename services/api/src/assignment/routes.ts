import { DomainError, QueueWorkView, RecordIdParam, SetQueueWorkRequest, SetUserStatusRequest, UserStatusView } from '@conversa/contracts';
import { chooseUserStatus, setQueueWork } from '@conversa/core';
import { findQueueWork, userStatusOf } from '@conversa/projections/assignment/queries';
import { findQueue } from '@conversa/projections/queues/queries';
import { activeUserIds } from '@conversa/projections/users/queries';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { userActor, type ApiContext } from '../context';

const IdParam = z.object({ id: RecordIdParam });
const queuesArea = { area: 'queues' } as const;

async function companyQueue(ctx: ApiContext, companyId: number, queueId: number): Promise<void> {
  if (!(await findQueue(ctx.db, companyId, queueId))) throw new DomainError('ERR_NO_QUEUE_FOUND');
}

/** A queue's assignment and SLA settings (docs/assignment.md), and the attendant's own status for assignment. */
export async function assignmentRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  app.get(
    '/queues/:id/work',
    {
      config: {
        auth: queuesArea,
        contract: { summary: "A queue's assignment, line and SLA settings", params: IdParam, response: QueueWorkView, errors: ['ERR_NO_QUEUE_FOUND'] },
      },
    },
    async (request) => {
      const { id } = request.params;
      await companyQueue(ctx, request.principal.companyId, id);
      return findQueueWork(ctx.db, request.principal.companyId, id);
    },
  );

  app.put(
    '/queues/:id/work',
    {
      config: {
        auth: queuesArea,
        contract: {
          summary: "Sets a queue's assignment, line and SLA settings",
          params: IdParam,
          body: SetQueueWorkRequest,
          response: QueueWorkView,
          errors: ['ERR_NO_QUEUE_FOUND', 'ERR_NO_USER_FOUND'],
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const settings = request.body;
      const { companyId, userId } = request.principal;
      await companyQueue(ctx, companyId, id);
      const users = new Set(await activeUserIds(ctx.db, companyId));
      const strangers = settings.capacities.filter((entry) => !users.has(entry.userId)).map((entry) => entry.userId);
      if (strangers.length > 0) throw new DomainError('ERR_NO_USER_FOUND', undefined, { userIds: strangers });
      const result = await setQueueWork(ctx, { companyId, actor: userActor(userId), queueId: id, settings });
      await ctx.waitForProjections(result.position, { readModels: ['assignment'] });
      return findQueueWork(ctx.db, companyId, id);
    },
  );

  app.get(
    '/users/me/status',
    { config: { contract: { summary: 'My status for assignment (online, away, offline)', response: UserStatusView } } },
    async (request) => {
      const { companyId, userId } = request.principal;
      return { userId, status: await userStatusOf(ctx.db, companyId, userId) };
    },
  );

  app.put(
    '/users/me/status',
    { config: { contract: { summary: 'Sets my status for assignment (the top bar)', body: SetUserStatusRequest, response: UserStatusView } } },
    async (request) => {
      const { status } = request.body;
      const { companyId, userId } = request.principal;
      const result = await chooseUserStatus(ctx, { companyId, actor: userActor(userId), userId, status });
      await ctx.waitForProjections(result.position, { readModels: ['assignment'] });
      return { userId, status: await userStatusOf(ctx.db, companyId, userId) };
    },
  );
}
