import { z } from 'zod';
import { defineEvent, type EventUnion } from '../events/registry';
import { RecordId, realDateTime, safeText } from '../common/bounds';
import { StoredMedia } from '../messages/events';
import { NumberDigestText } from '../contacts/events';

const id = RecordId;

export const CAMPAIGN_STATUSES = ['INATIVA', 'PROGRAMADA', 'EM_ANDAMENTO', 'CANCELADA', 'FINALIZADA'] as const;
export const CampaignStatus = z.enum(CAMPAIGN_STATUSES);
export type CampaignStatus = z.infer<typeof CampaignStatus>;

/** 5 message slots and 5 confirmation slots. */
export const CAMPAIGN_SLOTS = 5;
export const CAMPAIGN_NAME_MIN = 2;
export const CAMPAIGN_NAME_MAX = 50;
/** Editable while INATIVA, or PROGRAMADA more than this before its start. */
export const CAMPAIGN_EDIT_LEAD_MS = 60 * 60 * 1000;
/** Shippings per CampaignShippingsPlanned event: a 100,000-contact plan is 100 events in one append. */
export const SHIPPINGS_PER_EVENT = 1000;

const text = safeText().max(4096);
/** "HH:mm", 00:00 to 23:59. */
export const ClockTime = safeText().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'hora inválida (HH:mm)');
/** Hours in which the campaign may send (company time zone); `to` before `from` spans midnight. */
export const SendWindow = z.object({ from: ClockTime, to: ClockTime });
export type SendWindow = z.infer<typeof SendWindow>;

export const CampaignDetails = z.object({
  name: safeText().max(CAMPAIGN_NAME_MAX),
  messages: z.array(text).length(CAMPAIGN_SLOTS),
  confirmationMessages: z.array(text).length(CAMPAIGN_SLOTS),
  confirmation: z.boolean(),
  scheduledAt: realDateTime({ offset: true }).nullable(),
  contactListId: id.nullable(),
  tagListId: id.nullable(),
  /** The connections it sends through; messages are spread across them. */
  whatsappIds: z.array(id).max(20),
  fileListId: id.nullable(),
  media: StoredMedia.nullable(),
  /** Overrides the company's send window; null: the settings' window (or any hour when none). */
  sendWindow: SendWindow.nullable(),
});
export type CampaignDetails = z.infer<typeof CampaignDetails>;

/** Why the engine stopped a campaign by itself (shown on the report; a restart resumes). */
export const PauseReason = z.object({ code: safeText().max(60), detail: safeText().max(500) });
export type PauseReason = z.infer<typeof PauseReason>;

export const CampaignCreated = defineEvent('CampaignCreated', z.object({ campaignId: id, details: CampaignDetails, userId: id.nullable() }));
export const CampaignChanged = defineEvent('CampaignChanged', z.object({ campaignId: id, changes: CampaignDetails.partial() }));
export const CampaignDeleted = defineEvent('CampaignDeleted', z.object({ campaignId: id }));
export const CampaignStarted = defineEvent('CampaignStarted', z.object({ campaignId: id, startedAt: realDateTime() }));
/** By a user (pause null) or by the engine (a rate limit, a block, a start it refused: pause says why). */
export const CampaignCancelled = defineEvent('CampaignCancelled', z.object({ campaignId: id, pause: PauseReason.nullable() }));
export const CampaignRestarted = defineEvent('CampaignRestarted', z.object({ campaignId: id }));
export const CampaignFinished = defineEvent('CampaignFinished', z.object({ campaignId: id, completedAt: realDateTime() }));

export const ShippingKind = z.enum(['message', 'confirmation']);
export type ShippingKind = z.infer<typeof ShippingKind>;
export const PlannedShipping = z.object({
  itemId: id,
  name: safeText().max(50),
  number: safeText().max(50),
  /** The number's digest, as the list item has it (an erasure scrubs the shipping by it). */
  digest: NumberDigestText.nullable().optional(),
  email: safeText().max(255),
  /** Spread across the campaign's connections when planned. */
  connectionId: id,
  /** Which filled message slot (0–4) this contact gets; confirmationIndex likewise for the request. */
  messageIndex: z
    .number()
    .int()
    .min(0)
    .max(CAMPAIGN_SLOTS - 1),
  confirmationIndex: z
    .number()
    .int()
    .min(0)
    .max(CAMPAIGN_SLOTS - 1)
    .nullable(),
  /** The list's validity answer when planned: a number without WhatsApp is skipped, never sent. */
  valid: z.boolean().nullable(),
});
export type PlannedShipping = z.infer<typeof PlannedShipping>;

