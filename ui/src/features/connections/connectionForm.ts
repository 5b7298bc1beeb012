import { defaultConnectionDetails, type ConnectionChannel, type ScheduleEntry } from '@conversa/contracts';
import type { MessageKey } from '../../i18n';
import type { Connection, ConnectionRequest } from './api';

/** What the connection dialog edits: every field of a connection an administrator sets. */
export interface ConnectionFormValues {
  name: string;
  channel: ConnectionChannel;
  isDefault: boolean;
  token: string;
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  maxUseBotQueues: string;
  maxUseBotQueuesNPS: string;
  provider: 'beta' | 'stable';
  expiresTicket: string;
  expiresTicketNPS: string;
  whenExpiresTicket: '0' | '1';
  expiresInactiveMessage: string;
  allowGroup: boolean;
  groupAsTicket: 'disabled' | 'enabled';
  timeUseBotQueues: string;
  timeSendQueue: string;
  sendIdQueue: number | null;
  timeCreateNewTicket: string;
  timeInactiveMessage: string;
  inactiveMessage: string;
  importEnabled: boolean;
  importOldMessages: string;
  importRecentMessages: string;
  importOldMessagesGroups: boolean;
  closedTicketsPostImported: boolean;
  integrationId: number | null;
  promptId: number | null;
  wavoip: string;
  queueIds: number[];
  schedules: ScheduleEntry[];
}

export type ConnectionFormErrors = Partial<Record<keyof ConnectionFormValues, MessageKey>>;

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '');

export function emptyConnectionForm(channel: ConnectionChannel): ConnectionFormValues {
  return connectionFormOf({ ...defaultConnectionDetails(), name: '', channel, isDefault: false, token: '' } as unknown as Connection);
}

export function connectionFormOf(connection: Connection): ConnectionFormValues {
  return {
    name: connection.name,
    channel: connection.channel,
    isDefault: connection.isDefault,
    token: connection.token ?? '',
    greetingMessage: connection.greetingMessage,
    complationMessage: connection.complationMessage,
    outOfHoursMessage: connection.outOfHoursMessage,
    ratingMessage: connection.ratingMessage,
    maxUseBotQueues: String(connection.maxUseBotQueues),
    maxUseBotQueuesNPS: String(connection.maxUseBotQueuesNPS),
    provider: connection.provider,
    expiresTicket: String(connection.expiresTicket),
    expiresTicketNPS: String(connection.expiresTicketNPS),
    whenExpiresTicket: connection.whenExpiresTicket,
    expiresInactiveMessage: connection.expiresInactiveMessage,
    allowGroup: connection.allowGroup,
    groupAsTicket: connection.groupAsTicket,
    timeUseBotQueues: String(connection.timeUseBotQueues),
    timeSendQueue: String(connection.timeSendQueue),
    sendIdQueue: connection.sendIdQueue,
    timeCreateNewTicket: String(connection.timeCreateNewTicket),
    timeInactiveMessage: String(connection.timeInactiveMessage),
    inactiveMessage: connection.inactiveMessage,
    importEnabled: connection.importOldMessages !== null,
    importOldMessages: day(connection.importOldMessages),
    importRecentMessages: day(connection.importRecentMessages),
    importOldMessagesGroups: connection.importOldMessagesGroups,
    closedTicketsPostImported: connection.closedTicketsPostImported,
    integrationId: connection.integrationId,
    promptId: connection.promptId,
    wavoip: connection.wavoip,
    queueIds: connection.queueIds,
    schedules: connection.schedules,
  };
}

const TWO_YEARS_MS = 2 * 366 * 24 * 60 * 60 * 1000;
const HHMM = /^(\d{2}:\d{2})?$/;
const wholeNumber = (value: string) => /^\d+$/.test(value.trim());

