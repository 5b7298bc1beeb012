import { z } from 'zod';
import { Channel, TicketStatus } from '../tickets/events';

const minutes = z.number().nonnegative();

/** The dashboard's cards (docs/metrics.md); times in minutes. */
export const DashboardCounters = z.object({
  supportPending: z.number().int(),
  supportHappening: z.number().int(),
  supportFinished: z.number().int(),
  leads: z.number().int(),
  tickets: z.number().int(),
  avgSupportTime: minutes,
  avgWaitTime: minutes,
  avgBotTime: minutes,
  reopened: z.number().int(),
});
export type DashboardCounters = z.infer<typeof DashboardCounters>;

/** One row of the attendants table. */
export const AttendantFigures = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Average rating (1 to 5) of their rated tickets; null when none. */
  rating: z.number().nullable(),
  countRating: z.number().int(),
  tickets: z.number().int(),
  finished: z.number().int(),
  avgWaitTime: minutes,
  avgSupportTime: minutes,
  online: z.boolean(),
  /** Tickets they hold open now, whatever the period. */
  live: z.number().int(),
});
export type AttendantFigures = z.infer<typeof AttendantFigures>;

export const DashboardView = z.object({ from: z.string(), to: z.string(), counters: DashboardCounters, attendants: z.array(AttendantFigures) });
export type DashboardView = z.infer<typeof DashboardView>;

/** A chart's series: per day (`key` YYYY-MM-DD), per queue or per attendant (`key` the id, null for none). */
export const DashboardSeries = z.object({
  data: z.array(z.object({ key: z.string(), id: z.number().int().nullable(), label: z.string(), color: z.string().nullable(), total: z.number().int() })),
  count: z.number().int(),
});
export type DashboardSeries = z.infer<typeof DashboardSeries>;

/** The rating breakdown: 4–5 boa, 3 media, 1–2 ruim; plus each score's count for the emoji row. */
export const NpsInfo = z.object({
  total_notas: z.number().int(),
  boa: z.number().int(),
  media: z.number().int(),
  ruim: z.number().int(),
  average: z.number().nullable(),
  byScore: z.array(z.object({ score: z.number().int(), total: z.number().int() })),
});
export type NpsInfo = z.infer<typeof NpsInfo>;

/** The featured attendant of a period: most finished tickets, then best rating. */
export const UserInfo = z.object({ featured: AttendantFigures.nullable() });
export type UserInfo = z.infer<typeof UserInfo>;

/** A ticket behind a figure. */
export const FigureTicket = z.object({
  id: z.number().int(),
  uuid: z.string(),
  contactName: z.string(),
  userName: z.string().nullable(),
  queueName: z.string().nullable(),
  status: TicketStatus,
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  waitSeconds: z.number().int(),
  supportSeconds: z.number().int(),
  rating: z.number().int().nullable(),
});
export type FigureTicket = z.infer<typeof FigureTicket>;
export const FigureTickets = z.object({ tickets: z.array(FigureTicket), count: z.number().int() });
export type FigureTickets = z.infer<typeof FigureTickets>;

/** A row of the tickets report (spec 3 §3 "Report ticket row"); supportTime in minutes. */
export const ReportTicket = z.object({
  id: z.number().int(),
  uuid: z.string(),
  whatsappName: z.string().nullable(),
  /** The channel the ticket runs on (its icon beside the connection's name). */
  channel: Channel,
  contactName: z.string(),
  contactNumber: z.string(),
  userName: z.string().nullable(),
  queueName: z.string().nullable(),
  status: TicketStatus,
  lastMessage: z.string(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  supportTime: z.number().nullable(),
  NPS: z.number().int().nullable(),
});
export type ReportTicket = z.infer<typeof ReportTicket>;
export const TicketReport = z.object({ tickets: z.array(ReportTicket), totalTickets: z.object({ total: z.number().int() }) });
export type TicketReport = z.infer<typeof TicketReport>;

/** A ticket card on the moments board. */
export const MomentTicket = z.object({
  id: z.number().int(),
  uuid: z.string(),
  status: TicketStatus,
  /** Under `contact`, so LGPD hide-number masks it as every answer's contact. */
  contact: z.object({ id: z.number().int(), name: z.string(), number: z.string() }),
  queueName: z.string().nullable(),
  queueColor: z.string().nullable(),
  lastMessage: z.string(),
  updatedAt: z.string(),
  userId: z.number().int().nullable(),
});
export type MomentTicket = z.infer<typeof MomentTicket>;
export const MomentsView = z.object({
  attendants: z.array(z.object({ id: z.number().int(), name: z.string(), online: z.boolean(), tickets: z.array(MomentTicket) })),
  pending: z.array(MomentTicket),
});
export type MomentsView = z.infer<typeof MomentsView>;
