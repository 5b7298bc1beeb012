import { z } from 'zod';
import { SCHEDULE_BODY_MAX_LENGTH, SCHEDULE_BODY_MIN_LENGTH, type ScheduleStatus } from './events';
import { INT32_MAX, RecordIdParam, safeText } from '../common/bounds';

const REQUIRED = 'Obrigatório';
const TOO_SHORT = 'Mensagem muito curta';

const body = safeText({ error: REQUIRED }).trim().min(1, REQUIRED).min(SCHEDULE_BODY_MIN_LENGTH, TOO_SHORT).max(SCHEDULE_BODY_MAX_LENGTH, 'Too Long!');
const contactId = z.coerce.number({ error: REQUIRED }).int(REQUIRED).positive(REQUIRED).max(INT32_MAX);
/** Any date the browser sends (ISO with or without offset); stored as UTC ISO. */
const sendAt = safeText({ error: REQUIRED })
  .min(1, REQUIRED)
  // Years 1 to 9999: Postgres timestamps have no year 0, and ISO text has no 6-digit years.
  .refine((value) => {
    const year = new Date(value).getUTCFullYear();
    return year >= 1 && year <= 9999;
  }, 'Data inválida')
  .transform((value) => new Date(value).toISOString());
const userId = RecordIdParam.nullable();

/** POST /schedules (body required and ≥ 5 characters; contact and sendAt required). */
export const CreateScheduleRequest = z.object({
  body,
  contactId,
  sendAt,
  userId: userId.optional(),
  /** The ticket the schedule was written from (the ticket screen's schedule dialog). */
  ticketId: RecordIdParam.nullable().optional(),
});
export type CreateScheduleRequest = z.infer<typeof CreateScheduleRequest>;

/** PUT /schedules/:id (body, contactId, sendAt, userId). */
export const UpdateScheduleRequest = z.object({ body: body.optional(), contactId: contactId.optional(), sendAt: sendAt.optional(), userId: userId.optional() });
export type UpdateScheduleRequest = z.infer<typeof UpdateScheduleRequest>;

/** GET /schedules/ (20 per page). */
export const ListSchedulesQuery = z.object({
  searchParam: safeText().max(200).optional(),
  contactId: RecordIdParam.optional(),
  userId: RecordIdParam.optional(),
  pageNumber: RecordIdParam.default(1),
});

/** A scheduled message as the API and the socket frames carry it. */
export interface ScheduleView {
  id: number;
  companyId: number;
  contactId: number;
  contact: { id: number; name: string } | null;
  body: string;
  sendAt: string;
  sentAt: string | null;
  status: ScheduleStatus;
  userId: number | null;
  ticketId: number | null;
  messageId: string | null;
  /** Why the last attempt failed (status ERRO). */
  failureReason: string | null;
  createdAt: string;
  updatedAt: string;
}
