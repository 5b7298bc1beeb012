import { z } from 'zod';
import { PageNumberParam, RecordId, realDateTime, safeText } from '../common/bounds';
import {
  CAMPAIGN_NAME_MAX,
  CAMPAIGN_NAME_MIN,
  CampaignStatus,
  CampaignVariable,
  GREATER_INTERVAL_OPTIONS,
  LONGER_INTERVAL_AFTER_OPTIONS,
  MESSAGE_INTERVAL_OPTIONS,
  SendWindow,
} from './events';

const name = safeText({ error: 'Required' })
  .trim()
  .superRefine((value, ctx) => {
    if (value.length === 0) ctx.addIssue({ code: 'custom', message: 'Required' });
    else if (value.length < CAMPAIGN_NAME_MIN) ctx.addIssue({ code: 'custom', message: 'Too Short!' });
    else if (value.length > CAMPAIGN_NAME_MAX) ctx.addIssue({ code: 'custom', message: 'Too Long!' });
  });
const slot = safeText().max(4096).optional();
/** An id, or nothing ('' or null from an emptied select). */
const optionalId = z.preprocess(
  (value) => (value === '' || value === undefined ? null : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value),
  RecordId.nullable(),
);
/** whatsappId: "1,2" (the spec's comma-joined ids), one id, or a list. */
const connectionIds = z.preprocess((value) => {
  if (value === '' || value === null || value === undefined) return [];
  if (typeof value === 'number') return [value];
  if (typeof value === 'string') return value.split(',').map((part) => (/^\s*\d+\s*$/.test(part) ? Number(part) : part));
  return value;
}, z.array(RecordId).max(20));
const scheduledAt = z.preprocess((value) => (value === '' || value === undefined ? null : value), realDateTime({ offset: true }).nullable());

export const CampaignFields = z.object({
  name,
  message1: slot,
  message2: slot,
  message3: slot,
  message4: slot,
  message5: slot,
  confirmationMessage1: slot,
  confirmationMessage2: slot,
  confirmationMessage3: slot,
  confirmationMessage4: slot,
  confirmationMessage5: slot,
  confirmation: z.boolean().default(false),
  scheduledAt: scheduledAt.default(null),
  contactListId: optionalId.default(null),
  tagListId: optionalId.default(null),
  whatsappId: connectionIds.default([]),
  fileListId: optionalId.default(null),
  sendWindow: SendWindow.nullable().default(null),
});
/** POST /campaigns. */
export const CreateCampaignRequest = CampaignFields;
export type CreateCampaignRequest = z.infer<typeof CreateCampaignRequest>;
/** PUT /campaigns/{id}: the dialog sends the whole form again. */
export const UpdateCampaignRequest = CampaignFields;
export type UpdateCampaignRequest = z.infer<typeof UpdateCampaignRequest>;

export const ListCampaignsQuery = z.object({
  searchParam: safeText().max(200).optional(),
  pageNumber: PageNumberParam,
});
export type ListCampaignsQuery = z.infer<typeof ListCampaignsQuery>;
export const CAMPAIGNS_PAGE_SIZE = 20;

/** POST /campaign-settings: the settings page's selects offer exactly the spec's options. */
const oneOf = (options: readonly number[]) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value !== '' ? Number(value) : value),
    z.number().refine((value) => options.includes(value), { message: `one of ${options.join(', ')}` }),
  );
export const CampaignSettingsRequest = z.object({
  messageInterval: oneOf(MESSAGE_INTERVAL_OPTIONS),
  longerIntervalAfter: oneOf(LONGER_INTERVAL_AFTER_OPTIONS),
  greaterInterval: oneOf(GREATER_INTERVAL_OPTIONS),
  variables: z
    .array(
      CampaignVariable.extend({
        key: safeText()
          .trim()
          .min(1)
          .max(50)
          .regex(/^[\w-]+$/, 'atalho: letras, números, _ ou -'),
      }),
    )
    .max(100)
    .default([]),
  optOutWords: z.array(safeText().trim().min(1).max(50)).min(1).max(50).optional(),
  sendWindow: SendWindow.nullable().optional(),
});
export type CampaignSettingsRequest = z.infer<typeof CampaignSettingsRequest>;

export { CampaignStatus };
