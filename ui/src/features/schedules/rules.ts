/** Body required and at least 5 characters; sendAt required, by default one hour from now. */
export const SCHEDULE_BODY_MIN = 5;
export const SCHEDULE_DEFAULT_DELAY_MS = 60 * 60 * 1000;

export type ScheduleErrors = Partial<Record<'body' | 'sendAt', 'required' | 'tooShort'>>;

export function validateSchedule(values: { body: string; sendAt: string }): ScheduleErrors {
  const errors: ScheduleErrors = {};
  const body = values.body.trim();
  if (body === '') errors.body = 'required';
  else if (body.length < SCHEDULE_BODY_MIN) errors.body = 'tooShort';
  if (values.sendAt.trim() === '' || Number.isNaN(Date.parse(values.sendAt))) errors.sendAt = 'required';
  return errors;
}

/** A local date-time for <input type="datetime-local"> (YYYY-MM-DDTHH:mm). */
export function toLocalInput(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export const defaultSendAt = (now: Date): string => toLocalInput(new Date(now.getTime() + SCHEDULE_DEFAULT_DELAY_MS));

/** A schedule already sent cannot be saved again (the save button is hidden). */
export const canSaveSchedule = (schedule: { sentAt: string | null } | null): boolean => !schedule?.sentAt;
