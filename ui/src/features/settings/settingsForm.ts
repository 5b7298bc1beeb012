import { SCHEDULE_MESSAGES, SchedulesInput, type CompanySettingKey, type ScheduleEntry } from '@conversa/contracts';
import type { MessageKey } from '../../i18n';
import type { Setting } from './api';

export type SettingSection = 'service' | 'lgpd' | 'platform';

/** How the options tab shows one setting. */
export interface SettingField {
  key: CompanySettingKey;
  section: SettingSection;
  /** 'choice': a select of `values`; 'text' / 'textarea': saved with a button; 'secret': written, never shown back. */
  kind: 'choice' | 'text' | 'textarea' | 'secret';
  values?: readonly { value: string; label: MessageKey }[];
  /** The super user sees userCreation; the payment token is the platform's too. */
  superOnly?: boolean;
}

const toggle = [
  { value: 'enabled', label: 'settings.value.enabled' },
  { value: 'disabled', label: 'settings.value.disabled' },
] as const satisfies readonly { value: string; label: MessageKey }[];

const choice = (key: CompanySettingKey, section: SettingSection, values: SettingField['values'] = toggle): SettingField => ({
  key,
  section,
  kind: 'choice',
  values,
});

/** Every company setting, in the order the options tab lists them. */
export const settingFields: readonly SettingField[] = [
  choice('userRating', 'service'),
  choice('scheduleType', 'service', [
    { value: 'disabled', label: 'settings.scheduleType.disabled' },
    { value: 'queue', label: 'settings.scheduleType.queue' },
    { value: 'company', label: 'settings.scheduleType.company' },
    { value: 'connection', label: 'settings.scheduleType.connection' },
  ]),
  choice('chatBotType', 'service', [{ value: 'text', label: 'settings.chatBotType.text' }]),
  choice('acceptCallWhatsapp', 'service'),
  choice('userRandom', 'service'),
  choice('sendGreetingMessageOneQueues', 'service'),
  choice('sendSignMessage', 'service'),
  choice('sendFarewellWaitingTicket', 'service'),
  choice('sendGreetingAccepted', 'service'),
  choice('sendMessageOutExpedientTicketOpen', 'service'),
  choice('sendQueuePosition', 'service'),
  choice('acceptAudioMessageContact', 'service'),
  choice('requiredTag', 'service'),
  choice('sendMsgTransfTicket', 'service'),
  choice('slaPauseOnCustomer', 'service'),
  choice('enableLGPD', 'lgpd'),
  choice('lgpdConsent', 'lgpd'),
  choice('lgpdDeleteMessage', 'lgpd'),
  choice('lgpdHideNumber', 'lgpd'),
  { key: 'lgpdMessage', section: 'lgpd', kind: 'textarea' },
  { key: 'lgpdLink', section: 'lgpd', kind: 'text' },
  { key: 'messageRetentionDays', section: 'lgpd', kind: 'text' },
  { ...choice('userCreation', 'platform'), superOnly: true },
  { key: 'asaas', section: 'platform', kind: 'secret', superOnly: true },
];

export const settingSections: readonly SettingSection[] = ['service', 'lgpd', 'platform'];

/** The fields this user sees, in order (the platform ones for super users only). */
export const visibleSettingFields = (isSuper: boolean): SettingField[] => settingFields.filter((field) => isSuper || !field.superOnly);

/** The opening-hours tab exists only while scheduleType is company. */
export const showsSchedulesTab = (settings: readonly Setting[]): boolean => settings.find((setting) => setting.key === 'scheduleType')?.value === 'company';

/** What a setting holds now, or its field's first value before the list arrives. */
export const valueOf = (settings: readonly Setting[], key: CompanySettingKey): string => settings.find((setting) => setting.key === key)?.value ?? '';

const scheduleMessageKeys: Record<string, MessageKey> = {
  [SCHEDULE_MESSAGES.halfWindow]: 'queues.validation.halfWindow',
  [SCHEDULE_MESSAGES.endBeforeStart]: 'queues.validation.endBeforeStart',
  [SCHEDULE_MESSAGES.overlap]: 'queues.validation.overlap',
  [SCHEDULE_MESSAGES.duplicateDay]: 'queues.validation.duplicateDay',
};

/** The contract's opening-hours rules, run before saving: `<day index>.<field>` → message (what SchedulesEditor shows). */
export function scheduleErrors(schedules: readonly ScheduleEntry[]): Record<string, MessageKey> {
  const result = SchedulesInput.safeParse(schedules);
  const errors: Record<string, MessageKey> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const [dayIndex, field] = issue.path;
    if (typeof dayIndex !== 'number') continue;
    errors[`${dayIndex}.${String(field ?? 'startTimeA')}`] ??= scheduleMessageKeys[issue.message] ?? 'users.validation.time';
  }
  return errors;
}
