import { z } from 'zod';
import { QUICK_MESSAGE_MAX_LENGTH, SHORTCODE_MAX_LENGTH } from './events';
import { RecordIdParam, safeText } from '../common/bounds';
import { searchedPageQuery } from '../common/inputs';
import { companyRecord, timestamps } from '../common/views';

const REQUIRED = 'Obrigatório';
const optionalId = RecordIdParam.nullable();

/** POST /quick-messages (shortcode required, 'Obrigatório'; defaults geral false, status true). */
export const CreateQuickMessageRequest = z.object({
  shortcode: safeText({ error: REQUIRED }).trim().min(1, REQUIRED).max(SHORTCODE_MAX_LENGTH, 'Too Long!'),
  message: safeText().max(QUICK_MESSAGE_MAX_LENGTH, 'Too Long!').default(''),
  geral: z.boolean().default(false),
  status: z.boolean().default(true),
  isCategory: z.boolean().default(false),
  categoryId: optionalId.default(null),
});
export type CreateQuickMessageRequest = z.infer<typeof CreateQuickMessageRequest>;

/** PUT /quick-messages/:id: any of the fields; the browser sends the whole form. */
export const UpdateQuickMessageRequest = z.object({
  shortcode: safeText().trim().min(1, REQUIRED).max(SHORTCODE_MAX_LENGTH, 'Too Long!').optional(),
  message: safeText().max(QUICK_MESSAGE_MAX_LENGTH, 'Too Long!').optional(),
  geral: z.boolean().optional(),
  status: z.boolean().optional(),
  isCategory: z.boolean().optional(),
  categoryId: optionalId.optional(),
});
export type UpdateQuickMessageRequest = z.infer<typeof UpdateQuickMessageRequest>;

/** GET /quick-messages: the quick-replies page (20 per page). */
export const ListQuickMessagesQuery = searchedPageQuery({ userId: RecordIdParam.optional(), companyId: RecordIdParam.optional() });

/** A quick message as the API and the socket frames carry it. */
export const QuickMessageView = z.object({
  ...companyRecord,
  userId: z.number(),
  shortcode: z.string(),
  message: z.string(),
  geral: z.boolean(),
  status: z.boolean(),
  isCategory: z.boolean(),
  categoryId: z.number().nullable(),
  isMedia: z.boolean(),
  /** URL the browser fetches the attachment from. */
  mediaPath: z.string().nullable(),
  /** The attachment's name as uploaded. */
  mediaName: z.string().nullable(),
  mediaType: z.string().nullable(),
  ...timestamps,
});
export type QuickMessageView = z.infer<typeof QuickMessageView>;

/** GET /quick-messages: a page of quick replies. */
export const QuickMessagePage = z.object({ records: z.array(QuickMessageView), count: z.number(), hasMore: z.boolean() });
