import { z } from 'zod';
import type { EventUnion } from '../events/registry';
import { recordEvents } from '../events/records';
import { HELP_VIDEO_MAX_LENGTH } from './video';
import { safeText } from '../common/bounds';
import { timestamps } from '../common/views';

export const HELP_TITLE_MAX_LENGTH = 100;
export const HELP_DESCRIPTION_MAX_LENGTH = 2000;

/** A help entry: platform-wide, written by the super user, read by every user. */
export const HelpDetails = z.object({
  title: safeText().trim().min(1).max(HELP_TITLE_MAX_LENGTH),
  description: safeText().max(HELP_DESCRIPTION_MAX_LENGTH),
  /** A YouTube code or link, a Vimeo link or an https video file link (see helpVideoSource). */
  video: safeText().trim().min(1).max(HELP_VIDEO_MAX_LENGTH),
});
export type HelpDetails = z.infer<typeof HelpDetails>;

/*
 * Help entries belong to no company. Like plans, their events carry no companyId in the data; the
 * metadata's companyId (never optional) is the company of the super user who wrote them.
 */
export const { created: HelpCreated, changed: HelpChanged, deleted: HelpDeleted } = recordEvents('Help', 'helpId', HelpDetails);

export const helpEvents = [HelpCreated, HelpChanged, HelpDeleted];

export type HelpEvent = EventUnion<typeof helpEvents>;

export const helpStream = (helpId: number) => `help-${helpId}`;

/** A help entry as GET /helps and /helps/list answer it. */
export const HelpView = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  video: z.string(),
  ...timestamps,
});
export type HelpView = z.infer<typeof HelpView>;
