import { z } from 'zod';
import type { EventUnion } from '../events/registry';
import { recordEvents } from '../events/records';
import { RecordId, safeText } from '../common/bounds';

const id = RecordId;

/** A tag's name has at least 3 characters. */
export const TAG_NAME_MIN_LENGTH = 3;
export const TAG_NAME_MAX_LENGTH = 100;

/** CSS hex colour (#rgb, #rrggbb or #rrggbbaa): lanes and chips are painted with it. */
export const TagColor = safeText().regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, 'Cor inválida');
/** 1: the tag is a lane of the kanban board. */
export const TagKanban = z.union([z.literal(0), z.literal(1)]);

export const TagDetails = z.object({
  name: safeText().trim().min(TAG_NAME_MIN_LENGTH).max(TAG_NAME_MAX_LENGTH),
  color: TagColor,
  kanban: TagKanban,
});
export type TagDetails = z.infer<typeof TagDetails>;

/** `userId`: who created it; null when the system did. */
export const { created: TagCreated, changed: TagChanged, deleted: TagDeleted } = recordEvents('Tag', 'tagId', TagDetails, { userId: id.nullable() });

export const tagEvents = [TagCreated, TagChanged, TagDeleted];

export type TagEvent = EventUnion<typeof tagEvents>;

export const tagStream = (tagId: number) => `tag-${tagId}`;
