import {
  CHATBOT_TARGET_MESSAGES,
  CreateQueueRequest,
  defaultOpeningHours,
  DEFAULT_QUEUE_ROTATION_MINUTES,
  QUEUE_FORM_MESSAGES,
  SCHEDULE_MESSAGES,
  type ScheduleEntry,
} from '@conversa/contracts';
import type { MessageKey } from '../../i18n';
import type { QueueWithOptions as Queue } from '@conversa/contracts';
import { fromSaved, nodeAtPath, toRequest, type OptionNode } from './optionTree';

/** What the queue dialog edits. */
export interface QueueFormValues {
  name: string;
  color: string;
  /** Text while typing; '' is "no position". */
  orderQueue: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  ativarRoteador: boolean;
  tempoRoteador: number;
  closeTicket: boolean;
  integrationId: number | null;
  fileListId: number | null;
  promptId: number | null;
  schedules: ScheduleEntry[];
  chatbots: OptionNode[];
}

/** Colours offered with one click; any hex colour may be typed. */
export const QUEUE_PALETTE = ['#e53e3e', '#dd6b20', '#d69e2e', '#38a169', '#319795', '#3182ce', '#00b5d8', '#805ad5', '#d53f8c', '#718096'];

/**
 * The colour a new queue starts with: the first of the palette no queue uses (a queue's colour is
 * its own, ERR_QUEUE_COLOR_ALREADY_EXISTS), so saving without touching it works.
 */
export function freeQueueColor(taken: readonly string[]): string {
  const used = new Set(taken.map((color) => color.toLowerCase()));
  const free = QUEUE_PALETTE.find((color) => !used.has(color));
  if (free) return free;
  // Every palette colour taken: walk the colour space in a fixed order to the first unused one.
  for (let step = 1; ; step++) {
    const candidate = `#${((step * 0x2f5b87) % 0x1000000).toString(16).padStart(6, '0')}`;
    if (!used.has(candidate)) return candidate;
  }
}

/** A new queue: the colours other queues use keep its starting colour apart from theirs. */
export const emptyQueueForm = (takenColors: readonly string[] = []): QueueFormValues => ({
  name: '',
  color: freeQueueColor(takenColors),
  orderQueue: '',
  greetingMessage: '',
  outOfHoursMessage: '',
  ativarRoteador: false,
  tempoRoteador: DEFAULT_QUEUE_ROTATION_MINUTES,
  closeTicket: false,
  integrationId: null,
  fileListId: null,
  promptId: null,
  schedules: defaultOpeningHours(),
  chatbots: [],
});

export const queueFormOf = (queue: Queue): QueueFormValues => ({
  name: queue.name,
  color: queue.color,
  orderQueue: queue.orderQueue === null ? '' : String(queue.orderQueue),
  greetingMessage: queue.greetingMessage,
  outOfHoursMessage: queue.outOfHoursMessage,
  ativarRoteador: queue.ativarRoteador,
  tempoRoteador: queue.tempoRoteador,
  closeTicket: queue.closeTicket,
  integrationId: queue.integrationId,
  fileListId: queue.fileListId,
  promptId: queue.promptId,
  schedules: queue.schedules.length === 7 ? queue.schedules : defaultOpeningHours(),
  chatbots: fromSaved(queue.chatbots ?? []),
});

/** The body of POST /queue and PUT /queue/{id}: every field, the whole option tree. */
export const queueRequestOf = (values: QueueFormValues) => ({
  name: values.name.trim(),
  color: values.color.trim(),
  orderQueue: values.orderQueue.trim() === '' ? null : Number(values.orderQueue),
  greetingMessage: values.greetingMessage,
  outOfHoursMessage: values.outOfHoursMessage,
  ativarRoteador: values.ativarRoteador,
  tempoRoteador: values.tempoRoteador,
  closeTicket: values.closeTicket,
  integrationId: values.integrationId,
  fileListId: values.fileListId,
  promptId: values.promptId,
  schedules: values.schedules,
  chatbots: toRequest(values.chatbots),
});

