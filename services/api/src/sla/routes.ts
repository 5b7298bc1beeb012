import { DashboardPeriodQuery, resolvePeriod, SlaFigures, TicketSlaList, TicketSlaQuery } from '@conversa/contracts';
import { dashboardToday } from '@conversa/projections/dashboard/queries';
import { slaFigures, ticketSlaClocks } from '@conversa/projections/sla/queries';
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context';

/** The SLA clocks of the tickets a list shows, and the dashboard's met and breached counts (docs/metrics.md "SLA"). */
export async function slaRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  app.get(
    '/tickets/sla',
    { config: { contract: { summary: 'The running SLA clock of each listed ticket', query: TicketSlaQuery, response: TicketSlaList } } },
    async (request) => {
      const { ids } = request.query;
      return { clocks: await ticketSlaClocks(ctx.db, request.principal.companyId, ids ?? []) };
    },
  );

  app.get(
    '/dashboard/sla',
    {
      config: {
        auth: { area: 'dashboard' },
        contract: {
          summary: 'SLA clocks met and breached per queue and attendant',
          query: DashboardPeriodQuery,
          response: SlaFigures,
          errors: ['ERR_DASHBOARD_PERIOD_REQUIRED', 'ERR_DASHBOARD_RANGE_INVALID', 'ERR_DASHBOARD_RANGE_TOO_LONG'],
        },
      },
    },
    async (request) => slaFigures(ctx.db, request.principal.companyId, resolvePeriod(request.query, dashboardToday(ctx.now()))),
  );
}
