import { z } from 'zod';
import { Count32, RecordId, safeText } from '../common/bounds';

/** Company settings with their defaults. Most are 'enabled' | 'disabled'. */
export const Toggle = z.enum(['enabled', 'disabled']);
export type Toggle = z.infer<typeof Toggle>;

export const ScheduleType = z.enum(['disabled', 'queue', 'company', 'connection']);

export const CompanySettingsSchema = z.object({
  userCreation: Toggle,
  userRating: Toggle,
  scheduleType: ScheduleType,
  chatBotType: z.enum(['text']),
  acceptCallWhatsapp: Toggle,
  userRandom: Toggle,
  sendGreetingMessageOneQueues: Toggle,
  sendSignMessage: Toggle,
  sendFarewellWaitingTicket: Toggle,
  sendGreetingAccepted: Toggle,
  sendMessageOutExpedientTicketOpen: Toggle,
  sendQueuePosition: Toggle,
  acceptAudioMessageContact: Toggle,
  enableLGPD: Toggle,
  requiredTag: Toggle,
  lgpdDeleteMessage: Toggle,
  lgpdHideNumber: Toggle,
  lgpdConsent: Toggle,
  lgpdMessage: safeText().max(2000),
  lgpdLink: safeText().max(500),
  /** Retention: message contents older than this many days are erased daily ('' = kept for ever; docs/lgpd.md). */
  messageRetentionDays: safeText().max(5),
  sendMsgTransfTicket: Toggle,
  /** SLA clocks stand still while the ticket waits on the customer (the attendant wrote last). */
  slaPauseOnCustomer: Toggle,
  /** Payment provider token: a secret, never sent to browsers (answers carry '' or '********'). */
  asaas: safeText().max(500),
});
export type CompanySettings = z.infer<typeof CompanySettingsSchema>;
export type CompanySettingKey = keyof CompanySettings;

/**
 * Settings that are credentials: sealed (`enc:v1:…`, SECRETS_KEY) in the event and the read table, and
 * answered as SECRET_SETTING_MASK (or '' when empty); a write of the mask keeps the stored value.
 */
export const SECRET_SETTINGS: ReadonlySet<CompanySettingKey> = new Set<CompanySettingKey>(['asaas']);
export const SECRET_SETTING_MASK = '********';

/** messageRetentionDays' bounds: a day to a hundred years. */
export const RETENTION_DAYS_MIN = 1;
export const RETENTION_DAYS_MAX = 36500;

/** The retention setting as days, or null when off (''); undefined when the value is not a whole number in bounds. */
export function retentionDaysOf(value: string): number | null | undefined {
  if (value === '') return null;
  if (!/^[0-9]{1,5}$/.test(value)) return undefined;
  const days = Number(value);
  return days >= RETENTION_DAYS_MIN && days <= RETENTION_DAYS_MAX ? days : undefined;
}

export const defaultCompanySettings: CompanySettings = {
  userCreation: 'enabled',
  userRating: 'disabled',
  scheduleType: 'disabled',
  chatBotType: 'text',
  acceptCallWhatsapp: 'enabled',
  userRandom: 'disabled',
  sendGreetingMessageOneQueues: 'enabled',
  sendSignMessage: 'enabled',
  sendFarewellWaitingTicket: 'disabled',
  sendGreetingAccepted: 'disabled',
  sendMessageOutExpedientTicketOpen: 'disabled',
  sendQueuePosition: 'disabled',
  acceptAudioMessageContact: 'enabled',
  enableLGPD: 'disabled',
  requiredTag: 'disabled',
  lgpdDeleteMessage: 'disabled',
  lgpdHideNumber: 'disabled',
  lgpdConsent: 'disabled',
  lgpdMessage: '',
  lgpdLink: '',
  messageRetentionDays: '',
  sendMsgTransfTicket: 'disabled',
  slaPauseOnCustomer: 'disabled',
  asaas: '',
};

export const PlanFlagsSchema = z.object({
  useWhatsapp: z.boolean(),
  useFacebook: z.boolean(),
  useInstagram: z.boolean(),
  useCampaigns: z.boolean(),
  useSchedules: z.boolean(),
  useInternalChat: z.boolean(),
  useExternalApi: z.boolean(),
  useKanban: z.boolean(),
  useOpenAi: z.boolean(),
  useIntegrations: z.boolean(),
});
export type PlanFlags = z.infer<typeof PlanFlagsSchema>;
export type PlanFlag = keyof PlanFlags;

export const PlanSchema = PlanFlagsSchema.extend({
  id: RecordId,
  name: safeText(),
  users: Count32,
  connections: Count32,
  queues: Count32,
  amount: safeText(),
  isPublic: z.boolean(),
});
export type Plan = z.infer<typeof PlanSchema>;
