import { describe, expect, it } from 'vitest';
import { shortDuration, slaBadge, slaListKey } from './sla';

const clock = {
  ticketId: 1,
  clock: 'firstResponse' as const,
  targetMinutes: 100,
  warnAt: '2026-12-07T11:20:00.000Z',
  dueAt: '2026-12-07T11:40:00.000Z',
  pausedSince: null,
};

describe('SLA badge', () => {
  it('counts down, amber from the warning, red with the overrun once due', () => {
    expect(slaBadge(clock, new Date('2026-12-07T10:00:30Z'))).toEqual({ tone: 'ok', minutes: 100 });
    expect(slaBadge(clock, new Date('2026-12-07T11:25:00Z'))).toEqual({ tone: 'warning', minutes: 15 });
    expect(slaBadge(clock, new Date('2026-12-07T11:47:10Z'))).toEqual({ tone: 'breached', minutes: 7 });
  });

  it('shows a paused clock with the time it had left when it stopped', () => {
    expect(slaBadge({ ...clock, pausedSince: '2026-12-07T11:00:00Z' }, new Date('2026-12-08T00:00:00Z'))).toEqual({ tone: 'paused', minutes: 40 });
  });

  it('writes durations short', () => {
    expect([shortDuration(45), shortDuration(125), shortDuration(3 * 1440 + 250)]).toEqual(['45 min', '2 h 05', '3 d 4 h']);
  });

  it('keys the clocks by the tickets shown and their newest change', () => {
    expect(
      slaListKey([
        { id: 3, updatedAt: '2026-12-07T10:00:00Z' },
        { id: 1, updatedAt: '2026-12-07T11:00:00Z' },
      ]),
    ).toBe('3,1@2026-12-07T11:00:00Z');
  });
});
