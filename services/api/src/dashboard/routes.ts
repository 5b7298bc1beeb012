import {
  maskContact,
  DashboardPeriodQuery,
  DashboardSeries,
  DashboardTicketsQuery,
  DashboardView,
  FigureTickets,
  NpsInfo,
  resolvePeriod,
  UserInfo,
  type DashboardPeriod,
} from '@conversa/contracts';
import {
  dashboardAttendants,
  dashboardCounters,
  dashboardToday,
  featuredAttendant,
  npsInfo,
  perDay,
  perQueue,
  perUser,
} from '@conversa/projections/dashboard/queries';
import { figureTickets } from '@conversa/projections/dashboard/figure-tickets';
import type { FastifyInstance } from 'fastify';
import type { ZodType } from 'zod';
import type { ApiContext } from '../context';
import { reportRoutes } from './report-routes';

/** Admin, or a plain user with showDashboard (spec 3 §6). */
const auth = { area: 'dashboard' } as const;
const periodErrors = ['ERR_DASHBOARD_PERIOD_REQUIRED', 'ERR_DASHBOARD_RANGE_INVALID', 'ERR_DASHBOARD_RANGE_TOO_LONG'] as const;
const config = <Q extends ZodType = typeof DashboardPeriodQuery>(summary: string, response: ZodType, query?: Q) => ({
  auth,
  contract: { summary, query: (query ?? DashboardPeriodQuery) as Q, response, errors: periodErrors },
});

/**
 * The dashboard (docs/metrics.md): read only, from the dashboard read model. Days are the
 * company's (COMPANY_TIME_ZONE); a period spans at most a year.
 */
export async function dashboardRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  const periodOf = (request: { query: DashboardPeriodQuery }): DashboardPeriod => resolvePeriod(request.query, dashboardToday(ctx.now()));

  app.get('/dashboard', { config: config('Cards and attendants table of a period', DashboardView) }, async (request) => {
    const period = periodOf(request);
    const { companyId } = request.principal;
    const [counters, attendants] = await Promise.all([dashboardCounters(ctx.db, companyId, period), dashboardAttendants(ctx.db, companyId, period)]);
    return { ...period, counters, attendants };
  });

  app.get('/dashboard/total-atendimentos', { config: config('Tickets created per day', DashboardSeries) }, async (request) =>
    perDay(ctx.db, request.principal.companyId, periodOf(request), 'tickets'),
  );

  app.get('/dashboard/atendimentos-encerrados', { config: config('Tickets closed per day', DashboardSeries) }, async (request) =>
    perDay(ctx.db, request.principal.companyId, periodOf(request), 'closed'),
  );

  app.get('/dashboard/queues', { config: config('Tickets per queue', DashboardSeries) }, async (request) =>
    perQueue(ctx.db, request.principal.companyId, periodOf(request)),
  );

  app.get('/dashboard/ticketsUsers', { config: config('Tickets per attendant', DashboardSeries) }, async (request) =>
    perUser(ctx.db, request.principal.companyId, periodOf(request)),
  );

  app.get('/dashboard/user-info', { config: config('The featured attendant', UserInfo) }, async (request) => ({
    featured: featuredAttendant(await dashboardAttendants(ctx.db, request.principal.companyId, periodOf(request))),
  }));

  app.get('/dashboard/nps-info', { config: config('Rating breakdown', NpsInfo) }, async (request) =>
    npsInfo(ctx.db, request.principal.companyId, periodOf(request)),
  );

  app.get('/dashboard/tickets', { config: config('The tickets behind a figure', FigureTickets, DashboardTicketsQuery) }, async (request) => {
    const { query } = request;
    const period = resolvePeriod(query, dashboardToday(ctx.now()));
    const listed = await figureTickets(ctx.db, request.principal.companyId, { ...query, period });
    // LGPD hide-number: a contact named by its number is shown masked, as everywhere else.
    if (!request.principal.numbersHidden) return listed;
    return { ...listed, tickets: listed.tickets.map((ticket) => ({ ...ticket, contactName: maskContact({ name: ticket.contactName }).name })) };
  });

  await reportRoutes(app, ctx);
}
