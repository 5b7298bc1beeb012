import type { AssignmentReason } from '@conversa/contracts';

/** A ticket waiting in a queue's line: since when, and whether a priority tag lets it jump ahead. */
export interface LineTicket {
  ticketId: number;
  arrivedAt: string;
  priority: boolean;
}

/** An online attendant of the queue: her open tickets of the queue, her capacity (null: no limit) and since when she is idle. */
export interface Attendant {
  userId: number;
  openTickets: number;
  capacity: number | null;
  idleSince: string;
}

export interface PlannedAssignment {
  ticketId: number;
  userId: number;
  reason: AssignmentReason;
}

const MINUTE = 60_000;

/** The line's order: priority tickets first, then by arrival, then by id (two arrivals in one millisecond). */
export function orderLine(line: readonly LineTicket[]): LineTicket[] {
  return [...line].sort((a, b) => Number(b.priority) - Number(a.priority) || Date.parse(a.arrivedAt) - Date.parse(b.arrivedAt) || a.ticketId - b.ticketId);
}

const free = (attendant: Attendant) => (attendant.capacity === null ? Number.POSITIVE_INFINITY : attendant.capacity - attendant.openTickets);

/**
 * Capacity-aware assignment: each ticket of the line in order goes to the attendant with the most free
 * capacity (ties: the longest idle, then the lowest id), never above her capacity. When nobody has
 * room the rest of the line waits, in order. Pure: `now` is the moment the assignments are made.
 */
export function planAssignments(
  line: readonly LineTicket[],
  attendants: readonly Attendant[],
  now: Date,
): { assignments: PlannedAssignment[]; waiting: LineTicket[] } {
  const pool = attendants.map((attendant) => ({ ...attendant }));
  const ordered = orderLine(line);
  const assignments: PlannedAssignment[] = [];
  let next = 0;
  for (; next < ordered.length; next++) {
    const candidates = pool.filter((attendant) => free(attendant) > 0);
    if (candidates.length === 0) break;
    candidates.sort((a, b) => free(b) - free(a) || Date.parse(a.idleSince) - Date.parse(b.idleSince) || a.userId - b.userId);
    const chosen = candidates[0]!;
    const ticket = ordered[next]!;
    chosen.openTickets += 1;
    assignments.push({
      ticketId: ticket.ticketId,
      userId: chosen.userId,
      reason: {
        openTickets: chosen.openTickets,
        capacity: chosen.capacity,
        idleMinutes: Math.max(0, Math.floor((now.getTime() - Date.parse(chosen.idleSince)) / MINUTE)),
      },
    });
    chosen.idleSince = now.toISOString();
  }
  return { assignments, waiting: ordered.slice(next) };
}

/**
 * The wait a contact is told: the tickets ahead shared among the attendants online, each taking
 * the queue's average handling time. At least a minute, so nobody is told 0.
 */
export function lineEstimateMinutes(position: number, onlineAttendants: number, averageHandleMinutes: number): number {
  return Math.max(1, Math.ceil(Math.ceil(position / Math.max(1, onlineAttendants)) * averageHandleMinutes));
}
