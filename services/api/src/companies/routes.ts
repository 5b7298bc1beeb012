import { CompanyDetails, DomainError, streams, IsoDate, SchedulesInput, companyDetails, RecordId, RecordIdParam, safeText } from '@conversa/contracts';
import { advanceDueDate, company, createCompanyAdmin, recurrenceMonths, withClaimedEmail } from '@conversa/core';
import { companyNameTaken, findCompany, listCompanies } from '@conversa/projections/companies/queries';
import { findPlan } from '@conversa/projections/plans/queries';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { execute, userActor, type ApiContext } from '../context';
import { companyScope } from '../http/auth';
import { parse } from '../http/errors';

const IdParam = z.object({ id: RecordIdParam });

const CompanyForm = CompanyDetails.extend({
  name: safeText().trim().min(2, 'Muito curto!').max(50, 'Muito longo!'),
  email: safeText().trim().email('E-mail inválido'),
  phone: safeText().regex(/^(\d{11})?$/, 'O telefone deve ter 11 dígitos'),
  planId: RecordId,
  dueDate: IsoDate,
});
const CreateCompanyRequest = CompanyForm.partial({ document: true, paymentMethod: true, addressStreet: true, addressState: true, addressCity: true, recurrence: true, status: true, phone: true })
  .extend({ password: safeText().min(5).max(50).optional() })
  .strict();

export async function companyRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  app.get('/companies/:id', { config: { auth: { allowExpired: true } } }, async (request) => {
    const id = companyScope(request.principal, parse(IdParam, request.params).id);
    const found = await findCompany(ctx.db, id);
    if (!found) throw new DomainError('ERR_NOT_FOUND', 'Company not found');
    return found;
  });

  app.get('/companies/listPlan/:id', { config: { auth: { allowExpired: true } } }, async (request) => {
    const id = companyScope(request.principal, parse(IdParam, request.params).id);
    const found = await findCompany(ctx.db, id);
    const plan = found && (await findPlan(ctx.db, found.planId));
    if (!plan) throw new DomainError('ERR_NOT_FOUND', 'Company not found');
    return { ...found, plan };
  });

  app.put('/companies/:id/schedules', { config: { auth: { admin: true } } }, async (request) => {
    const id = companyScope(request.principal, parse(IdParam, request.params).id);
    // Seven days, each day's windows valid (start before end, A and B apart); a day left out keeps the default hours.
    const { schedules } = parse(z.object({ schedules: SchedulesInput }).strict(), request.body);
    await execute(ctx, { decider: company, streamId: streams.company(id), command: { type: 'SetCompanySchedules', schedules }, companyId: id, actor: userActor(request.principal.userId) });
    return findCompany(ctx.db, id);
  });

  app.get('/companies', { config: { auth: { super: true } } }, async () => listCompanies(ctx.db));
  app.get('/companies/list', { config: { auth: { super: true } } }, async () => listCompanies(ctx.db));

  app.post('/companies', { config: { auth: { super: true } } }, async (request, reply) => {
    const body = parse(CreateCompanyRequest, request.body);
    if (!(await findPlan(ctx.db, body.planId))) throw new DomainError('ERR_VALIDATION', 'planId: plan not found');
    if (await companyNameTaken(ctx.db, body.name)) throw new DomainError('ERR_COMPANY_NAME_TAKEN');
    const companyId = await ctx.ids.next('company');
    const actor = userActor(request.principal.userId);
    const register = () =>
      execute(ctx, {
        decider: company,
        streamId: streams.company(companyId),
        command: {
          type: 'RegisterCompany',
          companyId,
          planId: body.planId,
          dueDate: body.dueDate,
          via: 'admin',
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
        },
        companyId,
        actor,
      });
    // A company created by the super user with a password gets its first admin, who logs in with the company's
    // e-mail. The e-mail is claimed first (as signup does), so an e-mail in use refuses the company before it exists.
    const password = body.password;
    if (password) {
      const email = body.email.toLowerCase();
      const userId = await ctx.ids.next('user');
      const claim = { email, userId, companyId, actor };
      await withClaimedEmail(ctx, claim, async () => {
        await register();
        await createCompanyAdmin(ctx, { ...claim, name: body.name, password });
      });
    } else {
      await register();
    }
    return reply.status(201).send(await findCompany(ctx.db, companyId));
  });

  app.put('/companies/:id', { config: { auth: { super: true } } }, async (request) => {
    const { id } = parse(IdParam, request.params);
    const body = parse(CompanyForm.partial().strict(), request.body);
    const current = await findCompany(ctx.db, id);
    if (!current) throw new DomainError('ERR_NOT_FOUND', 'Company not found');
    const { planId, dueDate, ...details } = body;
    if (details.name !== undefined && details.name.toLowerCase() !== current.name.toLowerCase() && (await companyNameTaken(ctx.db, details.name))) {
      throw new DomainError('ERR_COMPANY_NAME_TAKEN');
    }
    if (planId !== undefined && !(await findPlan(ctx.db, planId))) throw new DomainError('ERR_VALIDATION', 'planId: plan not found');
    // One command, one append: a refused part (company 1's due date) leaves the details unchanged too.
    await execute(ctx, {
      decider: company,
      streamId: streams.company(id),
      command: { type: 'EditCompany', changes: details, planId, dueDate },
      companyId: id,
      actor: userActor(request.principal.userId),
    });
    return findCompany(ctx.db, id);
  });

  /** Advances the due date by the company's recurrence (the due-date button). */
  app.post('/companies/:id/advance-due-date', { config: { auth: { super: true } } }, async (request) => {
    const { id } = parse(IdParam, request.params);
    const current = await findCompany(ctx.db, id);
    if (!current) throw new DomainError('ERR_NOT_FOUND', 'Company not found');
    await execute(ctx, {
      decider: company,
      streamId: streams.company(id),
      command: { type: 'SetCompanyDueDate', dueDate: advanceDueDate(current.dueDate, current.recurrence as keyof typeof recurrenceMonths) },
      companyId: id,
      actor: userActor(request.principal.userId),
    });
    return findCompany(ctx.db, id);
  });

  app.delete('/companies/:id', { config: { auth: { super: true } } }, async (request, reply) => {
    const { id } = parse(IdParam, request.params);
    await execute(ctx, { decider: company, streamId: streams.company(id), command: { type: 'DeleteCompany' }, companyId: id, actor: userActor(request.principal.userId) });
    return reply.status(204).send();
  });
}
