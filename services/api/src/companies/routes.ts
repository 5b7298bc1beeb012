import { CreateCompanyRequest, SchedulesInput, companyDetails, RecordIdParam, UpdateCompanyRequest, CompanyView, CompanyWithPlan } from '@conversa/contracts';
import { advanceCompanyDueDate, companyNotFound, deleteCompany, editCompany, registerCompany, setCompanySchedules, type CompanyLookup } from '@conversa/core';
import { companyNameTaken, findCompany, listCompanies } from '@conversa/projections/companies/queries';
import { findPlan } from '@conversa/projections/plans/queries';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { userActor, type ApiContext } from '../context';
import { companyScope, type Principal } from '../http/auth';

const IdParam = z.object({ id: RecordIdParam });

/** The read-model checks the company use cases make before their command. */
const companyLookup = (ctx: ApiContext): CompanyLookup => ({
  company: (id) => findCompany(ctx.db, id),
  planExists: async (planId) => (await findPlan(ctx.db, planId)) !== null,
  nameTaken: (name) => companyNameTaken(ctx.db, name),
});

export async function companyRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  /** The company the caller may read: their own (any, for the super user); another is not found. */
  const readableCompany = async (principal: Principal, id: number) => {
    const found = await findCompany(ctx.db, companyScope(principal, id));
    if (!found) throw companyNotFound();
    return found;
  };

  app.get(
    '/companies/:id',
    { config: { auth: { allowExpired: true }, contract: { params: IdParam, response: CompanyView, errors: ['ERR_NOT_FOUND', 'ERR_NO_PERMISSION'] } } },
    async (request) => readableCompany(request.principal, request.params.id),
  );

  app.get(
    '/companies/listPlan/:id',
    { config: { auth: { allowExpired: true }, contract: { params: IdParam, response: CompanyWithPlan, errors: ['ERR_NOT_FOUND', 'ERR_NO_PERMISSION'] } } },
    async (request) => {
      const found = await readableCompany(request.principal, request.params.id);
      const plan = await findPlan(ctx.db, found.planId);
      if (!plan) throw companyNotFound();
      return { ...found, plan };
    },
  );

  app.put(
    '/companies/:id/schedules',
    {
      config: {
        auth: { area: 'settings' },
        contract: {
          params: IdParam,
          body: z.object({ schedules: SchedulesInput }).strict(),
          response: CompanyView,
          errors: ['ERR_NOT_FOUND', 'ERR_NO_PERMISSION'],
        },
      },
    },
    async (request) => {
      const id = companyScope(request.principal, request.params.id);
      // Seven days, each day's windows valid (start before end, A and B apart); a day left out keeps the default hours.
      const { schedules } = request.body;
      await setCompanySchedules(ctx, { companyId: id, schedules, actor: userActor(request.principal.userId) });
      return findCompany(ctx.db, id);
    },
  );

  app.get(
    '/companies',
    { config: { auth: { area: 'companies' }, contract: { summary: 'Every company (super user)', response: z.array(CompanyView) } } },
    async () => listCompanies(ctx.db),
  );
  app.get(
    '/companies/list',
    { config: { auth: { area: 'companies' }, contract: { summary: 'Every company (super user)', response: z.array(CompanyView) } } },
    async () => listCompanies(ctx.db),
  );

  app.post(
    '/companies',
    {
      config: {
        auth: { area: 'companies' },
        contract: { body: CreateCompanyRequest, status: 201, response: CompanyView, errors: ['ERR_EMAIL_IN_USE', 'ERR_COMPANY_NAME_TAKEN', 'ERR_NOT_FOUND'] },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const companyId = await registerCompany(ctx, {
        planId: body.planId,
        dueDate: body.dueDate,
        // Named one by one: the body also carries the first admin's password, which no event may hold.
        details: companyDetails({
          name: body.name,
          email: body.email,
          phone: body.phone,
          document: body.document,
          paymentMethod: body.paymentMethod,
          addressStreet: body.addressStreet,
          addressState: body.addressState,
          addressCity: body.addressCity,
          recurrence: body.recurrence,
          status: body.status,
        }),
        password: body.password,
        actor: userActor(request.principal.userId),
        lookup: companyLookup(ctx),
      });
      return reply.status(201).send(await findCompany(ctx.db, companyId));
    },
  );

  app.put(
    '/companies/:id',
    {
      config: {
        auth: { area: 'companies' },
        contract: { params: IdParam, body: UpdateCompanyRequest, response: CompanyView, errors: ['ERR_NOT_FOUND', 'ERR_COMPANY_NAME_TAKEN'] },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { planId, dueDate, ...changes } = request.body;
      await editCompany(ctx, { companyId: id, changes, planId, dueDate, actor: userActor(request.principal.userId), lookup: companyLookup(ctx) });
      return findCompany(ctx.db, id);
    },
  );

  /** Advances the due date by the company's recurrence (the due-date button). */
  app.post(
    '/companies/:id/advance-due-date',
    {
      config: {
        auth: { area: 'companies' },
        contract: {
          summary: "Advances the due date by the company's recurrence (the due-date button).",
          params: IdParam,
          response: CompanyView,
          errors: ['ERR_NOT_FOUND'],
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      await advanceCompanyDueDate(ctx, { companyId: id, actor: userActor(request.principal.userId), lookup: companyLookup(ctx) });
      return findCompany(ctx.db, id);
    },
  );

  app.delete(
    '/companies/:id',
    { config: { auth: { area: 'companies' }, contract: { params: IdParam, status: 204, errors: ['ERR_NOT_FOUND'] } } },
    async (request, reply) => {
      const { id } = request.params;
      await deleteCompany(ctx, { companyId: id, actor: userActor(request.principal.userId) });
      return reply.status(204).send();
    },
  );
}
