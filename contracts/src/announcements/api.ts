import { z } from 'zod';
import { Count32Param, RecordIdParam, safeText } from '../common/bounds';
import { SearchParam } from '../common/inputs';
import { ANNOUNCEMENT_TEXT_MAX_LENGTH, ANNOUNCEMENT_TITLE_MAX_LENGTH } from './events';

const required = (max: number) =>
  safeText({ error: 'Obrigatório' })
    .trim()
    .superRefine((value, ctx) => {
      if (value.length === 0) ctx.addIssue({ code: 'custom', message: 'Obrigatório' });
      else if (value.length > max) ctx.addIssue({ code: 'custom', message: 'Mensagem muito longa' });
    });

/** A form sends numbers and booleans as text too. */
const priority = z.union([z.literal(1), z.literal(2), z.literal(3), z.enum(['1', '2', '3']).transform((value) => Number(value) as 1 | 2 | 3)]);
const status = z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')]);

/** Priority of an announcement created without one: low (grey). */
export const DEFAULT_ANNOUNCEMENT_PRIORITY = 3;

/** POST /announcements. */
export const CreateAnnouncementRequest = z.object({
  title: required(ANNOUNCEMENT_TITLE_MAX_LENGTH),
  text: required(ANNOUNCEMENT_TEXT_MAX_LENGTH),
  priority: priority.default(DEFAULT_ANNOUNCEMENT_PRIORITY),
  status: status.default(true),
});
export type CreateAnnouncementRequest = z.input<typeof CreateAnnouncementRequest>;

/** PUT /announcements/{id}: the fields given change. */
export const UpdateAnnouncementRequest = z.object({
  title: required(ANNOUNCEMENT_TITLE_MAX_LENGTH).optional(),
  text: required(ANNOUNCEMENT_TEXT_MAX_LENGTH).optional(),
  priority: priority.optional(),
  status: status.optional(),
});
export type UpdateAnnouncementRequest = z.input<typeof UpdateAnnouncementRequest>;

/** GET /announcements. */
export const ListAnnouncementsQuery = z.object({ searchParam: SearchParam, pageNumber: Count32Param.pipe(z.number().min(1)).default(1) });

export const AnnouncementIdParams = z.object({ id: RecordIdParam });
export const AnnouncementUploadFields = z.object({ typeArch: safeText().max(50).optional() });

export const ANNOUNCEMENTS_PAGE_SIZE = 20;
