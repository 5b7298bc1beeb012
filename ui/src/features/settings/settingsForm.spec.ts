import { describe, expect, it } from 'vitest';
import { CompanySettingsSchema, defaultOpeningHours } from '@conversa/contracts';
import { applySetting } from './api';
import { scheduleErrors, settingFields, showsSchedulesTab, visibleSettingFields } from './settingsForm';

describe('settings options', () => {
  it('lists every company setting of the contract exactly once', () => {
    expect(settingFields.map((field) => field.key).sort()).toEqual(Object.keys(CompanySettingsSchema.shape).sort());
  });

  it('offers each choice setting exactly the values the contract accepts', () => {
    for (const field of settingFields.filter((f) => f.kind === 'choice')) {
      const schema = CompanySettingsSchema.shape[field.key];
      for (const option of field.values!) expect(schema.safeParse(option.value).success, `${field.key}=${option.value}`).toBe(true);
      expect(schema.safeParse('not-a-value').success).toBe(false);
    }
    expect(settingFields.find((f) => f.key === 'scheduleType')!.values!.map((v) => v.value)).toEqual(['disabled', 'queue', 'company', 'connection']);
  });

  it('shows userCreation and the payment token to super users only', () => {
    const keys = (isSuper: boolean) => visibleSettingFields(isSuper).map((field) => field.key);
    expect(keys(false)).not.toContain('userCreation');
    expect(keys(false)).not.toContain('asaas');
    expect(keys(true)).toContain('userCreation');
    expect(keys(true)).toContain('asaas');
  });

  it('has the schedules tab only while scheduleType is company', () => {
    expect(showsSchedulesTab([{ key: 'scheduleType', value: 'company' }])).toBe(true);
    for (const value of ['disabled', 'queue', 'connection']) expect(showsSchedulesTab([{ key: 'scheduleType', value }])).toBe(false);
    expect(showsSchedulesTab([])).toBe(false);
  });

  it('applies a changed setting in place', () => {
    const list = [
      { key: 'userRating' as const, value: 'disabled' },
      { key: 'scheduleType' as const, value: 'disabled' },
    ];
    expect(applySetting(list, { key: 'scheduleType', value: 'company' })).toEqual([
      { key: 'userRating', value: 'disabled' },
      { key: 'scheduleType', value: 'company' },
    ]);
    expect(applySetting(list, undefined)).toEqual(list);
  });
});

describe('company schedules before saving', () => {
  it('accepts the default week', () => {
    expect(scheduleErrors(defaultOpeningHours())).toEqual({});
  });

  it('names the day and field of each broken window', () => {
    const week = defaultOpeningHours();
    week[0] = { ...week[0]!, startTimeA: '12:00', endTimeA: '08:00' };
    week[2] = { ...week[2]!, endTimeB: '' };
    week[4] = { ...week[4]!, startTimeB: '11:00' };
    expect(scheduleErrors(week)).toEqual({
      '0.endTimeA': 'queues.validation.endBeforeStart',
      '2.endTimeB': 'queues.validation.halfWindow',
      '4.startTimeB': 'queues.validation.overlap',
    });
  });

  it('flags a time outside HH:mm', () => {
    const week = defaultOpeningHours();
    week[1] = { ...week[1]!, startTimeA: '8:0' };
    expect(scheduleErrors(week)).toEqual({ '1.startTimeA': 'users.validation.time' });
  });
});
