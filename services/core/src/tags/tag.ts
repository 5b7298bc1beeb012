import type { TagEvent } from '@conversa/contracts';
import { recordDecider, type CommandOf } from '../commands/record';

/** A tag; its details hold who created it (`userId`, null for the system), which no change names. */
export const tag = recordDecider<TagEvent>()({
  id: 'tagId',
  created: 'TagCreated',
  changed: 'TagChanged',
  deleted: 'TagDeleted',
  create: 'CreateTag',
  change: 'ChangeTag',
  delete: 'DeleteTag',
  notFound: 'ERR_NO_TAG_FOUND',
  exists: 'Tag already exists',
});

export type TagCommand = CommandOf<typeof tag>;
