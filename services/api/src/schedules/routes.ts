import { CreateScheduleRequest, DomainError, ListSchedulesQuery, scheduleStream, UpdateScheduleRequest, RecordIdParam } from '@conversa/contracts';
import { schedule } from '@conversa/core';
import { findContact } from '@conversa/projections/contacts/queries';
import { findSchedule, listSchedules } from '@conversa/projections/schedules/queries';
import { findTicket } from '@conversa/projections/tickets/queries';
import { findUser } from '@conversa/projections/users/queries';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { execute, userActor, type ApiContext } from '../context';
import { parse } from '../http/errors';

const IdParam = z.object({ id: RecordIdParam });
/** /schedules requires the plan flag useSchedules. */
const config = { auth: { plan: 'useSchedules' as const } };

async function checkContact(ctx: ApiContext, companyId: number, contactId: number | undefined): Promise<void> {
  if (contactId !== undefined && !(await findContact(ctx.db, companyId, contactId))) throw new DomainError('ERR_NO_CONTACT_FOUND');
}

async function checkUser(ctx: ApiContext, companyId: number, userId: number | null | undefined): Promise<void> {
  if (userId !== null && userId !== undefined && !(await findUser(ctx.db, userId, companyId))) throw new DomainError('ERR_NO_USER_FOUND');
}

/**
 * Scheduled messages. Schedules are the company's: every user with the
 * plan flag sees and edits them (no role limit); sending is the automation's.
 */
export async function scheduleRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  // The browser asks for `/schedules/`; both spellings answer.
  for (const url of ['/schedules', '/schedules/']) {
    app.get(url, { config }, async (request) => {
      const query = parse(ListSchedulesQuery, request.query);
      return listSchedules(ctx.db, request.principal.companyId, query);
    });
  }

  app.get('/schedules/:id', { config }, async (request) => {
    const { id } = parse(IdParam, request.params);
    const found = await findSchedule(ctx.db, request.principal.companyId, id);
    if (!found) throw new DomainError('ERR_NO_SCHEDULE_FOUND');
    return found;
  });

  app.post('/schedules', { config }, async (request) => {
    const body = parse(CreateScheduleRequest, request.body);
    const { principal } = request;
    const { companyId } = principal;
    await checkContact(ctx, companyId, body.contactId);
    const ticketId = body.ticketId ?? null;
    if (ticketId !== null) {
      const ticket = await findTicket(ctx.db, companyId, ticketId);
      if (!ticket) throw new DomainError('ERR_NO_TICKET_FOUND');
      if (ticket.contactId !== body.contactId) throw new DomainError('ERR_VALIDATION', 'contactId: não é o contato deste ticket');
    }
    const userId = body.userId ?? principal.userId;
    await checkUser(ctx, companyId, userId);
    const scheduleId = await ctx.ids.next('schedule');
    await execute(ctx, {
      decider: schedule,
      streamId: scheduleStream(scheduleId),
      command: { type: 'CreateSchedule', scheduleId, ticketId, fields: { contactId: body.contactId, body: body.body, sendAt: body.sendAt, userId } },
      companyId,
      actor: userActor(principal.userId),
    });
    return findSchedule(ctx.db, companyId, scheduleId);
  });

  app.put('/schedules/:id', { config }, async (request) => {
    const { id } = parse(IdParam, request.params);
    const changes = parse(UpdateScheduleRequest, request.body);
    const { principal } = request;
    const { companyId } = principal;
    if (!(await findSchedule(ctx.db, companyId, id))) throw new DomainError('ERR_NO_SCHEDULE_FOUND');
    await checkContact(ctx, companyId, changes.contactId);
    await checkUser(ctx, companyId, changes.userId);
    await execute(ctx, { decider: schedule, streamId: scheduleStream(id), command: { type: 'ChangeSchedule', changes }, companyId, actor: userActor(principal.userId) });
    return findSchedule(ctx.db, companyId, id);
  });

  app.delete('/schedules/:id', { config }, async (request) => {
    const { id } = parse(IdParam, request.params);
    const { principal } = request;
    if (!(await findSchedule(ctx.db, principal.companyId, id))) throw new DomainError('ERR_NO_SCHEDULE_FOUND');
    await execute(ctx, { decider: schedule, streamId: scheduleStream(id), command: { type: 'DeleteSchedule' }, companyId: principal.companyId, actor: userActor(principal.userId) });
    return { message: 'Schedule deleted' };
  });
}