/** The contract's messages (the spec's texts) → the message files' keys, so the dialog shows them in the user's language. */
const messageKeys: Record<string, MessageKey> = {
  [QUEUE_FORM_MESSAGES.required]: 'queues.validation.required',
  [QUEUE_FORM_MESSAGES.tooShort]: 'queues.validation.tooShort',
  [QUEUE_FORM_MESSAGES.tooLong]: 'queues.validation.tooLong',
  [QUEUE_FORM_MESSAGES.invalidColor]: 'queues.validation.invalidColor',
  [QUEUE_FORM_MESSAGES.rotation]: 'queues.validation.rotation',
  [QUEUE_FORM_MESSAGES.chatbotTooShort]: 'queues.validation.optionTooShort',
  [QUEUE_FORM_MESSAGES.tooManyOptions]: 'queues.validation.tooManyOptions',
  [QUEUE_FORM_MESSAGES.tooDeep]: 'queues.validation.tooDeep',
  [SCHEDULE_MESSAGES.halfWindow]: 'queues.validation.halfWindow',
  [SCHEDULE_MESSAGES.endBeforeStart]: 'queues.validation.endBeforeStart',
  [SCHEDULE_MESSAGES.overlap]: 'queues.validation.overlap',
  [SCHEDULE_MESSAGES.duplicateDay]: 'queues.validation.duplicateDay',
  'Horário inválido (use HH:mm)': 'queues.validation.time',
  [CHATBOT_TARGET_MESSAGES.optQueueId]: 'queues.validation.targetQueue',
  [CHATBOT_TARGET_MESSAGES.optUserId]: 'queues.validation.targetUser',
  [CHATBOT_TARGET_MESSAGES.optIntegrationId]: 'queues.validation.targetIntegration',
  [CHATBOT_TARGET_MESSAGES.optFileId]: 'queues.validation.targetFile',
};
const keyOf = (message: string): MessageKey => messageKeys[message] ?? 'queues.validation.invalid';

export type QueueField = 'name' | 'color' | 'orderQueue' | 'greetingMessage' | 'outOfHoursMessage' | 'tempoRoteador' | 'chatbots';

export interface QueueFormErrors {
  fields: Partial<Record<QueueField, MessageKey>>;
  /** `<day index>.<field>` → message. */
  schedules: Record<string, MessageKey>;
  /** Option key → field ('name' or the target field) → message. */
  options: Record<string, Record<string, MessageKey>>;
}

export const hasErrors = (errors: QueueFormErrors) =>
  Object.keys(errors.fields).length > 0 || Object.keys(errors.schedules).length > 0 || Object.keys(errors.options).length > 0;

/**
 * The server's rules run here first (the same schema from contracts), plus the greeting rule: a greeting is
 * required once the company has more than one queue (counting the one being created).
 */
export function validateQueueForm(values: QueueFormValues, queuesAfterSave: number): QueueFormErrors {
  const errors: QueueFormErrors = { fields: {}, schedules: {}, options: {} };
  const result = CreateQueueRequest.safeParse(queueRequestOf(values));
  if (!result.success) {
    for (const issue of result.error.issues) {
      const [head, ...rest] = issue.path;
      if (head === 'schedules' && typeof rest[0] === 'number') {
        errors.schedules[`${rest[0]}.${String(rest[1] ?? 'startTimeA')}`] ??= keyOf(issue.message);
      } else if (head === 'chatbots') {
        const found = nodeAtPath(values.chatbots, rest);
        if (found) (errors.options[found.node.key] ??= {})[found.field] ??= keyOf(issue.message);
        else errors.fields.chatbots ??= keyOf(issue.message);
      } else if (typeof head === 'string') {
        errors.fields[head as QueueField] ??= keyOf(issue.message);
      }
    }
  }
  if (queuesAfterSave > 1 && values.greetingMessage.trim() === '') errors.fields.greetingMessage ??= 'errors.ERR_WAPP_GREETING_REQUIRED';
  return errors;
}

/** Keeps what a time field holds to the ##:## mask while typing. */
export function maskTime(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 4);
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)}:${digits.slice(2)}`;
}
