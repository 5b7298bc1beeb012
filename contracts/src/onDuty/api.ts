import { z } from 'zod';
import { RecordId, RecordIdParam, safeText } from '../common/bounds';
import { SCHEDULE_DAYS } from '../queues/schedules';
import type { OnDutyDay } from './events';

/** The dialog's and the server's words for each rule (the spec's where it gives them). */
export const ON_DUTY_MESSAGES = {
  userRequired: 'Informe o usuário',
  phoneRequired: 'Informe o telefone',
  phoneInvalid: 'Telefone inválido: use o código do país, o DDD e o número (8 a 15 dígitos)',
  intervalRequired: 'Informe o intervalo',
  intervalRange: 'O intervalo vai de 1 a 24 horas',
  timeFormat: 'Horário inválido (use ##:##)',
  bothTimes: 'Informe o horário de início e o de fim, ou nenhum',
  sameTimes: 'O início e o fim não podem ser iguais',
  atLeastOneDay: 'Pelo menos um dia da semana deve ter o horário de início e fim preenchido',
} as const;

/** Hours between two announcements to the same entry when the form leaves the default. */
export const ON_DUTY_DEFAULT_INTERVAL = 1;

const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

/** A phone as typed ('+55 (11) 98765-4321') → its digits. */
const phone = safeText({ error: ON_DUTY_MESSAGES.phoneRequired })
  .transform((value) => value.replace(/\D/g, ''))
  .superRefine((digits, ctx) => {
    if (digits.length === 0) ctx.addIssue({ code: 'custom', message: ON_DUTY_MESSAGES.phoneRequired });
    else if (digits.length < 8 || digits.length > 15) ctx.addIssue({ code: 'custom', message: ON_DUTY_MESSAGES.phoneInvalid });
  });

/** Hours, as a number or the digits a form field holds. */
const interval = z.preprocess(
  (value) => (typeof value === 'string' && /^\d{1,3}$/.test(value.trim()) ? Number(value.trim()) : value === '' ? undefined : value),
  z
    .number({ error: ON_DUTY_MESSAGES.intervalRequired })
    .int(ON_DUTY_MESSAGES.intervalRange)
    .min(1, ON_DUTY_MESSAGES.intervalRange)
    .max(24, ON_DUTY_MESSAGES.intervalRange),
);

const time = safeText().trim().max(5).default('');

const DayInput = z.object({
  weekday: safeText().max(30).optional(),
  weekdayEn: z.enum(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']),
  startTime: time,
  endTime: time,
});

/** Which rule a day breaks, if any: ##:## times, both or neither, start and end apart (end before start runs past midnight). */
export function onDutyDayProblem(day: { startTime: string; endTime: string }): { field: 'startTime' | 'endTime'; message: string } | null {
  for (const field of ['startTime', 'endTime'] as const) {
    if (day[field] !== '' && !TIME.test(day[field])) return { field, message: ON_DUTY_MESSAGES.timeFormat };
  }
  if ((day.startTime === '') !== (day.endTime === '')) return { field: day.startTime === '' ? 'startTime' : 'endTime', message: ON_DUTY_MESSAGES.bothTimes };
  if (day.startTime !== '' && day.startTime === day.endTime) return { field: 'endTime', message: ON_DUTY_MESSAGES.sameTimes };
  return null;
}

/** The seven days from Monday; each day given with its windows, a day left out is off. At least one day on. */
const days = z
  .array(DayInput)
  .max(7)
  .superRefine((entries, ctx) => {
    const seen = new Set<string>();
    entries.forEach((entry, index) => {
      if (seen.has(entry.weekdayEn)) ctx.addIssue({ code: 'custom', path: [index, 'weekdayEn'], message: 'Dia da semana repetido' });
      seen.add(entry.weekdayEn);
      const problem = onDutyDayProblem(entry);
      if (problem) ctx.addIssue({ code: 'custom', path: [index, problem.field], message: problem.message });
    });
    if (!entries.some((entry) => entry.startTime !== '' && entry.endTime !== '')) ctx.addIssue({ code: 'custom', message: ON_DUTY_MESSAGES.atLeastOneDay });
  })
  .transform((entries): OnDutyDay[] =>
    SCHEDULE_DAYS.map((day) => {
      const given = entries.find((entry) => entry.weekdayEn === day.weekdayEn);
      return { ...day, startTime: given?.startTime ?? '', endTime: given?.endTime ?? '' };
    }),
  );

/** POST /plantao. */
export const CreateOnDutyRequest = z.object({
  userId: z.preprocess((value) => (value === '' || value === null ? undefined : value), z.number({ error: ON_DUTY_MESSAGES.userRequired }).pipe(RecordId)),
  phone,
  interval: interval.default(ON_DUTY_DEFAULT_INTERVAL),
  days,
});
export type CreateOnDutyRequest = z.infer<typeof CreateOnDutyRequest>;
/** What the dialog sends to POST /plantao and PUT /plantao/{id} (the schema's input, with the preprocessed fields typed). */
export interface CreateOnDutyBody {
  userId: number;
  phone: string;
  interval: number;
  days: Array<{ weekday?: string; weekdayEn: OnDutyDay['weekdayEn']; startTime: string; endTime: string }>;
}

/** PUT /plantao/{id}: the fields given change. */
export const UpdateOnDutyRequest = z.object({
  userId: RecordId.optional(),
  phone: phone.optional(),
  interval: interval.optional(),
  days: days.optional(),
});
export type UpdateOnDutyRequest = z.infer<typeof UpdateOnDutyRequest>;

export const OnDutyIdParams = z.object({ id: RecordIdParam });
