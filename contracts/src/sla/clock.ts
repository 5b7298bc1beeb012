import type { ScheduleEntry } from '../companies/events';

/**
 * Business time for the SLA clocks: minutes count only inside opening hours, read on the wall clock
 * of the company's zone. `schedules: null` means always open (the company keeps no hours). The
 * entries read as the routing bot reads them (services/core/src/routing/hours.ts): a day missing is
 * closed, no entries at all is the default 08:00–12:00 and 13:00–18:00, a window ending at or before
 * its start runs past midnight. Pure: no clock, no zone database beyond Intl.
 */
export interface BusinessHours {
  schedules: readonly ScheduleEntry[] | null;
  timeZone: string;
}

const MINUTE = 60_000;
const DAY_MINUTES = 24 * 60;
/** A week with no open minute would never end a clock: the search stops after this many days. */
const MAX_DAYS = 3660;
const DEFAULT_WINDOWS = { startTimeA: '08:00', endTimeA: '12:00', startTimeB: '13:00', endTimeB: '18:00' };
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    try {
      found = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      // An unknown zone reads as the product's default rather than the server's.
      found = formatter('America/Sao_Paulo');
    }
    formatters.set(timeZone, found);
  }
  return found;
}

/** The zone's offset from UTC at that instant, in minutes. */
function offsetMinutes(utcMs: number, timeZone: string): number {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(new Date(utcMs))
      .map((part) => [part.type, part.value]),
  );
  const asUtc = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return Math.round((asUtc - Math.floor(utcMs / 1000) * 1000) / MINUTE);
}

/** The instant a local wall-clock minute of a day (days since epoch, local calendar) falls on. */
function localToUtc(day: number, minute: number, timeZone: string): number {
  const wall = day * DAY_MINUTES * MINUTE + minute * MINUTE;
  const first = wall - offsetMinutes(wall, timeZone) * MINUTE;
  return wall - offsetMinutes(first, timeZone) * MINUTE;
}

const localDay = (utcMs: number, timeZone: string) => Math.floor((utcMs + offsetMinutes(utcMs, timeZone) * MINUTE) / (DAY_MINUTES * MINUTE));

const minutesOf = (time: string): number | null => {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  return match ? Math.min(Number(match[1]) * 60 + Number(match[2]), DAY_MINUTES) : null;
};

type Windows = Pick<ScheduleEntry, 'startTimeA' | 'endTimeA' | 'startTimeB' | 'endTimeB'>;

/** The open local minutes [start, end) of one local day, its own windows and last night's spill. */
function openMinutes(schedules: readonly ScheduleEntry[], day: number): Array<[number, number]> {
  const weekday = (day + 4) % 7; // 1970-01-01 was a Thursday
  const entryOf = (weekdayIndex: number): Windows | undefined =>
    schedules.length === 0 ? DEFAULT_WINDOWS : schedules.find((entry) => entry.weekdayEn === WEEKDAYS[(weekdayIndex + 7) % 7]);
  const spans: Array<[number, number]> = [];
  const add = (windows: Windows | undefined, spill: boolean) => {
    if (!windows) return;
    for (const [startTime, endTime] of [
      [windows.startTimeA, windows.endTimeA],
      [windows.startTimeB, windows.endTimeB],
    ] as const) {
      const start = minutesOf(startTime);
      const end = minutesOf(endTime);
      if (start === null || end === null) continue;
      if (end > start) {
        if (!spill) spans.push([start, end]);
      } else if (spill) {
        if (end > 0) spans.push([0, end]);
      } else spans.push([start, DAY_MINUTES]);
    }
  };
  add(entryOf(weekday), false);
  add(entryOf(weekday - 1), true);
  return spans.sort((a, b) => a[0] - b[0]);
}

/** Open intervals (UTC ms) from `from` on, day by day, clipped to `from`. */
function* openIntervals(hours: BusinessHours, from: number): Generator<[number, number]> {
  if (hours.schedules === null) {
    yield [from, Number.POSITIVE_INFINITY];
    return;
  }
  const first = localDay(from, hours.timeZone);
  for (let day = first; day < first + MAX_DAYS; day++) {
    for (const [start, end] of openMinutes(hours.schedules, day)) {
      const startMs = Math.max(localToUtc(day, start, hours.timeZone), from);
      const endMs = localToUtc(day, end, hours.timeZone);
      if (endMs > startMs) yield [startMs, endMs];
    }
  }
}

/** Open minutes between two instants (0 when `to` is not after `from`). */
export function businessMinutesBetween(from: Date, to: Date, hours: BusinessHours): number {
  const end = to.getTime();
  let total = 0;
  for (const [start, stop] of openIntervals(hours, from.getTime())) {
    if (start >= end) break;
    total += Math.min(stop, end) - start;
  }
  return total / MINUTE;
}

/** The instant `minutes` open minutes after `from`; null when the hours never open. */
export function addBusinessMinutes(from: Date, minutes: number, hours: BusinessHours): Date | null {
  let left = minutes * MINUTE;
  for (const [start, stop] of openIntervals(hours, from.getTime())) {
    if (stop - start >= left) return new Date(start + left);
    left -= stop - start;
  }
  return null;
}

/** Where a clock stands: amber from warnAt (80 % of the target used), red from dueAt. */
export interface SlaDue {
  warnAt: Date;
  dueAt: Date;
}

export const SLA_WARN_SHARE = 0.8;

/**
 * The due moments of a clock that started at `startedAt` with a target of `targetMinutes`, having stood
 * still for `pausedMinutes` open minutes (waiting on the customer): every paused minute moves both on.
 */
export function slaDue(startedAt: Date, targetMinutes: number, pausedMinutes: number, hours: BusinessHours): SlaDue | null {
  const dueAt = addBusinessMinutes(startedAt, targetMinutes + pausedMinutes, hours);
  const warnAt = addBusinessMinutes(startedAt, Math.ceil(targetMinutes * SLA_WARN_SHARE) + pausedMinutes, hours);
  return dueAt && warnAt ? { warnAt, dueAt } : null;
}

/** The colour a running clock shows at `now`. */
export function slaTone(clock: { warnAt: string; dueAt: string; pausedSince: string | null }, now: Date): 'ok' | 'warning' | 'breached' {
  const at = clock.pausedSince ? Date.parse(clock.pausedSince) : now.getTime();
  if (at >= Date.parse(clock.dueAt)) return 'breached';
  return at >= Date.parse(clock.warnAt) ? 'warning' : 'ok';
}
