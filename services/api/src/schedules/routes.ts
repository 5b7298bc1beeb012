import {
  CreateScheduleRequest,
  DomainError,
  ListSchedulesQuery,
  UpdateScheduleRequest,
  RecordIdParam,
  SchedulePage,
  ScheduleView,
  DeletedAnswer,
} from '@conversa/contracts';
import { changeSchedule, createSchedule, deleteSchedule, type ScheduleLookup } from '@conversa/core';
import { findContact } from '@conversa/projections/contacts/queries';
import { findSchedule, listSchedules } from '@conversa/projections/schedules/queries';
import { findTicket } from '@conversa/projections/tickets/queries';
import { findUser } from '@conversa/projections/users/queries';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { userActor, type ApiContext } from '../context';

const IdParam = z.object({ id: RecordIdParam });
/** /schedules requires the plan flag useSchedules. */
const config = { auth: { plan: 'useSchedules' as const } };

/** The read models a scheduled message's contact, ticket and user are checked against. */
function scheduleLookup(ctx: ApiContext): ScheduleLookup {
  return {
    contactExists: async (companyId, contactId) => Boolean(await findContact(ctx.db, companyId, contactId)),
    ticketContactId: async (companyId, ticketId) => (await findTicket(ctx.db, companyId, ticketId))?.contactId ?? null,
    userExists: async (companyId, userId) => Boolean(await findUser(ctx.db, userId, companyId)),
  };
}

/**
 * Scheduled messages. Schedules are the company's: every user with the
 * plan flag sees and edits them (no role limit); sending is the automation's.
 */
export async function scheduleRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  // The browser asks for `/schedules/`; both spellings answer.
  for (const url of ['/schedules', '/schedules/']) {
    app.get(
      url,
      { config: { ...config, contract: { summary: 'Scheduled messages, a page at a time', query: ListSchedulesQuery, response: SchedulePage } } },
      async (request) => {
        const query = request.query;
        return listSchedules(ctx.db, request.principal.companyId, query);
      },
    );
  }

  app.get(
    '/schedules/:id',
    { config: { ...config, contract: { params: IdParam, response: ScheduleView, errors: ['ERR_NO_SCHEDULE_FOUND'] } } },
    async (request) => {
      const { id } = request.params;
      const found = await findSchedule(ctx.db, request.principal.companyId, id);
      if (!found) throw new DomainError('ERR_NO_SCHEDULE_FOUND');
      return found;
    },
  );

  app.post(
    '/schedules',
    {
      config: {
        ...config,
        contract: { body: CreateScheduleRequest, response: ScheduleView, errors: ['ERR_NO_CONTACT_FOUND', 'ERR_NO_TICKET_FOUND', 'ERR_NO_USER_FOUND'] },
      },
    },
    async (request) => {
      const body = request.body;
      const { principal } = request;
      const { companyId } = principal;
      const scheduleId = await createSchedule(ctx, {
        companyId,
        actor: userActor(principal.userId),
        callerId: principal.userId,
        request: body,
        lookup: scheduleLookup(ctx),
      });
      return findSchedule(ctx.db, companyId, scheduleId);
    },
  );

  app.put(
    '/schedules/:id',
    {
      config: {
        ...config,
        contract: {
          params: IdParam,
          body: UpdateScheduleRequest,
          response: ScheduleView,
          errors: ['ERR_NO_SCHEDULE_FOUND', 'ERR_SCHEDULE_ALREADY_SENT', 'ERR_NO_CONTACT_FOUND', 'ERR_NO_TICKET_FOUND', 'ERR_NO_USER_FOUND'],
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const changes = request.body;
      const { principal } = request;
      const { companyId } = principal;
      if (!(await findSchedule(ctx.db, companyId, id))) throw new DomainError('ERR_NO_SCHEDULE_FOUND');
      await changeSchedule(ctx, { companyId, actor: userActor(principal.userId), id, changes, lookup: scheduleLookup(ctx) });
      return findSchedule(ctx.db, companyId, id);
    },
  );

  app.delete(
    '/schedules/:id',
    { config: { ...config, contract: { params: IdParam, response: DeletedAnswer, errors: ['ERR_NO_SCHEDULE_FOUND', 'ERR_SCHEDULE_ALREADY_SENT'] } } },
    async (request) => {
      const { id } = request.params;
      const { principal } = request;
      if (!(await findSchedule(ctx.db, principal.companyId, id))) throw new DomainError('ERR_NO_SCHEDULE_FOUND');
      return deleteSchedule(ctx, { companyId: principal.companyId, actor: userActor(principal.userId), id });
    },
  );
}