/** Name 2 to 50; import dates within the last 2 years and not in the future, the recent-to date not before the from date; times ##:##. */
export function validateConnectionForm(values: ConnectionFormValues, today: Date = new Date()): ConnectionFormErrors {
  const errors: ConnectionFormErrors = {};
  const name = values.name.trim();
  if (name === '') errors.name = 'connections.form.required';
  else if (name.length < 2) errors.name = 'connections.form.tooShort';
  else if (name.length > 50) errors.name = 'connections.form.tooLong';
  for (const field of [
    'maxUseBotQueues',
    'maxUseBotQueuesNPS',
    'expiresTicket',
    'expiresTicketNPS',
    'timeUseBotQueues',
    'timeCreateNewTicket',
    'timeInactiveMessage',
  ] as const) {
    if (!wholeNumber(values[field])) errors[field] = 'connections.form.number';
  }
  if (values.token !== '' && !/^[A-Z0-9]{30}$/.test(values.token)) errors.token = 'connections.form.token';
  if (values.queueIds.length > 1 && values.greetingMessage.trim() === '') errors.greetingMessage = 'errors.ERR_WAPP_GREETING_REQUIRED';
  if (values.importEnabled) {
    const endOfToday = new Date(today);
    endOfToday.setHours(23, 59, 59, 999);
    const from = values.importOldMessages ? Date.parse(`${values.importOldMessages}T00:00:00.000Z`) : NaN;
    const to = values.importRecentMessages ? Date.parse(`${values.importRecentMessages}T00:00:00.000Z`) : NaN;
    if (Number.isNaN(from)) errors.importOldMessages = 'connections.form.required';
    else if (from > endOfToday.getTime()) errors.importOldMessages = 'connections.form.future';
    else if (from < today.getTime() - TWO_YEARS_MS) errors.importOldMessages = 'connections.form.twoYears';
    if (!Number.isNaN(to)) {
      if (to > endOfToday.getTime()) errors.importRecentMessages = 'connections.form.future';
      else if (!Number.isNaN(from) && to < from) errors.importRecentMessages = 'connections.form.beforeFrom';
    }
  }
  if (values.schedules.some((entry) => [entry.startTimeA, entry.endTimeA, entry.startTimeB, entry.endTimeB].some((time) => !HHMM.test(time))))
    errors.schedules = 'connections.form.time';
  return errors;
}

/** The request body: every field, numbers as numbers, the import dates only when the import is on. */
export function connectionRequestOf(values: ConnectionFormValues): ConnectionRequest & { name: string } {
  return {
    name: values.name.trim(),
    isDefault: values.isDefault,
    ...(values.token ? { token: values.token } : {}),
    greetingMessage: values.greetingMessage,
    complationMessage: values.complationMessage,
    outOfHoursMessage: values.outOfHoursMessage,
    ratingMessage: values.ratingMessage,
    maxUseBotQueues: Number(values.maxUseBotQueues),
    maxUseBotQueuesNPS: Number(values.maxUseBotQueuesNPS),
    provider: values.provider,
    expiresTicket: Number(values.expiresTicket),
    expiresTicketNPS: Number(values.expiresTicketNPS),
    whenExpiresTicket: values.whenExpiresTicket,
    expiresInactiveMessage: values.expiresInactiveMessage,
    allowGroup: values.allowGroup,
    groupAsTicket: values.groupAsTicket,
    timeUseBotQueues: Number(values.timeUseBotQueues),
    timeSendQueue: Number(values.timeSendQueue),
    sendIdQueue: values.sendIdQueue,
    timeCreateNewTicket: Number(values.timeCreateNewTicket),
    timeInactiveMessage: Number(values.timeInactiveMessage),
    inactiveMessage: values.inactiveMessage,
    importOldMessages: values.importEnabled && values.importOldMessages ? values.importOldMessages : null,
    importRecentMessages: values.importEnabled && values.importRecentMessages ? values.importRecentMessages : null,
    importOldMessagesGroups: values.importOldMessagesGroups,
    closedTicketsPostImported: values.closedTicketsPostImported,
    integrationId: values.integrationId,
    promptId: values.promptId,
    wavoip: values.wavoip,
    queueIds: values.queueIds,
    schedules: values.schedules,
  } as ConnectionRequest & { name: string };
}

const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A new token of 30 upper-case letters and digits, from the browser's secure random source. */
export function newConnectionToken(): string {
  let token = '';
  while (token.length < 30) {
    for (const byte of crypto.getRandomValues(new Uint8Array(40))) {
      // 252 = 7 × 36: bytes above it would favour the first letters.
      if (byte < 252 && token.length < 30) token += TOKEN_ALPHABET[byte % TOKEN_ALPHABET.length];
    }
  }
  return token;
}

/** The timeSendQueue options (minutes; 20 and 25 read as intended). */
export const TIME_SEND_QUEUE_CHOICES = [0, 5, 10, 15, 20, 25, 30, 60] as const;
/** Seconds after closing during which a new message reopens the ticket (the original's choices). */
export const TIME_CREATE_NEW_TICKET_CHOICES = [0, 10, 30, 60, 300, 1800, 3600, 7200, 21600, 43200, 86400, 604800, 1296000, 2592000] as const;
