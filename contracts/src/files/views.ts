import { z } from 'zod';

export const FileOptionView = z.object({ id: z.string(), name: z.string(), path: z.string(), mediaType: z.string(), size: z.number() });
export const FileListView = z.object({
  id: z.number(),
  companyId: z.number(),
  name: z.string(),
  message: z.string(),
  userId: z.number().nullable(),
  options: z.array(FileOptionView),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FileListView = z.infer<typeof FileListView>;
export const FileListPage = z.object({ files: z.array(FileListView), count: z.number(), hasMore: z.boolean() });
export type FileListPage = z.infer<typeof FileListPage>;
/** Frame `files`. */
export type FileListFrame = { action: 'create' | 'update'; files: FileListView } | { action: 'delete'; fileId: number };
