import { z } from 'zod';
import { TAG_NAME_MAX_LENGTH, TAG_NAME_MIN_LENGTH, TagColor } from './events';
import { Count32Param, safeText } from '../common/bounds';
import { SearchParam } from '../common/inputs';

/** Tag name: missing or empty → 'Obrigatório', under 3 characters → the tag dialog's 'Tag muito curta!'. */
const tagName = safeText({ error: 'Obrigatório' })
  .trim()
  .superRefine((value, ctx) => {
    if (value.length === 0) ctx.addIssue({ code: 'custom', message: 'Obrigatório' });
    else if (value.length < TAG_NAME_MIN_LENGTH) ctx.addIssue({ code: 'custom', message: TAG_NAME_TOO_SHORT });
    else if (value.length > TAG_NAME_MAX_LENGTH) ctx.addIssue({ code: 'custom', message: 'Mensagem muito longa' });
  });

/** What a name under three characters answers (the tag dialog shows the same words). */
export const TAG_NAME_TOO_SHORT = 'Tag muito curta!';

/** kanban arrives as 0/1, '0'/'1' or a boolean (a form switch); it is recorded as 0 or 1. */
const kanban = z
  .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.boolean()])
  .transform((value): 0 | 1 => (value === 1 || value === '1' || value === true ? 1 : 0));

/** Colour of a tag created without one (the lanes screen's default chip colour). */
export const DEFAULT_TAG_COLOR = '#A4CCCC';

/** POST /tags. */
export const CreateTagRequest = z.object({
  name: tagName,
  color: TagColor.default(DEFAULT_TAG_COLOR),
  kanban: kanban.default(0),
});
export type CreateTagRequest = z.infer<typeof CreateTagRequest>;

/** PUT /tags/{id}: the fields given change. */
export const UpdateTagRequest = z.object({ name: tagName.optional(), color: TagColor.optional(), kanban: kanban.optional() });
export type UpdateTagRequest = z.infer<typeof UpdateTagRequest>;

/** kanban=0 or kanban=1 in a query string. */
export const KanbanFilter = z.enum(['0', '1']).transform((value): 0 | 1 => (value === '1' ? 1 : 0));

/** GET /tags: `offset` is how many the screen has loaded so far (infinite scroll). */
export const ListTagsQuery = z.object({
  searchParam: SearchParam,
  kanban: KanbanFilter.optional(),
  offset: Count32Param.default(0),
});
export type ListTagsQuery = z.infer<typeof ListTagsQuery>;

/** Tags per page of GET /tags. */
export const TAGS_PAGE_SIZE = 20;
