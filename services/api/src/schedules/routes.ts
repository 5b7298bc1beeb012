import { CreateScheduleRequest, ListSchedulesQuery, UpdateScheduleRequest, SchedulePage, ScheduleView } from '@conversa/contracts';
import { changeSchedule, createSchedule, deleteSchedule, type ScheduleLookup } from '@conversa/core';
import { findContact } from '@conversa/projections/contacts/queries';
import { findSchedule, listSchedules } from '@conversa/projections/schedules/queries';
import { findTicket } from '@conversa/projections/tickets/queries';
import { findUser } from '@conversa/projections/users/queries';
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context';
import { actingAs, recordRoutes } from '../http/records';

/** /schedules requires the plan flag useSchedules. */
const auth = { plan: 'useSchedules' as const };

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
  recordRoutes(app, {
    path: '/schedules',
    view: ScheduleView,
    notFound: 'ERR_NO_SCHEDULE_FOUND',
    find: (request, id) => findSchedule(ctx.db, request.principal.companyId, id),
    auth,
    list: {
      summary: 'Scheduled messages, a page at a time',
      query: ListSchedulesQuery,
      response: SchedulePage,
      slash: true,
      run: (query, request) => listSchedules(ctx.db, request.principal.companyId, query),
    },
    get: {},
    create: {
      body: CreateScheduleRequest,
      status: 200,
      errors: ['ERR_NO_CONTACT_FOUND', 'ERR_NO_TICKET_FOUND', 'ERR_NO_USER_FOUND'],
      run: (body, request) => createSchedule(ctx, { ...actingAs(request), callerId: request.principal.userId, request: body, lookup: scheduleLookup(ctx) }),
    },
    change: {
      body: UpdateScheduleRequest,
      errors: ['ERR_SCHEDULE_ALREADY_SENT', 'ERR_NO_CONTACT_FOUND', 'ERR_NO_TICKET_FOUND', 'ERR_NO_USER_FOUND'],
      run: ({ id, changes }, request) => changeSchedule(ctx, { ...actingAs(request), id, changes, lookup: scheduleLookup(ctx) }),
    },
    delete: { errors: ['ERR_SCHEDULE_ALREADY_SENT'], run: ({ id }, request) => deleteSchedule(ctx, { ...actingAs(request), id }) },
  });
}
