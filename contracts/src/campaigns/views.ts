import { z } from 'zod';
import { CampaignSettingsValues, CampaignStatus, PauseReason, SendWindow } from './events';

const named = z.object({ id: z.number(), name: z.string() });

/** The report's counts (a projection of the shippings). */
export const CampaignCounts = z.object({
  planned: z.number(),
  /** Planned contacts whose number has WhatsApp (not answered invalid, not opted out). */
  valid: z.number(),
  delivered: z.number(),
  confirmationRequested: z.number(),
  confirmed: z.number(),
  failed: z.number(),
  skipped: z.number(),
});
export type CampaignCounts = z.infer<typeof CampaignCounts>;

export const CampaignView = z.object({
  id: z.number(),
  companyId: z.number(),
  name: z.string(),
  message1: z.string(),
  message2: z.string(),
  message3: z.string(),
  message4: z.string(),
  message5: z.string(),
  confirmationMessage1: z.string(),
  confirmationMessage2: z.string(),
  confirmationMessage3: z.string(),
  confirmationMessage4: z.string(),
  confirmationMessage5: z.string(),
  status: CampaignStatus,
  confirmation: z.boolean(),
  scheduledAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  contactListId: z.number().nullable(),
  contactList: named.nullable(),
  tagListId: z.number().nullable(),
  /** The connections' ids, comma-joined (the spec's whatsappId). */
  whatsappId: z.string(),
  whatsapp: named.nullable(),
  whatsapps: z.array(named),
  fileListId: z.number().nullable(),
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  sendWindow: SendWindow.nullable(),
  /** Why the engine stopped it (rate limit, block, refused start); null when a user did or nothing did. */
  pause: PauseReason.nullable(),
  counts: CampaignCounts,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CampaignView = z.infer<typeof CampaignView>;

export const CampaignPage = z.object({ records: z.array(CampaignView), count: z.number(), hasMore: z.boolean() });
export type CampaignPage = z.infer<typeof CampaignPage>;

export const CampaignSettingsView = CampaignSettingsValues;
export type CampaignSettingsView = CampaignSettingsValues;

/** Frame `campaign`. */
export type CampaignFrame = { action: 'create' | 'update'; record: CampaignView } | { action: 'delete'; id: number };
