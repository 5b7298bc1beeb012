import { z } from 'zod';
import { defineEvent, type EventUnion } from '../events/registry';
import { recordEvents } from '../events/records';
import { RecordId, safeText } from '../common/bounds';
import { StoredMedia } from '../messages/events';

const id = RecordId;

export const ANNOUNCEMENT_TITLE_MAX_LENGTH = 255;
export const ANNOUNCEMENT_TEXT_MAX_LENGTH = 10_000;
/** 1 high (red), 2 medium (orange), 3 low (grey, the default). */
export const AnnouncementPriority = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export type AnnouncementPriority = z.infer<typeof AnnouncementPriority>;
/** The attachment's types: an image shown in the popover. */
export const ANNOUNCEMENT_MEDIA_TYPES = ['image/png', 'image/jpeg'] as const;

export const AnnouncementDetails = z.object({
  title: safeText().trim().min(1).max(ANNOUNCEMENT_TITLE_MAX_LENGTH),
  text: safeText().trim().min(1).max(ANNOUNCEMENT_TEXT_MAX_LENGTH),
  priority: AnnouncementPriority,
  /** true: active, shown to every user of every company. */
  status: z.boolean(),
});
export type AnnouncementDetails = z.infer<typeof AnnouncementDetails>;

export const {
  created: AnnouncementCreated,
  changed: AnnouncementChanged,
  deleted: AnnouncementDeleted,
} = recordEvents('Announcement', 'announcementId', AnnouncementDetails);
export const AnnouncementMediaAttached = defineEvent('AnnouncementMediaAttached', z.object({ announcementId: id, media: StoredMedia }));
export const AnnouncementMediaRemoved = defineEvent('AnnouncementMediaRemoved', z.object({ announcementId: id, media: StoredMedia }));
/** A user has seen the announcement (the popover's unread count). */
export const AnnouncementRead = defineEvent('AnnouncementRead', z.object({ announcementId: id, userId: id }));

const announcementStreamEvents = [AnnouncementCreated, AnnouncementChanged, AnnouncementDeleted, AnnouncementMediaAttached, AnnouncementMediaRemoved];
const announcementReadEvents = [AnnouncementRead];
export const announcementEvents = [...announcementStreamEvents, ...announcementReadEvents];

export type AnnouncementEvent = EventUnion<typeof announcementStreamEvents>;
export type AnnouncementReadEvent = EventUnion<typeof announcementReadEvents>;

export const announcementStream = (announcementId: number) => `announcement-${announcementId}`;
export const announcementReadStream = (announcementId: number, userId: number) => `announcementread-${announcementId}-${userId}`;
