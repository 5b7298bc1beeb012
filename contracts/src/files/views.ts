import { z } from 'zod';
import { companyRecord, timestamps } from '../common/views';

export const FileOptionView = z.object({ id: z.string(), name: z.string(), path: z.string(), mediaType: z.string(), size: z.number() });
export const FileListView = z.object({
  ...companyRecord,
  name: z.string(),
  message: z.string(),
  userId: z.number().nullable(),
  options: z.array(FileOptionView),
  ...timestamps,
});
export type FileListView = z.infer<typeof FileListView>;
export const FileListPage = z.object({ files: z.array(FileListView), count: z.number(), hasMore: z.boolean() });
export type FileListPage = z.infer<typeof FileListPage>;
/** Frame `files`. */
export type FileListFrame = { action: 'create' | 'update'; files: FileListView } | { action: 'delete'; fileId: number };
