import { CreateOnDutyRequest, OnDutyIdParams, UpdateOnDutyRequest, type OnDutyView } from '@conversa/contracts';
import { changeOnDuty, createOnDuty, deleteOnDuty, type OnDutyLookup } from '@conversa/core';
import { findOnDuty, listOnDuty } from '@conversa/projections/onDuty/queries';
import { findUser } from '@conversa/projections/users/queries';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ApiContext } from '../context';
import { actingAs, recordRoutes } from '../http/records';

const OnDutyAnswer = z.custom<OnDutyView>();
const auth = { area: 'onDuty' } as const;

const lookupOf = (ctx: ApiContext): OnDutyLookup => ({ userOfCompany: async (companyId, userId) => (await findUser(ctx.db, userId, companyId)) !== null });

/**
 * On-duty attendants (/plantao): who is told on their phone of new tickets outside the opening
 * hours (docs/on-duty.md). An administration screen: admins only.
 */
export async function onDutyRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  recordRoutes(app, {
    path: '/plantao',
    params: OnDutyIdParams,
    view: OnDutyAnswer,
    notFound: 'ERR_NO_ON_DUTY_FOUND',
    find: (request, id) => findOnDuty(ctx.db, request.principal.companyId, id),
    auth,
    list: {
      summary: 'The company’s on-duty entries',
      response: z.array(OnDutyAnswer),
      run: (_query, request) => listOnDuty(ctx.db, request.principal.companyId),
    },
    get: { summary: 'One on-duty entry' },
    create: {
      summary: 'Add an on-duty entry',
      body: CreateOnDutyRequest,
      errors: ['ERR_NO_USER_FOUND'],
      run: (details, request) => createOnDuty(ctx, { ...actingAs(request), details, lookup: lookupOf(ctx) }),
    },
    change: {
      summary: 'Change an on-duty entry (the fields given)',
      body: UpdateOnDutyRequest,
      errors: ['ERR_NO_USER_FOUND'],
      run: ({ id, changes }, request) => changeOnDuty(ctx, { ...actingAs(request), id, changes, lookup: lookupOf(ctx) }),
    },
    delete: { summary: 'Delete an on-duty entry', run: ({ id }, request) => deleteOnDuty(ctx, { ...actingAs(request), id }) },
  });
}
