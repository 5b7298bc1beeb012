import { z } from 'zod';
import { ScheduleEntry } from '../companies/events';
import { safeText } from '../common/bounds';

/**
 * Opening hours: one entry per weekday with two windows, A and B, in HH:mm.
 * Queues use them here; the company's, connections' and on-duty opening hours have the same shape.
 */
export const SCHEDULE_DAYS = [
  { weekday: 'Segunda-feira', weekdayEn: 'monday' },
  { weekday: 'Terça-feira', weekdayEn: 'tuesday' },
  { weekday: 'Quarta-feira', weekdayEn: 'wednesday' },
  { weekday: 'Quinta-feira', weekdayEn: 'thursday' },
  { weekday: 'Sexta-feira', weekdayEn: 'friday' },
  { weekday: 'Sábado', weekdayEn: 'saturday' },
  { weekday: 'Domingo', weekdayEn: 'sunday' },
] as const satisfies readonly Pick<ScheduleEntry, 'weekday' | 'weekdayEn'>[];
export type WeekdayEn = ScheduleEntry['weekdayEn'];

/** 08:00–12:00 and 13:00–18:00 on every day. */
export const DEFAULT_SCHEDULE_WINDOWS = { startTimeA: '08:00', endTimeA: '12:00', startTimeB: '13:00', endTimeB: '18:00' } as const;

export const defaultOpeningHours = (): ScheduleEntry[] => SCHEDULE_DAYS.map((day) => ({ ...day, ...DEFAULT_SCHEDULE_WINDOWS }));

/** 'HH:mm' → minutes after midnight; '' (no window) → null. */
export const minutesOf = (time: string): number | null => {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
};

/** A time of day, 00:00 to 23:59, or '' when the window is not used. */
const TimeOfDay = safeText().regex(/^(?:(?:[01]\d|2[0-3]):[0-5]\d)?$/, 'Horário inválido (use HH:mm)');

export const SCHEDULE_MESSAGES = {
  halfWindow: 'Informe o início e o fim do intervalo',
  endBeforeStart: 'O início deve ser antes do fim',
  overlap: 'Os intervalos A e B não podem se sobrepor',
  duplicateDay: 'Dia da semana repetido',
} as const;

/** Which rule a day's windows break, if any: both ends or neither, start before end, A and B apart. */
export function scheduleEntryProblem(
  entry: Pick<ScheduleEntry, 'startTimeA' | 'endTimeA' | 'startTimeB' | 'endTimeB'>,
): { field: keyof ScheduleEntry; message: string } | null {
  const windows = [
    ['startTimeA', 'endTimeA'],
    ['startTimeB', 'endTimeB'],
  ] as const;
  const spans: [number, number][] = [];
  for (const [startField, endField] of windows) {
    const start = minutesOf(entry[startField]);
    const end = minutesOf(entry[endField]);
    if ((start === null) !== (end === null)) return { field: start === null ? startField : endField, message: SCHEDULE_MESSAGES.halfWindow };
    if (start !== null && end !== null) {
      if (start >= end) return { field: endField, message: SCHEDULE_MESSAGES.endBeforeStart };
      spans.push([start, end]);
    }
  }
  const [a, b] = spans;
  if (a && b && a[0] < b[1] && b[0] < a[1]) return { field: 'startTimeB', message: SCHEDULE_MESSAGES.overlap };
  return null;
}

const ScheduleEntryInput = z.object({
  weekday: safeText().max(30).optional(),
  weekdayEn: ScheduleEntry.shape.weekdayEn,
  startTimeA: TimeOfDay.default(''),
  endTimeA: TimeOfDay.default(''),
  startTimeB: TimeOfDay.default(''),
  endTimeB: TimeOfDay.default(''),
});

/**
 * The opening hours a form sends: at most one entry per weekday, each day's windows valid.
 * The answer always has the seven days from Monday, with the Portuguese day names; a day the
 * client left out keeps the default hours (a client that sends no opening hours means "as usual", not "closed").
 */
export const SchedulesInput = z
  .array(ScheduleEntryInput)
  .max(7)
  .superRefine((entries, ctx) => {
    const seen = new Set<string>();
    entries.forEach((entry, index) => {
      if (seen.has(entry.weekdayEn)) ctx.addIssue({ code: 'custom', path: [index, 'weekdayEn'], message: SCHEDULE_MESSAGES.duplicateDay });
      seen.add(entry.weekdayEn);
      const problem = scheduleEntryProblem(entry);
      if (problem) ctx.addIssue({ code: 'custom', path: [index, problem.field], message: problem.message });
    });
  })
  .transform((entries): ScheduleEntry[] =>
    SCHEDULE_DAYS.map((day) => {
      const given = entries.find((entry) => entry.weekdayEn === day.weekdayEn);
      return given
        ? { ...day, startTimeA: given.startTimeA, endTimeA: given.endTimeA, startTimeB: given.startTimeB, endTimeB: given.endTimeB }
        : { ...day, ...DEFAULT_SCHEDULE_WINDOWS };
    }),
  );