const shipping = { campaignId: id, itemId: id };
export const CampaignShippingsPlanned = defineEvent(
  'CampaignShippingsPlanned',
  z.object({ campaignId: id, shippings: z.array(PlannedShipping).min(1).max(SHIPPINGS_PER_EVENT) }),
);
/** Recorded before the channel is called; a restart resends it with the same messageId (the channel's idempotency key). */
export const CampaignShippingAttempted = defineEvent(
  'CampaignShippingAttempted',
  z.object({ ...shipping, kind: ShippingKind, messageId: z.uuid(), connectionId: id }),
);
export const CampaignShippingDelivered = defineEvent(
  'CampaignShippingDelivered',
  z.object({ ...shipping, providerId: safeText().min(1).max(255), deliveredAt: realDateTime() }),
);
export const CampaignConfirmationRequested = defineEvent(
  'CampaignConfirmationRequested',
  z.object({ ...shipping, providerId: safeText().min(1).max(255), requestedAt: realDateTime() }),
);
export const CampaignShippingConfirmed = defineEvent('CampaignShippingConfirmed', z.object({ ...shipping, confirmedAt: realDateTime() }));
export const CampaignShippingFailed = defineEvent('CampaignShippingFailed', z.object({ ...shipping, reason: safeText().max(500) }));
export const CampaignShippingSkipped = defineEvent(
  'CampaignShippingSkipped',
  z.object({ ...shipping, reason: z.enum(['opted-out', 'invalid-number', 'erased']) }),
);

/** A contact answered an opt-out word: no campaign of the company reaches the number again. */
export const CampaignContactOptedOut = defineEvent(
  'CampaignContactOptedOut',
  z.object({ number: safeText().max(50), word: safeText().max(50), digest: NumberDigestText.optional() }),
);

export const CampaignVariable = z.object({ key: safeText().min(1).max(50), value: safeText().max(1000) });
export const CampaignSettingsValues = z.object({
  messageInterval: z.number().int().min(0).max(3600),
  longerIntervalAfter: z.number().int().min(0).max(100_000),
  greaterInterval: z.number().int().min(0).max(3600),
  variables: z.array(CampaignVariable).max(100),
  optOutWords: z.array(safeText().min(1).max(50)).max(50),
  sendWindow: SendWindow.nullable(),
});
export type CampaignSettingsValues = z.infer<typeof CampaignSettingsValues>;
export const CampaignSettingsSaved = defineEvent('CampaignSettingsSaved', CampaignSettingsValues);

const campaignStreamEvents = [CampaignCreated, CampaignChanged, CampaignDeleted, CampaignStarted, CampaignCancelled, CampaignRestarted, CampaignFinished];
const shippingEvents = [
  CampaignShippingsPlanned,
  CampaignShippingAttempted,
  CampaignShippingDelivered,
  CampaignConfirmationRequested,
  CampaignShippingConfirmed,
  CampaignShippingFailed,
  CampaignShippingSkipped,
];
const optOutEvents = [CampaignContactOptedOut];
export const campaignEvents = [...campaignStreamEvents, ...shippingEvents, ...optOutEvents, CampaignSettingsSaved];

export type CampaignEvent = EventUnion<typeof campaignStreamEvents>;
export type ShippingEvent = EventUnion<typeof shippingEvents>;
export type OptOutEvent = EventUnion<typeof optOutEvents>;

export const campaignStream = (campaignId: number) => `campaign-${campaignId}`;
/** The campaign's shippings, apart from its life: the engine's commands and the contacts' confirmations (the campaignShippings decider). */
export const campaignShippingsStream = (campaignId: number) => `campaignshippings-${campaignId}`;
export const campaignOptOutStream = (companyId: number) => `campaignoptouts-${companyId}`;
export const campaignSettingsStream = (companyId: number) => `campaignsettings-${companyId}`;

/** The settings of spec 3 §9 and the default opt-out words. */
export const MESSAGE_INTERVAL_OPTIONS = [0, 5, 10, 15, 20] as const;
export const LONGER_INTERVAL_AFTER_OPTIONS = [0, 5, 10, 15, 20] as const;
export const GREATER_INTERVAL_OPTIONS = [0, 20, 30, 40, 50, 60] as const;
export const defaultCampaignSettings: CampaignSettingsValues = {
  messageInterval: 20,
  longerIntervalAfter: 20,
  greaterInterval: 60,
  variables: [],
  optOutWords: ['SAIR', 'PARAR', 'STOP'],
  sendWindow: null,
};
