import { CreateOnDutyRequest, DomainError, OnDutyIdParams, UpdateOnDutyRequest, type OnDutyView, DeletedAnswer } from '@conversa/contracts';
import { changeOnDuty, createOnDuty, deleteOnDuty, type OnDutyLookup } from '@conversa/core';
import { findOnDuty, listOnDuty } from '@conversa/projections/onDuty/queries';
import { findUser } from '@conversa/projections/users/queries';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { userActor, type ApiContext } from '../context';

const OnDutyAnswer = z.custom<OnDutyView>();
const auth = { area: 'onDuty' } as const;
const errors = ['ERR_NO_ON_DUTY_FOUND'] as const;

async function companyOnDuty(ctx: ApiContext, companyId: number, id: number): Promise<OnDutyView> {
  const found = await findOnDuty(ctx.db, companyId, id);
  if (!found) throw new DomainError('ERR_NO_ON_DUTY_FOUND');
  return found;
}

const lookupOf = (ctx: ApiContext): OnDutyLookup => ({ userOfCompany: async (companyId, userId) => (await findUser(ctx.db, userId, companyId)) !== null });

/**
 * On-duty attendants (/plantao): who is told on their phone of new tickets outside the opening
 * hours (docs/on-duty.md). An administration screen: admins only.
 */
export async function onDutyRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  app.get('/plantao', { config: { auth, contract: { summary: 'The company’s on-duty entries', response: z.array(OnDutyAnswer) } } }, async (request) =>
    listOnDuty(ctx.db, request.principal.companyId),
  );

  app.get(
    '/plantao/:id',
    { config: { auth, contract: { summary: 'One on-duty entry', params: OnDutyIdParams, response: OnDutyAnswer, errors } } },
    async (request) => {
      const { id } = request.params;
      return companyOnDuty(ctx, request.principal.companyId, id);
    },
  );

  app.post(
    '/plantao',
    {
      config: {
        auth,
        contract: { summary: 'Add an on-duty entry', body: CreateOnDutyRequest, response: OnDutyAnswer, status: 201, errors: ['ERR_NO_USER_FOUND'] },
      },
    },
    async (request, reply) => {
      const details = request.body;
      const { principal } = request;
      const id = await createOnDuty(ctx, { companyId: principal.companyId, actor: userActor(principal.userId), details, lookup: lookupOf(ctx) });
      return reply.status(201).send(await companyOnDuty(ctx, principal.companyId, id));
    },
  );

  app.put(
    '/plantao/:id',
    {
      config: {
        auth,
        contract: {
          summary: 'Change an on-duty entry (the fields given)',
          params: OnDutyIdParams,
          body: UpdateOnDutyRequest,
          response: OnDutyAnswer,
          errors: [...errors, 'ERR_NO_USER_FOUND'],
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const changes = request.body;
      const { principal } = request;
      await companyOnDuty(ctx, principal.companyId, id);
      await changeOnDuty(ctx, { companyId: principal.companyId, actor: userActor(principal.userId), id, changes, lookup: lookupOf(ctx) });
      return companyOnDuty(ctx, principal.companyId, id);
    },
  );

  app.delete(
    '/plantao/:id',
    { config: { auth, contract: { summary: 'Delete an on-duty entry', params: OnDutyIdParams, response: DeletedAnswer, errors } } },
    async (request) => {
      const { id } = request.params;
      const { principal } = request;
      await companyOnDuty(ctx, principal.companyId, id);
      return deleteOnDuty(ctx, { companyId: principal.companyId, actor: userActor(principal.userId), id });
    },
  );
}
