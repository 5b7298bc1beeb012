import { z } from 'zod';
import { QueryFlag, RealDate, RecordIdParam } from '../common/bounds';
import { SearchParam } from '../common/inputs';
import { DomainError } from '../errors';
import { idList, statusListOf } from '../tickets/api';

/** The dashboard's period options, in days (the last N days, today included). */
export const DASHBOARD_PERIODS = [3, 7, 15, 30, 60, 90] as const;
/** A period may span at most this many days (a year, leap day included). */
export const DASHBOARD_MAX_DAYS = 366;
/** The report's page sizes; the first page and ten rows by default. */
export const REPORT_PAGE_SIZES = [5, 10, 20, 50] as const;
export const REPORT_DEFAULT_PAGE_SIZE = 10;

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const optionalDay = z.preprocess(blankToUndefined, RealDate.optional());
const numberText = (value: unknown) => (typeof value === 'string' && /^\s*\d{1,6}\s*$/.test(value) ? Number(value) : blankToUndefined(value));

/**
 * A dashboard period: `days` (the last 3 … 90 days), or a start and end date. The spec names the
 * dates `date_from`/`date_to` on /dashboard and `initialDate`/`finalDate` on the charts: both are taken.
 */
export const DashboardPeriodQuery = z.object({
  days: z.preprocess(numberText, z.union(DASHBOARD_PERIODS.map((days) => z.literal(days))).optional()),
  date_from: optionalDay,
  date_to: optionalDay,
  initialDate: optionalDay,
  finalDate: optionalDay,
});
export type DashboardPeriodQuery = z.infer<typeof DashboardPeriodQuery>;

export interface DashboardPeriod {
  /** First and last company-zone day, both included. */
  from: string;
  to: string;
}

const dayNumber = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / 86_400_000;
const dayText = (n: number) => new Date(n * 86_400_000).toISOString().slice(0, 10);

/** The days a query names; `today` is the company-zone day. Refuses no period, a reversed one and one over a year. */
export function resolvePeriod(query: DashboardPeriodQuery, today: string): DashboardPeriod {
  const from = query.date_from ?? query.initialDate;
  const to = query.date_to ?? query.finalDate;
  if (from || to) {
    const start = from ?? to!;
    const end = to ?? today;
    if (dayNumber(end) < dayNumber(start)) throw new DomainError('ERR_DASHBOARD_RANGE_INVALID');
    if (dayNumber(end) - dayNumber(start) + 1 > DASHBOARD_MAX_DAYS) throw new DomainError('ERR_DASHBOARD_RANGE_TOO_LONG');
    return { from: start, to: end };
  }
  if (query.days === undefined) throw new DomainError('ERR_DASHBOARD_PERIOD_REQUIRED');
  return { from: dayText(dayNumber(today) - query.days + 1), to: today };
}

/** The figures a card's number can be opened on (docs/metrics.md). */
export const DashboardFigure = z.enum(['tickets', 'supportPending', 'supportHappening', 'supportFinished', 'leads', 'waited', 'rated', 'closed']);
export type DashboardFigure = z.infer<typeof DashboardFigure>;

const pageSize = z.preprocess(numberText, z.union(REPORT_PAGE_SIZES.map((size) => z.literal(size))).default(REPORT_DEFAULT_PAGE_SIZE));
const page = z.preprocess(numberText, z.number().int().min(1).max(100_000).default(1));

/** GET /dashboard/tickets: the tickets behind a card's number, optionally one attendant's or queue's. */
export const DashboardTicketsQuery = DashboardPeriodQuery.extend({
  figure: DashboardFigure,
  userId: z.preprocess(blankToUndefined, RecordIdParam.optional()),
  queueId: z.preprocess(blankToUndefined, RecordIdParam.optional()),
  page,
  pageSize,
});
export type DashboardTicketsQuery = z.infer<typeof DashboardTicketsQuery>;

/** GET /ticket/reports (spec 3 §7 Report): each list as JSON text, days as YYYY-MM-DD in the company's zone. */
export const TicketReportQuery = z.object({
  searchParam: z.preprocess(blankToUndefined, SearchParam),
  contactId: z.preprocess(blankToUndefined, RecordIdParam.optional()),
  whatsappId: idList,
  tags: idList,
  users: idList,
  queueIds: idList,
  status: statusListOf(6),
  dateFrom: optionalDay,
  dateTo: optionalDay,
  page,
  pageSize,
});
export type TicketReportQuery = z.infer<typeof TicketReportQuery>;

/** GET /ticket/reports/export: the report's filters, every row. */
export const TicketReportExportQuery = TicketReportQuery.omit({ page: true, pageSize: true });
export type TicketReportExportQuery = z.infer<typeof TicketReportExportQuery>;

const flag = QueryFlag;

/** GET /dashboard/moments (spec 1 §7). Dates bound the tickets' creation; without them every open ticket shows. */
export const MomentsQuery = z.object({
  status: statusListOf(6),
  showAll: flag,
  queueIds: idList,
  dateStart: optionalDay,
  dateEnd: optionalDay,
  userId: z.preprocess(blankToUndefined, RecordIdParam.optional()),
});
export type MomentsQuery = z.infer<typeof MomentsQuery>;
