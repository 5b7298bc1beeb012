import { z } from 'zod';
import { defineEvent, type EventUnion } from '../events/registry';
import { RecordId, realDateTime, safeText } from '../common/bounds';

const id = RecordId;

/** A scheduled message's body needs at least 5 characters. */
export const SCHEDULE_BODY_MIN_LENGTH = 5;
export const SCHEDULE_BODY_MAX_LENGTH = 10_000;

/** PENDENTE waits for its time, ENVIADA was queued to the contact, ERRO could not be. */
export const ScheduleStatus = z.enum(['PENDENTE', 'ENVIADA', 'ERRO']);
export type ScheduleStatus = z.infer<typeof ScheduleStatus>;

export const ScheduleFields = z.object({
  contactId: id,
  body: safeText().min(SCHEDULE_BODY_MIN_LENGTH).max(SCHEDULE_BODY_MAX_LENGTH),
  sendAt: realDateTime(),
  /** Who the schedule belongs to (who wrote it, or whom the form named). */
  userId: id.nullable(),
});
export type ScheduleFields = z.infer<typeof ScheduleFields>;

/** Stream `schedule-<scheduleId>`; `ticketId` is the ticket it was written from, if any. */
export const ScheduleCreated = defineEvent('ScheduleCreated', ScheduleFields.extend({ scheduleId: id, ticketId: id.nullable() }), {
  personal: { contact: 'contactId', content: ['body'] },
});
/** Edited before sending; an edit of a failed schedule puts it back in line (status PENDENTE). */
/** Its contact is the schedule's (the stream's first event's): `changes.contactId` may be absent. */
export const ScheduleChanged = defineEvent('ScheduleChanged', z.object({ scheduleId: id, changes: ScheduleFields.partial() }), {
  personal: { contact: 'stream', content: ['changes.body'] },
});
export const ScheduleDeleted = defineEvent('ScheduleDeleted', z.object({ scheduleId: id }));
/** The automation queued the message on the contact's ticket. */
export const ScheduleSent = defineEvent('ScheduleSent', z.object({ scheduleId: id, sentAt: realDateTime(), messageId: z.uuid(), ticketId: id }));
/** The automation could not queue it (status ERRO); `reason` is for the people who look into it. */
export const ScheduleFailed = defineEvent('ScheduleFailed', z.object({ scheduleId: id, reason: safeText().max(2000), failedAt: realDateTime() }));

export const scheduleEvents = [ScheduleCreated, ScheduleChanged, ScheduleDeleted, ScheduleSent, ScheduleFailed];

export type ScheduleEvent = EventUnion<typeof scheduleEvents>;

export const scheduleStream = (scheduleId: number) => `schedule-${scheduleId}`;
