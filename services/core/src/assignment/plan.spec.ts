import { describe, expect, it } from 'vitest';
import { lineEstimateMinutes, orderLine, planAssignments, type Attendant, type LineTicket } from './plan';

const now = new Date('2026-12-07T12:00:00.000Z');
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();
const waiting = (ticketId: number, arrivedMinutesAgo: number, priority = false): LineTicket => ({
  ticketId,
  arrivedAt: minutesAgo(arrivedMinutesAgo),
  priority,
});
const attendant = (userId: number, openTickets: number, capacity: number | null, idleMinutes: number): Attendant => ({
  userId,
  openTickets,
  capacity,
  idleSince: minutesAgo(idleMinutes),
});

describe('capacity-aware assignment', () => {
  it('gives the first ticket to the attendant with the most free capacity, with the reason', () => {
    const { assignments } = planAssignments([waiting(1, 5)], [attendant(7, 3, 5, 1), attendant(8, 1, 5, 2)], now);
    expect(assignments).toEqual([{ ticketId: 1, userId: 8, reason: { openTickets: 2, capacity: 5, idleMinutes: 2 } }]);
  });

  it('breaks ties by the longest idle, then the lowest id', () => {
    expect(planAssignments([waiting(1, 5)], [attendant(7, 2, 5, 1), attendant(8, 2, 5, 9)], now).assignments[0]!.userId).toBe(8);
    expect(planAssignments([waiting(1, 5)], [attendant(9, 2, 5, 3), attendant(8, 2, 5, 3)], now).assignments[0]!.userId).toBe(8);
  });

  it('never goes above capacity: the rest of the line waits in arrival order', () => {
    const line = [waiting(3, 1), waiting(1, 9), waiting(2, 5), waiting(4, 0)];
    const { assignments, waiting: left } = planAssignments(line, [attendant(7, 4, 5, 1), attendant(8, 5, 5, 9)], now);
    expect(assignments.map((a) => [a.ticketId, a.userId])).toEqual([[1, 7]]);
    expect(left.map((ticket) => ticket.ticketId)).toEqual([2, 3, 4]);
  });

  it('spreads a line over attendants as their free capacity evens out', () => {
    const line = [waiting(1, 4), waiting(2, 3), waiting(3, 2), waiting(4, 1)];
    const { assignments } = planAssignments(line, [attendant(7, 0, 2, 1), attendant(8, 0, 2, 5)], now);
    expect(assignments.map((a) => [a.ticketId, a.userId])).toEqual([
      [1, 8],
      [2, 7],
      [3, 7],
      [4, 8],
    ]);
    expect(assignments.map((a) => a.reason.openTickets)).toEqual([1, 1, 2, 2]);
  });

  it('counts an attendant without a capacity as always having room', () => {
    const { assignments } = planAssignments([waiting(1, 2), waiting(2, 1)], [attendant(7, 40, null, 0), attendant(8, 0, 1, 0)], now);
    expect(assignments.map((a) => a.userId)).toEqual([7, 7]);
    expect(assignments[0]!.reason.capacity).toBeNull();
  });

  it('lets priority tickets jump the line, keeping arrival order among them', () => {
    expect(orderLine([waiting(1, 9), waiting(2, 5, true), waiting(3, 7, true)]).map((ticket) => ticket.ticketId)).toEqual([3, 2, 1]);
  });

  it('assigns nothing with nobody online', () => {
    expect(planAssignments([waiting(1, 1)], [], now)).toEqual({ assignments: [], waiting: [waiting(1, 1)] });
  });

  it('estimates the wait from the place, the attendants online and the handling time', () => {
    expect(lineEstimateMinutes(1, 4, 10)).toBe(10);
    expect(lineEstimateMinutes(9, 4, 10)).toBe(30);
    expect(lineEstimateMinutes(3, 0, 0.2)).toBe(1);
  });
});
