import { describe, expect, it } from 'vitest';
import { canSaveSchedule, defaultSendAt, toLocalInput, validateSchedule } from './rules';

describe('schedule rules', () => {
  it('requires a body of at least 5 characters and a send time', () => {
    expect(validateSchedule({ body: '', sendAt: '' })).toEqual({ body: 'required', sendAt: 'required' });
    expect(validateSchedule({ body: ' oi  ', sendAt: '2026-11-21T10:00' })).toEqual({ body: 'tooShort' });
    expect(validateSchedule({ body: 'Olá!!', sendAt: '2026-11-21T10:00' })).toEqual({});
  });

  it('defaults to one hour from now', () => {
    const now = new Date(2026, 10, 21, 23, 30);
    expect(defaultSendAt(now)).toBe('2026-11-22T00:30');
    expect(toLocalInput(new Date(2026, 0, 5, 7, 3))).toBe('2026-01-05T07:03');
  });

  it('cannot save a schedule already sent', () => {
    expect(canSaveSchedule(null)).toBe(true);
    expect(canSaveSchedule({ sentAt: null })).toBe(true);
    expect(canSaveSchedule({ sentAt: '2026-11-21T10:00:00.000Z' })).toBe(false);
  });
});
