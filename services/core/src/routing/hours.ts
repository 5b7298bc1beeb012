import type { ScheduleEntry } from '@conversa/contracts';
import { DateTime } from 'luxon';

/** When a company, queue or connection never set its hours, 08:00–12:00 and 13:00–18:00 every day. */
export const DEFAULT_OPENING_WINDOWS = { startTimeA: '08:00', endTimeA: '12:00', startTimeB: '13:00', endTimeB: '18:00' } as const;

export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';

const WEEKDAY_BY_LUXON = ['', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

/** The moment in the company's time zone; an unknown zone falls back to the default rather than to the server's. */
export function localTime(now: Date, timeZone: string): DateTime {
  const local = DateTime.fromJSDate(now, { zone: timeZone });
  return local.isValid ? local : DateTime.fromJSDate(now, { zone: DEFAULT_TIME_ZONE });
}

const minutesOf = (time: string): number | null => {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
};

/**
 * Whether `now` falls in one of the day's two windows (A or B; start inclusive, end exclusive),
 * read on the wall clock of `timeZone`. A day missing from the entries is closed; no entries at
 * all means the default hours. A window ending at or before its start runs past midnight.
 */
export function isWithinOpeningHours(schedules: readonly ScheduleEntry[], now: Date, timeZone: string): boolean {
  const local = localTime(now, timeZone);
  const weekday = WEEKDAY_BY_LUXON[local.weekday];
  const minutes = local.hour * 60 + local.minute;
  if (schedules.length === 0) return insideDay(DEFAULT_OPENING_WINDOWS, minutes, false);
  const today = schedules.find((entry) => entry.weekdayEn === weekday);
  const yesterday = schedules.find((entry) => entry.weekdayEn === WEEKDAY_BY_LUXON[((local.weekday + 5) % 7) + 1]);
  return (today !== undefined && insideDay(today, minutes, false)) || (yesterday !== undefined && insideDay(yesterday, minutes, true));
}

type Windows = Pick<ScheduleEntry, 'startTimeA' | 'endTimeA' | 'startTimeB' | 'endTimeB'>;

/** `spill`: only the part of an overnight window that runs into the next day. */
function insideDay(day: Windows, minutes: number, spill: boolean): boolean {
  const inside = (startTime: string, endTime: string) => {
    const start = minutesOf(startTime);
    const end = minutesOf(endTime);
    if (start === null || end === null) return false;
    if (end > start) return !spill && minutes >= start && minutes < end;
    // Overnight (e.g. 22:00–02:00): the evening belongs to this day, the small hours to the next.
    return spill ? minutes < end : minutes >= start;
  };
  return inside(day.startTimeA, day.endTimeA) || inside(day.startTimeB, day.endTimeB);
}
