import { z } from 'zod';
import { defineEvent, type EventUnion } from '../events/registry';
import { recordEvents } from '../events/records';
import { StoredMedia } from '../messages/events';
import { RecordId, safeText } from '../common/bounds';

const id = RecordId;

export const SHORTCODE_MAX_LENGTH = 100;
export const QUICK_MESSAGE_MAX_LENGTH = 10_000;

/** What an author sets on a quick reply. Defaults: geral false, status true. */
export const QuickMessageFields = z.object({
  shortcode: safeText().trim().min(1).max(SHORTCODE_MAX_LENGTH),
  message: safeText().max(QUICK_MESSAGE_MAX_LENGTH),
  /** "General": offered to every user of the company, not only to its author. */
  geral: z.boolean(),
  /** Active: offered in the composer's slash menu. */
  status: z.boolean(),
  /** A category entry groups other quick messages (they name it in categoryId). */
  isCategory: z.boolean(),
  categoryId: id.nullable(),
});
export type QuickMessageFields = z.infer<typeof QuickMessageFields>;

/** Stream `quickmessage-<quickMessageId>`; `userId` is the author. */
export const {
  created: QuickMessageCreated,
  changed: QuickMessageChanged,
  deleted: QuickMessageDeleted,
} = recordEvents('QuickMessage', 'quickMessageId', QuickMessageFields, { userId: id });
/** A file was attached (replacing any earlier one); `originalName` is what the uploader called it (mediaName). */
export const QuickMessageMediaAttached = defineEvent(
  'QuickMessageMediaAttached',
  z.object({ quickMessageId: id, media: StoredMedia, originalName: safeText().max(255) }),
);
export const QuickMessageMediaRemoved = defineEvent('QuickMessageMediaRemoved', z.object({ quickMessageId: id, media: StoredMedia }));

export const quickMessageEvents = [QuickMessageCreated, QuickMessageChanged, QuickMessageDeleted, QuickMessageMediaAttached, QuickMessageMediaRemoved];

export type QuickMessageEvent = EventUnion<typeof quickMessageEvents>;

export const quickMessageStream = (quickMessageId: number) => `quickmessage-${quickMessageId}`;
