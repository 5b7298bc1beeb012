import { z } from 'zod';
import { defineEvent, type EventUnion } from '../events/registry';
import { RecordId, safeText } from '../common/bounds';
import { StoredMedia } from '../messages/events';

const id = RecordId;
export const FILE_LIST_NAME_MIN = 3;
export const FILE_LIST_NAME_MAX = 100;
/** Files a list holds. */
export const FILE_LIST_MAX_OPTIONS = 20;

export const FileOption = z.object({ optionId: z.uuid(), name: safeText().max(200), media: StoredMedia });
export type FileOption = z.infer<typeof FileOption>;

export const FileListCreated = defineEvent(
  'FileListCreated',
  z.object({ fileListId: id, name: safeText().max(FILE_LIST_NAME_MAX), message: safeText().max(4096), userId: id.nullable() }),
);
export const FileListChanged = defineEvent(
  'FileListChanged',
  z.object({ fileListId: id, changes: z.object({ name: safeText().max(FILE_LIST_NAME_MAX).optional(), message: safeText().max(4096).optional() }) }),
);
export const FileListDeleted = defineEvent('FileListDeleted', z.object({ fileListId: id }));
export const FileListOptionAdded = defineEvent('FileListOptionAdded', z.object({ fileListId: id, option: FileOption }));
export const FileListOptionRemoved = defineEvent('FileListOptionRemoved', z.object({ fileListId: id, optionId: z.uuid() }));

export const fileListEvents = [FileListCreated, FileListChanged, FileListDeleted, FileListOptionAdded, FileListOptionRemoved];

export type FileListEvent = EventUnion<typeof fileListEvents>;

export const fileListStream = (fileListId: number) => `filelist-${fileListId}`;
