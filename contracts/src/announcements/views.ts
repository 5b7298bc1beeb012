import { z } from 'zod';
import { timestamps } from '../common/views';

export const AnnouncementView = z.object({
  id: z.number(),
  title: z.string(),
  text: z.string(),
  priority: z.number(),
  status: z.boolean(),
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  /** Whether the caller has seen it (the popover's unread count). */
  read: z.boolean(),
  ...timestamps,
});
export type AnnouncementView = z.infer<typeof AnnouncementView>;

export const AnnouncementPage = z.object({ records: z.array(AnnouncementView), hasMore: z.boolean() });
export type AnnouncementPage = z.infer<typeof AnnouncementPage>;

/**
 * `announcement` frames: create/update with `record` (its `read` is false: each browser keeps its own), delete with
 * `id`; `hide` with `id` tells who is not the super user that the announcement went inactive.
 */
export type AnnouncementFrame = { action: 'create' | 'update'; record: AnnouncementView } | { action: 'delete' | 'hide'; id: number };
