import { z } from 'zod';
import { SCHEDULE_BODY_MAX_LENGTH, SCHEDULE_BODY_MIN_LENGTH, ScheduleStatus } from './events';
import { INT32_MAX, RecordIdParam, safeText } from '../common/bounds';
import { searchedPageQuery } from '../common/inputs';
import { companyRecord, timestamps } from '../common/views';

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
/** What a client may send to POST /schedules. */
export type CreateScheduleBody = z.input<typeof CreateScheduleRequest>;

/** PUT /schedules/:id (body, contactId, sendAt, userId). */
export const UpdateScheduleRequest = z.object({ body: body.optional(), contactId: contactId.optional(), sendAt: sendAt.optional(), userId: userId.optional() });
export type UpdateScheduleRequest = z.infer<typeof UpdateScheduleRequest>;

/** GET /schedules/ (20 per page). */
export const ListSchedulesQuery = searchedPageQuery({ contactId: RecordIdParam.optional(), userId: RecordIdParam.optional() });

/** A scheduled message as the API and the socket frames carry it. */
export const ScheduleView = z.object({
  ...companyRecord,
  contactId: z.number(),
  contact: z.object({ id: z.number(), name: z.string() }).nullable(),
  body: z.string(),
  sendAt: z.string(),
  sentAt: z.string().nullable(),
  status: ScheduleStatus,
  userId: z.number().nullable(),
  ticketId: z.number().nullable(),
  messageId: z.string().nullable(),
  /** Why the last attempt failed (status ERRO). */
  failureReason: z.string().nullable(),
  ...timestamps,
});
export type ScheduleView = z.infer<typeof ScheduleView>;

/** GET /schedules: a page of scheduled messages. */
export const SchedulePage = z.object({ schedules: z.array(ScheduleView), count: z.number(), hasMore: z.boolean() });
