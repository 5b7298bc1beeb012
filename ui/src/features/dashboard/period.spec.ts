import { describe, expect, it, vi } from 'vitest';
import { dateTime, hoursAndMinutes, periodParams, throttle } from './period';

describe('dashboard period and formats', () => {
  it('asks for days, or a whole range, or nothing', () => {
    expect(periodParams({ days: 7, from: '', to: '' })).toEqual({ days: 7 });
    expect(periodParams({ days: null, from: '2026-03-01', to: '2026-03-05' })).toEqual({ date_from: '2026-03-01', date_to: '2026-03-05' });
    expect(periodParams({ days: null, from: '2026-03-01', to: '' })).toBeNull();
  });

  it('shows minutes as hours and minutes', () => {
    expect(hoursAndMinutes(0)).toBe('0h 00m');
    expect(hoursAndMinutes(75.4)).toBe('1h 15m');
    expect(hoursAndMinutes(1440)).toBe('24h 00m');
  });

  it('runs a burst once now-ish and once at its end', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const throttled = throttle(fn, 1000);
    throttled();
    throttled();
    vi.advanceTimersByTime(0);
    expect(fn).toHaveBeenCalledTimes(1);
    throttled();
    vi.advanceTimersByTime(500);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(600);
    expect(fn).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
  });

  it('writes an instant as DD/MM/YYYY HH:mm in local time', () => {
    expect(dateTime(new Date(2026, 2, 1, 9, 5).toISOString())).toBe('01/03/2026 09:05');
    expect(dateTime(null)).toBe('—');
  });
});
