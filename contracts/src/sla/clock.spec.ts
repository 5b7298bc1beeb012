import { describe, expect, it } from 'vitest';
import type { ScheduleEntry } from '../companies/events';
import { addBusinessMinutes, businessMinutesBetween, slaDue, slaTone, type BusinessHours } from './clock';

const day = (weekdayEn: ScheduleEntry['weekdayEn'], a: [string, string], b: [string, string] = ['', '']): ScheduleEntry => ({
  weekday: weekdayEn,
  weekdayEn,
  startTimeA: a[0],
  endTimeA: a[1],
  startTimeB: b[0],
  endTimeB: b[1],
});
/** Monday to Friday 08:00–12:00 and 13:00–18:00; Saturday and Sunday closed (missing). */
const weekdays: ScheduleEntry[] = (['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const).map((name) =>
  day(name, ['08:00', '12:00'], ['13:00', '18:00']),
);
const saoPaulo: BusinessHours = { schedules: weekdays, timeZone: 'America/Sao_Paulo' };
/** São Paulo is UTC−3 all year: 17:30 local is 20:30Z. */
const local = (isoLocal: string) => new Date(`${isoLocal}-03:00`);
const iso = (date: Date | null) => date?.toISOString();

describe('business minutes (SLA clocks)', () => {
  it('stops over a closed night: Tuesday 17:30 plus 60 minutes is Wednesday 08:30', () => {
    expect(iso(addBusinessMinutes(local('2026-12-08T17:30:00'), 60, saoPaulo))).toBe(iso(local('2026-12-09T08:30:00')));
    expect(businessMinutesBetween(local('2026-12-08T17:30:00'), local('2026-12-09T08:30:00'), saoPaulo)).toBe(60);
  });

  it('stops over a weekend: Friday 17:00 plus 120 minutes is Monday 09:00', () => {
    expect(iso(addBusinessMinutes(local('2026-12-04T17:00:00'), 120, saoPaulo))).toBe(iso(local('2026-12-07T09:00:00')));
    expect(businessMinutesBetween(local('2026-12-04T17:00:00'), local('2026-12-07T09:00:00'), saoPaulo)).toBe(120);
  });

  it('starts counting at Monday opening for a ticket that arrived on Saturday', () => {
    expect(iso(addBusinessMinutes(local('2026-12-05T10:00:00'), 30, saoPaulo))).toBe(iso(local('2026-12-07T08:30:00')));
    expect(businessMinutesBetween(local('2026-12-05T10:00:00'), local('2026-12-06T23:59:00'), saoPaulo)).toBe(0);
  });

  it('skips the lunch break between the two windows', () => {
    expect(iso(addBusinessMinutes(local('2026-12-07T11:30:00'), 60, saoPaulo))).toBe(iso(local('2026-12-07T13:30:00')));
  });

  it('runs overnight windows past midnight into the next day', () => {
    const nights: BusinessHours = { schedules: [day('friday', ['22:00', '02:00'])], timeZone: 'America/Sao_Paulo' };
    expect(iso(addBusinessMinutes(local('2026-12-04T23:00:00'), 150, nights))).toBe(iso(local('2026-12-05T01:30:00')));
    expect(iso(addBusinessMinutes(local('2026-12-04T23:00:00'), 200, nights))).toBe(iso(local('2026-12-11T22:20:00')));
    expect(businessMinutesBetween(local('2026-12-04T21:00:00'), local('2026-12-05T03:00:00'), nights)).toBe(240);
  });

  it('counts every minute when the company keeps no hours, and reads the default hours from an empty week', () => {
    const always: BusinessHours = { schedules: null, timeZone: 'America/Sao_Paulo' };
    expect(iso(addBusinessMinutes(local('2026-12-05T23:00:00'), 90, always))).toBe(iso(local('2026-12-06T00:30:00')));
    const defaults: BusinessHours = { schedules: [], timeZone: 'America/Sao_Paulo' };
    expect(iso(addBusinessMinutes(local('2026-12-05T17:50:00'), 20, defaults))).toBe(iso(local('2026-12-06T08:10:00')));
  });

  it('never ends a clock in hours that never open', () => {
    const closed: BusinessHours = { schedules: [day('monday', ['', ''])], timeZone: 'America/Sao_Paulo' };
    expect(addBusinessMinutes(local('2026-12-07T10:00:00'), 1, closed)).toBeNull();
  });

  it('moves the due moments on by the minutes the clock stood still, and warns at 80 %', () => {
    const due = slaDue(local('2026-12-04T17:00:00'), 100, 0, saoPaulo)!;
    expect(iso(due.warnAt)).toBe(iso(local('2026-12-07T08:20:00')));
    expect(iso(due.dueAt)).toBe(iso(local('2026-12-07T08:40:00')));
    const paused = slaDue(local('2026-12-04T17:00:00'), 100, 30, saoPaulo)!;
    expect(iso(paused.dueAt)).toBe(iso(local('2026-12-07T09:10:00')));
  });

  it('tones a clock amber from its warning and red from its due moment; a paused clock keeps its tone', () => {
    const clock = { warnAt: '2026-12-07T11:20:00.000Z', dueAt: '2026-12-07T11:40:00.000Z', pausedSince: null };
    expect(slaTone(clock, new Date('2026-12-07T11:00:00Z'))).toBe('ok');
    expect(slaTone(clock, new Date('2026-12-07T11:30:00Z'))).toBe('warning');
    expect(slaTone(clock, new Date('2026-12-07T11:40:00Z'))).toBe('breached');
    expect(slaTone({ ...clock, pausedSince: '2026-12-07T11:00:00Z' }, new Date('2026-12-08T00:00:00Z'))).toBe('ok');
  });
});
