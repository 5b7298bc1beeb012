import { allPlanFlagsOn, DomainError, streams, PlanFields, RecordIdParam } from '@conversa/contracts';
import { plan } from '@conversa/core';
import { findPlan, listPlans } from '@conversa/projections/plans/queries';
import type { FastifyInstance } from 'fastify';
import { countCompaniesOnPlan } from '@conversa/projections/companies/queries';
import { z } from 'zod';
import { execute, userActor, type ApiContext } from '../context';
import { parse } from '../http/errors';

const IdParam = z.object({ id: RecordIdParam });

export async function planRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  app.get('/plans/listPublic', { config: { auth: 'public' } }, async () => listPlans(ctx.db, { publicOnly: true }));
  app.get('/plans/list', { config: { auth: { allowExpired: true } } }, async () => listPlans(ctx.db));
  app.get('/plans/all', { config: { auth: { super: true } } }, async () => listPlans(ctx.db));
  app.get('/plans/:id', { config: { auth: { super: true } } }, async (request) => {
    const found = await findPlan(ctx.db, parse(IdParam, request.params).id);
    if (!found) throw new DomainError('ERR_NOT_FOUND', 'Plan not found');
    return found;
  });

  app.post('/plans', { config: { auth: { super: true } } }, async (request, reply) => {
    // Flags default to on; name, limits and amount are required.
    const fields = parse(PlanFields.strict(), { ...allPlanFlagsOn, isPublic: true, ...(request.body as object) });
    const planId = await ctx.ids.next('plan');
    await execute(ctx, {
      decider: plan,
      streamId: streams.plan(planId),
      command: { type: 'CreatePlan', planId, fields },
      companyId: request.principal.companyId,
      actor: userActor(request.principal.userId),
    });
    return reply.status(201).send(await findPlan(ctx.db, planId));
  });

  app.put('/plans/:id', { config: { auth: { super: true } } }, async (request) => {
    const { id } = parse(IdParam, request.params);
    const changes = parse(PlanFields.partial().strict(), request.body);
    await execute(ctx, { decider: plan, streamId: streams.plan(id), command: { type: 'ChangePlan', changes }, companyId: request.principal.companyId, actor: userActor(request.principal.userId) });
    return findPlan(ctx.db, id);
  });

  app.delete('/plans/:id', { config: { auth: { super: true } } }, async (request, reply) => {
    const { id } = parse(IdParam, request.params);
    await execute(ctx, {
      decider: plan,
      streamId: streams.plan(id),
      command: { type: 'DeletePlan', companiesOnPlan: await countCompaniesOnPlan(ctx.db, id) },
      companyId: request.principal.companyId,
      actor: userActor(request.principal.userId),
    });
    return reply.status(204).send();
  });
}
