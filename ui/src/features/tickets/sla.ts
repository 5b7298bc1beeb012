import { slaTone } from '@conversa/contracts/sla/clock';
import type { TicketSlaView } from '@conversa/contracts';

export interface SlaBadge {
  tone: 'ok' | 'warning' | 'breached' | 'paused';
  /** Whole minutes to the due moment (wall clock); past it, how long ago. */
  minutes: number;
}

/** The time-left badge of a ticket's running SLA clock: amber from 80 % of the target, red once due; a paused clock says so. */
export function slaBadge(clock: TicketSlaView, now: Date): SlaBadge {
  const left = (Date.parse(clock.dueAt) - now.getTime()) / 60_000;
  if (clock.pausedSince) return { tone: 'paused', minutes: Math.max(0, Math.ceil((Date.parse(clock.dueAt) - Date.parse(clock.pausedSince)) / 60_000)) };
  const tone = slaTone(clock, now);
  return { tone, minutes: tone === 'breached' ? Math.floor(-left) : Math.ceil(left) };
}

/** "45 min", "2 h 05", "3 d 4 h": short enough for a chip. */
export function shortDuration(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')}`;
  return `${Math.floor(minutes / (24 * 60))} d ${Math.floor((minutes % (24 * 60)) / 60)} h`;
}

/** The cache key of a list's clocks: its tickets, and the newest change among them (an answer or a close stops a clock). */
export function slaListKey(tickets: ReadonlyArray<{ id: number; updatedAt: string }>, max = 500): string {
  const shown = tickets.slice(0, max);
  const newest = shown.reduce((latest, ticket) => (ticket.updatedAt > latest ? ticket.updatedAt : latest), '');
  return `${shown.map((ticket) => ticket.id).join(',')}@${newest}`;
}
