import { allPlanFlagsOn, PlanFields, RecordIdParam, PlanSchema } from '@conversa/contracts';
import { changePlan, createPlan, deletePlan, planNotFound } from '@conversa/core';
import { findPlan, listPlans } from '@conversa/projections/plans/queries';
import type { FastifyInstance } from 'fastify';
import { countCompaniesOnPlan } from '@conversa/projections/companies/queries';
import { z } from 'zod';
import { userActor, type ApiContext } from '../context';
import type { Principal } from '../http/auth';

const IdParam = z.object({ id: RecordIdParam });
/** The super user acts in their own company's name. */
const actingAs = (principal: Principal) => ({ companyId: principal.companyId, actor: userActor(principal.userId) });

export async function planRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  app.get(
    '/plans/listPublic',
    { config: { auth: 'public', contract: { summary: 'Public plans (the signup form)', response: z.array(PlanSchema) } } },
    async () => listPlans(ctx.db, { publicOnly: true }),
  );
  app.get('/plans/list', { config: { auth: { allowExpired: true }, contract: { summary: 'Every plan', response: z.array(PlanSchema) } } }, async () =>
    listPlans(ctx.db),
  );
  app.get('/plans/all', { config: { auth: { area: 'plans' }, contract: { summary: 'Every plan (super user)', response: z.array(PlanSchema) } } }, async () =>
    listPlans(ctx.db),
  );
  app.get(
    '/plans/:id',
    { config: { auth: { area: 'plans' }, contract: { params: IdParam, response: PlanSchema, errors: ['ERR_NOT_FOUND'] } } },
    async (request) => {
      const found = await findPlan(ctx.db, request.params.id);
      if (!found) throw planNotFound();
      return found;
    },
  );

  app.post(
    '/plans',
    {
      config: {
        auth: { area: 'plans' },
        contract: {
          body: PlanFields.partial().required({ name: true, users: true, connections: true, queues: true, amount: true }).strict(),
          status: 201,
          response: PlanSchema,
        },
      },
    },
    async (request, reply) => {
      // Flags default to on; name, limits and amount are required.
      const fields = { ...allPlanFlagsOn, isPublic: true, ...request.body };
      const planId = await createPlan(ctx, { fields, ...actingAs(request.principal) });
      return reply.status(201).send(await findPlan(ctx.db, planId));
    },
  );

  app.put(
    '/plans/:id',
    {
      config: { auth: { area: 'plans' }, contract: { params: IdParam, body: PlanFields.partial().strict(), response: PlanSchema, errors: ['ERR_NOT_FOUND'] } },
    },
    async (request) => {
      const { id } = request.params;
      const changes = request.body;
      await changePlan(ctx, { planId: id, changes, ...actingAs(request.principal) });
      return findPlan(ctx.db, id);
    },
  );

  app.delete(
    '/plans/:id',
    { config: { auth: { area: 'plans' }, contract: { params: IdParam, status: 204, errors: ['ERR_NOT_FOUND'] } } },
    async (request, reply) => {
      const { id } = request.params;
      await deletePlan(ctx, { planId: id, usage: { companiesOnPlan: (planId) => countCompaniesOnPlan(ctx.db, planId) }, ...actingAs(request.principal) });
      return reply.status(204).send();
    },
  );
}
