import { z } from 'zod';
import { Count32, RecordId } from '../common/bounds';
import { SlaClock } from './events';

/**
 * The SLA clock a ticket shows in the list: the first-response clock until the first answer, then the
 * resolution clock. warnAt is when 80 % of the target's business minutes have passed (amber), dueAt when
 * all have (red). pausedSince: the clock stands still (waiting on the customer); dueAt moves on when it runs again.
 */
export const TicketSlaView = z.object({
  ticketId: RecordId,
  clock: SlaClock,
  targetMinutes: Count32,
  warnAt: z.string(),
  dueAt: z.string(),
  pausedSince: z.string().nullable(),
});
export type TicketSlaView = z.infer<typeof TicketSlaView>;

/** GET /tickets/sla */
export const TicketSlaList = z.object({ clocks: z.array(TicketSlaView) });
export type TicketSlaList = z.infer<typeof TicketSlaList>;

const MetBreached = z.object({ met: Count32, breached: Count32 });
export const SlaFigureRow = z.object({ id: RecordId, name: z.string(), firstResponse: MetBreached, resolution: MetBreached });
export type SlaFigureRow = z.infer<typeof SlaFigureRow>;

/** GET /dashboard/sla: met and breached clocks of the tickets that arrived in the period (docs/metrics.md). */
export const SlaFigures = z.object({ from: z.string(), to: z.string(), queues: z.array(SlaFigureRow), users: z.array(SlaFigureRow) });
export type SlaFigures = z.infer<typeof SlaFigures>;
