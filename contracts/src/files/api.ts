import { z } from 'zod';
import { PageNumberParam, safeText } from '../common/bounds';
import { SearchParam } from '../common/inputs';
import { FILE_LIST_NAME_MAX, FILE_LIST_NAME_MIN } from './events';

/** The file list dialog's words: 'nome muito curto' under 3 characters, 'Obrigatório' when missing. */
const name = safeText({ error: 'Obrigatório' })
  .trim()
  .superRefine((value, ctx) => {
    if (value.length === 0) ctx.addIssue({ code: 'custom', message: 'Obrigatório' });
    else if (value.length < FILE_LIST_NAME_MIN) ctx.addIssue({ code: 'custom', message: 'nome muito curto' });
    else if (value.length > FILE_LIST_NAME_MAX) ctx.addIssue({ code: 'custom', message: 'nome muito longo' });
  });
const message = safeText({ error: 'Obrigatório' }).trim().min(1, 'Obrigatório').max(4096);

/** POST /files. */
export const CreateFileListRequest = z.object({ name, message });
export type CreateFileListRequest = z.infer<typeof CreateFileListRequest>;
/** PUT /files/{id}: name and message; `options` lists the file ids kept (the others are removed). */
export const UpdateFileListRequest = z.object({
  name: name.optional(),
  message: message.optional(),
  options: z
    .array(z.object({ id: z.uuid() }))
    .max(20)
    .optional(),
});
export type UpdateFileListRequest = z.infer<typeof UpdateFileListRequest>;
export const ListFileListsQuery = z.object({
  searchParam: SearchParam,
  pageNumber: PageNumberParam,
});
export const FILE_LISTS_PAGE_SIZE = 20;
