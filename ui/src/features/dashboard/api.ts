import type {
  DashboardFigure,
  DashboardSeries,
  DashboardView,
  FigureTickets,
  MomentsView,
  NpsInfo,
  SlaFigures,
  TicketReport,
  UserInfo,
} from '@conversa/contracts';
import { api } from '../../app/api';
import { get } from '../../shared/endpoints';

/** A period as the dashboard's calls take it: the last N days, or a start and end date. */
export type PeriodParams = { days: number } | { date_from: string; date_to: string };

const dates = (period: PeriodParams) => ('days' in period ? { days: period.days } : { initialDate: period.date_from, finalDate: period.date_to });

export interface FigureTicketsArgs {
  period: PeriodParams;
  figure: DashboardFigure;
  userId?: number;
  page: number;
}

/** GET /ticket/reports' parameters as the screen holds them; lists go as JSON text (spec 3 §7). */
export interface ReportArgs {
  contactId?: number;
  searchParam?: string;
  whatsappId: number[];
  users: number[];
  queueIds: number[];
  tags: number[];
  status: string[];
  dateFrom: string;
  dateTo: string;
  page: number;
  pageSize: number;
}

export const reportParams = (args: Omit<ReportArgs, 'page' | 'pageSize'> & Partial<Pick<ReportArgs, 'page' | 'pageSize'>>): Record<string, string> => {
  const params: Record<string, string> = { dateFrom: args.dateFrom, dateTo: args.dateTo };
  if (args.page !== undefined) params.page = String(args.page);
  if (args.pageSize !== undefined) params.pageSize = String(args.pageSize);
  if (args.contactId !== undefined) params.contactId = String(args.contactId);
  if (args.searchParam) params.searchParam = args.searchParam;
  for (const key of ['whatsappId', 'users', 'queueIds', 'tags', 'status'] as const) if (args[key].length > 0) params[key] = JSON.stringify(args[key]);
  return params;
};

/** The dashboard's, report's and moments' calls; `Dashboard` is refetched when a `dashboard` frame says the figures moved. */
export const dashboardApi = api.enhanceEndpoints({ addTagTypes: ['Dashboard', 'Moments'] }).injectEndpoints({
  endpoints: (build) => ({
    dashboard: build.query<DashboardView, PeriodParams>({ query: (period) => ({ url: 'dashboard', params: period }), providesTags: ['Dashboard'] }),
    ticketsPerDay: build.query<DashboardSeries, PeriodParams>({
      query: (period) => ({ url: 'dashboard/total-atendimentos', params: dates(period) }),
      providesTags: ['Dashboard'],
    }),
    closedPerDay: build.query<DashboardSeries, PeriodParams>({
      query: (period) => ({ url: 'dashboard/atendimentos-encerrados', params: dates(period) }),
      providesTags: ['Dashboard'],
    }),
    ticketsPerQueue: build.query<DashboardSeries, PeriodParams>({
      query: (period) => ({ url: 'dashboard/queues', params: dates(period) }),
      providesTags: ['Dashboard'],
    }),
    ticketsPerUser: build.query<DashboardSeries, PeriodParams>({
      query: (period) => ({ url: 'dashboard/ticketsUsers', params: dates(period) }),
      providesTags: ['Dashboard'],
    }),
    npsInfo: build.query<NpsInfo, PeriodParams>({ query: (period) => ({ url: 'dashboard/nps-info', params: dates(period) }), providesTags: ['Dashboard'] }),
    slaFigures: build.query<SlaFigures, PeriodParams>({ query: (period) => ({ url: 'dashboard/sla', params: dates(period) }), providesTags: ['Dashboard'] }),
    userInfo: build.query<UserInfo, PeriodParams>({ query: (period) => ({ url: 'dashboard/user-info', params: dates(period) }), providesTags: ['Dashboard'] }),
    figureTickets: build.query<FigureTickets, FigureTicketsArgs>({
      query: ({ period, figure, userId, page }) => ({
        url: 'dashboard/tickets',
        params: { ...period, figure, page, pageSize: 10, ...(userId ? { userId } : {}) },
      }),
      providesTags: ['Dashboard'],
    }),
    ticketReport: build.query<TicketReport, ReportArgs>({ query: (args) => ({ url: 'ticket/reports', params: reportParams(args) }) }),
    moments: build.query<MomentsView, void>(get('dashboard/moments', 'Moments')),
  }),
});

export const {
  useDashboardQuery,
  useTicketsPerDayQuery,
  useClosedPerDayQuery,
  useTicketsPerQueueQuery,
  useTicketsPerUserQuery,
  useNpsInfoQuery,
  useSlaFiguresQuery,
  useUserInfoQuery,
  useFigureTicketsQuery,
  useTicketReportQuery,
  useMomentsQuery,
} = dashboardApi;
