import { describe, expect, it } from 'vitest';
import { emptyOnDutyForm, maskTime, onDutyRequestOf, scheduleLines, validateOnDutyForm } from './onDutyForm';

describe('on-duty form', () => {
  it('asks for the attendant, the phone, the interval and one day with both times', () => {
    const values = { ...emptyOnDutyForm(), interval: '' };
    expect(validateOnDutyForm(values)).toEqual({
      userId: 'onDuty.validation.userRequired',
      phone: 'onDuty.validation.phoneRequired',
      interval: 'onDuty.validation.intervalRequired',
      days: 'onDuty.validation.atLeastOneDay',
    });
  });

  it('checks each day: ##:##, both times or neither, start and end apart', () => {
    const values = emptyOnDutyForm();
    values.userId = '3';
    values.phone = '+55 11 95555-4444';
    values.days[0] = { ...values.days[0]!, startTime: '18:00', endTime: '' };
    values.days[1] = { ...values.days[1]!, startTime: '25:00', endTime: '08:00' };
    values.days[2] = { ...values.days[2]!, startTime: '08:00', endTime: '08:00' };
    values.days[3] = { ...values.days[3]!, startTime: '18:00', endTime: '08:00' };
    expect(validateOnDutyForm(values)).toEqual({
      'end-monday': 'onDuty.validation.bothTimes',
      'start-tuesday': 'onDuty.validation.timeFormat',
      'end-wednesday': 'onDuty.validation.sameTimes',
    });
  });

  it('masks times, sends digits and lists the days on', () => {
    expect(maskTime('1830')).toBe('18:30');
    expect(maskTime('1a8')).toBe('18');
    const values = emptyOnDutyForm();
    values.userId = '3';
    values.phone = '+55 (11) 95555-4444';
    values.days[4] = { ...values.days[4]!, startTime: '18:00', endTime: '08:00' };
    const request = onDutyRequestOf(values);
    expect(request).toMatchObject({ userId: 3, phone: '5511955554444', interval: 1 });
    expect(scheduleLines({ days: request.days as never })).toEqual(['Sexta-feira: 18:00 – 08:00']);
  });
});
