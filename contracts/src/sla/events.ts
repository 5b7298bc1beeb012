import { z } from 'zod';
import { defineEvent, type EventUnion } from '../events/registry';
import { RecordId, realDateTime } from '../common/bounds';

/** firstResponse: arrival to the first attendant message; resolution: arrival to the close. */
export const SlaClock = z.enum(['firstResponse', 'resolution']);
export type SlaClock = z.infer<typeof SlaClock>;

/** Stream `ticketsla-<ticketId>`: a clock ran past its due moment while still running (the webhook ticket.sla_breached). */
export const TicketSlaBreached = defineEvent(
  'TicketSlaBreached',
  z.object({ ticketId: RecordId, queueId: RecordId, userId: RecordId.nullable(), clock: SlaClock, dueAt: realDateTime() }),
);

export const slaEvents = [TicketSlaBreached];

export type TicketSlaEvent = EventUnion<typeof slaEvents>;

export const ticketSlaStream = (ticketId: number) => `ticketsla-${ticketId}`;
