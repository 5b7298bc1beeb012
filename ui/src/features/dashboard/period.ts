import type { PeriodParams } from './api';

/** The period options (spec 3 §9), in days. */
export const PERIOD_OPTIONS = [3, 7, 15, 30, 60, 90] as const;

/** What the filter holds: a number of days, or a range being typed. */
export interface PeriodFilter {
  days: number | null;
  from: string;
  to: string;
}

/** The call's period, or null while the filter names none ('Parametrize o filtro'). */
export function periodParams(filter: PeriodFilter): PeriodParams | null {
  if (filter.days !== null) return { days: filter.days };
  if (filter.from && filter.to) return { date_from: filter.from, date_to: filter.to };
  return null;
}

/** Minutes as hours and minutes: 75.5 → "1h 15m" (the cards and the attendants table). */
export function hoursAndMinutes(minutes: number): string {
  const total = Math.round(minutes);
  const hours = Math.floor(total / 60);
  return `${hours}h ${String(total % 60).padStart(2, '0')}m`;
}

/** A rating as the emoji the dashboard shows (1 to 5). */
export const RATING_EMOJI: Record<number, string> = { 1: '😡', 2: '😟', 3: '😐', 4: '😊', 5: '😍' };

/** Wraps a function so it runs at most once per `ms`, the last call of a burst included. */
export function throttle(fn: () => void, ms: number): { (): void; cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let last = 0;
  const run = () => {
    timer = null;
    last = Date.now();
    fn();
  };
  const wrapped = () => {
    if (timer) return;
    const wait = Math.max(0, last + ms - Date.now());
    timer = setTimeout(run, wait);
  };
  wrapped.cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  return wrapped;
}

const two = (n: number) => String(n).padStart(2, '0');
/** DD/MM/YYYY HH:mm of an instant in the browser's time (the spec's date-time format); a dash for none. */
export function dateTime(iso: string | null): string {
  if (!iso) return '—';
  const at = new Date(iso);
  return `${two(at.getDate())}/${two(at.getMonth() + 1)}/${at.getFullYear()} ${two(at.getHours())}:${two(at.getMinutes())}`;
}
