import { z } from 'zod';
import { RecordId, safeText } from '../common/bounds';
import { defineEvent, type EventUnion } from '../events/registry';
import { recordEvents } from '../events/records';

const id = RecordId;

/** A day of an on-duty entry: one window, start and end in HH:mm, both or neither (the day off). */
export const OnDutyDay = z.object({
  weekday: safeText().max(30),
  weekdayEn: z.enum(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']),
  startTime: safeText().regex(/^(\d{2}:\d{2})?$/),
  endTime: safeText().regex(/^(\d{2}:\d{2})?$/),
});
export type OnDutyDay = z.infer<typeof OnDutyDay>;

/** The fields of an on-duty entry: who, which phone is called, how often at most (hours), and when. */
export const OnDutyDetails = z.object({
  userId: id,
  /** Digits with the country code, as the channel addresses it. */
  phone: safeText().regex(/^\d{8,15}$/),
  /** At most one announcement per this many hours. */
  interval: z.number().int().min(1).max(24),
  days: z.array(OnDutyDay).length(7),
});
export type OnDutyDetails = z.infer<typeof OnDutyDetails>;

export const { created: OnDutyCreated, changed: OnDutyChanged, deleted: OnDutyDeleted } = recordEvents('OnDuty', 'onDutyId', OnDutyDetails);
/**
 * A new out-of-hours ticket is to be announced to the entry's phone, through `whatsappId`. The
 * interval rule is decided here (the stream holds when the last announcement was queued).
 */
export const OnDutyAnnouncementQueued = defineEvent(
  'OnDutyAnnouncementQueued',
  z.object({
    onDutyId: id,
    ticketId: id,
    messageId: z.uuid(),
    whatsappId: id,
    phone: safeText().regex(/^\d{8,15}$/),
    body: safeText().min(1).max(4096),
    at: z.iso.datetime(),
  }),
);
export const OnDutyAnnouncementSent = defineEvent(
  'OnDutyAnnouncementSent',
  z.object({ onDutyId: id, messageId: z.uuid(), providerId: safeText().min(1).max(255) }),
);
export const OnDutyAnnouncementFailed = defineEvent('OnDutyAnnouncementFailed', z.object({ onDutyId: id, messageId: z.uuid(), reason: safeText().max(1000) }));

export const onDutyEvents = [OnDutyCreated, OnDutyChanged, OnDutyDeleted, OnDutyAnnouncementQueued, OnDutyAnnouncementSent, OnDutyAnnouncementFailed];

export type OnDutyEvent = EventUnion<typeof onDutyEvents>;

export const onDutyStream = (onDutyId: number) => `onduty-${onDutyId}`;
