import { ON_DUTY_DEFAULT_INTERVAL, onDutyDayProblem, SCHEDULE_DAYS, type CreateOnDutyBody, type OnDutyView } from '@conversa/contracts';
import type { MessageKey } from '../../i18n';
import type { FieldErrors } from '../../shared/validation';

export interface OnDutyDayValues {
  weekday: string;
  weekdayEn: (typeof SCHEDULE_DAYS)[number]['weekdayEn'];
  startTime: string;
  endTime: string;
}

export interface OnDutyFormValues {
  userId: string;
  phone: string;
  interval: string;
  days: OnDutyDayValues[];
}

/** The form's fields; a day's times are `start-<weekdayEn>` and `end-<weekdayEn>`, the days' shared rule `days`. */
export type OnDutyField = 'userId' | 'phone' | 'interval' | 'days' | `start-${OnDutyDayValues['weekdayEn']}` | `end-${OnDutyDayValues['weekdayEn']}`;

/** A new entry: no attendant yet, interval 1 h, the seven days from Monday, all off. */
export const emptyOnDutyForm = (): OnDutyFormValues => ({
  userId: '',
  phone: '',
  interval: String(ON_DUTY_DEFAULT_INTERVAL),
  days: SCHEDULE_DAYS.map((day) => ({ ...day, startTime: '', endTime: '' })),
});

export const onDutyFormOf = (entry: OnDutyView): OnDutyFormValues => ({
  userId: String(entry.userId),
  phone: entry.phone,
  interval: String(entry.interval),
  days: SCHEDULE_DAYS.map((day) => {
    const found = entry.days.find((given) => given.weekdayEn === day.weekdayEn);
    return { ...day, startTime: found?.startTime ?? '', endTime: found?.endTime ?? '' };
  }),
});

/** The ##:## mask: digits only, a colon after the hours. */
export const maskTime = (typed: string): string => {
  const digits = typed.replace(/\D/g, '').slice(0, 4);
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)}:${digits.slice(2)}`;
};

const dayMessage: Record<string, MessageKey> = {
  'Horário inválido (use ##:##)': 'onDuty.validation.timeFormat',
  'Informe o horário de início e o de fim, ou nenhum': 'onDuty.validation.bothTimes',
  'O início e o fim não podem ser iguais': 'onDuty.validation.sameTimes',
};

/** The server's rules (contracts/src/onDuty/api.ts), with the spec's messages. */
export function validateOnDutyForm(values: OnDutyFormValues): FieldErrors<OnDutyField> {
  const errors: FieldErrors<OnDutyField> = {};
  if (values.userId === '') errors.userId = 'onDuty.validation.userRequired';
  const digits = values.phone.replace(/\D/g, '');
  if (digits === '') errors.phone = 'onDuty.validation.phoneRequired';
  else if (digits.length < 8 || digits.length > 15) errors.phone = 'onDuty.validation.phoneInvalid';
  const interval = values.interval.trim();
  if (interval === '') errors.interval = 'onDuty.validation.intervalRequired';
  else if (!/^\d+$/.test(interval) || Number(interval) < 1 || Number(interval) > 24) errors.interval = 'onDuty.validation.intervalRange';
  for (const day of values.days) {
    const problem = onDutyDayProblem(day);
    if (problem) errors[`${problem.field === 'startTime' ? 'start' : 'end'}-${day.weekdayEn}`] = dayMessage[problem.message] ?? 'onDuty.validation.timeFormat';
  }
  if (!values.days.some((day) => day.startTime !== '' && day.endTime !== '')) errors.days = 'onDuty.validation.atLeastOneDay';
  return errors;
}

export const onDutyRequestOf = (values: OnDutyFormValues): CreateOnDutyBody => ({
  userId: Number(values.userId),
  phone: values.phone.replace(/\D/g, ''),
  interval: Number(values.interval.trim()),
  days: values.days.map((day) => ({ weekday: day.weekday, weekdayEn: day.weekdayEn, startTime: day.startTime, endTime: day.endTime })),
});

/** A day's line in the list: 'Segunda-feira: 18:00 – 08:00'; days off are left out. */
export const scheduleLines = (entry: Pick<OnDutyView, 'days'>): string[] =>
  entry.days.filter((day) => day.startTime !== '' && day.endTime !== '').map((day) => `${day.weekday}: ${day.startTime} – ${day.endTime}`);
