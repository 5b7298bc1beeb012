import { z } from 'zod';
import { RecordIdParam, safeText } from './bounds';

/**
 * A dialog's required text, trimmed, refused in the dialogs' words: empty → 'Required', under `min`
 * → 'Too Short!', over `max` → 'Too Long!' (the contact and contact-list forms).
 */
export const formText = (min: number, max: number) =>
  safeText({ error: 'Required' })
    .trim()
    .superRefine((value, ctx) => {
      if (value.length === 0) ctx.addIssue({ code: 'custom', message: 'Required' });
      else if (value.length < min) ctx.addIssue({ code: 'custom', message: 'Too Short!' });
      else if (value.length > max) ctx.addIssue({ code: 'custom', message: 'Too Long!' });
    });

/** A list's search box (`searchParam` of the GET list queries). */
export const SearchParam = safeText().max(200).optional();

/** A list's query: the search box first, the list's own filters, then the page (from 1). */
export const searchedPageQuery = <Filters extends z.ZodRawShape>(filters: Filters) =>
  z.object({ searchParam: SearchParam, ...filters, pageNumber: RecordIdParam.default(1) });
