import { z } from 'zod';
import { ScheduleEntry } from '../companies/events';
import { defineEvent, type EventUnion } from '../events/registry';
import { recordEvents } from '../events/records';
import { Count32, RecordId, safeText } from '../common/bounds';

const id = RecordId;

/** A queue's name has 2 to 50 characters. */
export const QUEUE_NAME_MIN_LENGTH = 2;
export const QUEUE_NAME_MAX_LENGTH = 50;
/** Chatbot option names have at least 4 characters. */
export const CHATBOT_NAME_MIN_LENGTH = 4;
export const CHATBOT_NAME_MAX_LENGTH = 100;
export const QUEUE_MESSAGE_MAX_LENGTH = 5000;
/** The rotation times offered, in minutes. */
export const QUEUE_ROTATION_MINUTES = [2, 5, 10, 15, 30, 45, 60] as const;
export const DEFAULT_QUEUE_ROTATION_MINUTES = 2;
/** Bounds of one queue's option tree, so a menu stays a menu and one command stays small. */
export const CHATBOT_MAX_DEPTH = 10;
export const CHATBOT_MAX_OPTIONS_PER_QUEUE = 300;

/**
 * Colour 3 to 9 characters. Conversa takes CSS hex colours (#rgb, #rgba, #rrggbb, #rrggbbaa,
 * all within 3 to 9 characters), recorded in lower case so '#FF0000' and '#ff0000' are one colour for uniqueness
 * (the request schema in api.ts checks and lower-cases; the recorded fact only keeps the length).
 */
export const QUEUE_COLOR_PATTERN = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** A queue (without id, chatbots): what a queue's dialog sets. */
export const QueueDetails = z.object({
  name: safeText().trim().min(QUEUE_NAME_MIN_LENGTH).max(QUEUE_NAME_MAX_LENGTH),
  color: safeText().min(3).max(9),
  /** Position in the greeting's numbered menu and in lists; null: after the ordered ones, by name. */
  orderQueue: z.number().int().min(0).max(9999).nullable(),
  /** Rotation: a waiting ticket goes to the next online user of the queue in turn … */
  ativarRoteador: z.boolean(),
  /** … every this many minutes. */
  tempoRoteador: Count32,
  /** Sent when a contact enters the queue; required when the company has more than one queue. */
  greetingMessage: safeText().max(QUEUE_MESSAGE_MAX_LENGTH),
  /** Sent outside the queue's opening hours (setting scheduleType = queue). */
  outOfHoursMessage: safeText().max(QUEUE_MESSAGE_MAX_LENGTH),
  /** Close the ticket once the queue's integration or chatbot has answered. */
  closeTicket: z.boolean(),
  integrationId: id.nullable(),
  fileListId: id.nullable(),
  promptId: id.nullable(),
  schedules: z.array(ScheduleEntry).length(7),
});
export type QueueDetails = z.infer<typeof QueueDetails>;

/** A chatbot option's queueType: what choosing the option does. */
export const ChatbotQueueType = z.enum(['text', 'attendent', 'queue', 'integration', 'file']);
export type ChatbotQueueType = z.infer<typeof ChatbotQueueType>;

/** A chatbot option (without id, parent, nested options). */
export const ChatbotOptionDetails = z.object({
  name: safeText().trim().min(CHATBOT_NAME_MIN_LENGTH).max(CHATBOT_NAME_MAX_LENGTH),
  /** Sent when the contact picks the option; an option without one does not lead to its nested options. */
  greetingMessage: safeText().max(QUEUE_MESSAGE_MAX_LENGTH),
  queueType: ChatbotQueueType,
  /** queue: the queue the ticket moves to; attendent: the queue the attendant takes it in (this queue when null). */
  optQueueId: id.nullable(),
  /** attendent: the user the ticket goes to. */
  optUserId: id.nullable(),
  /** integration: the queue integration that takes over. */
  optIntegrationId: id.nullable(),
  /** file: the file list sent. */
  optFileId: id.nullable(),
  closeTicket: z.boolean(),
});
export type ChatbotOptionDetails = z.infer<typeof ChatbotOptionDetails>;
/** A new option's details, before anything is chosen (the editor's blank option, the routing specs' fixtures). */
export const blankChatbotOption = (): ChatbotOptionDetails => ({
  name: '',
  greetingMessage: '',
  queueType: 'text',
  optQueueId: null,
  optUserId: null,
  optIntegrationId: null,
  optFileId: null,
  closeTicket: false,
});

/** The target field each queueType needs ("the queueType decides which target field is shown"). */
export const chatbotTargetField = {
  text: null,
  attendent: 'optUserId',
  queue: 'optQueueId',
  integration: 'optIntegrationId',
  file: 'optFileId',
} as const satisfies Record<ChatbotQueueType, keyof ChatbotOptionDetails | null>;

export const CHATBOT_TARGET_MESSAGES = {
  optUserId: 'Selecione o atendente',
  optQueueId: 'Selecione a fila',
  optIntegrationId: 'Selecione a integração',
  optFileId: 'Selecione a lista de arquivos',
} as const;

/** The target field a queueType needs but the option lacks, if any. */
export function missingChatbotTarget(
  option: Pick<ChatbotOptionDetails, 'queueType' | 'optQueueId' | 'optUserId' | 'optIntegrationId' | 'optFileId'>,
): keyof typeof CHATBOT_TARGET_MESSAGES | null {
  const field = chatbotTargetField[option.queueType];
  return field !== null && option[field] === null ? field : null;
}

/** Keeps only the targets the queueType uses (the attendant option also keeps its queue). */
export function withOnlyUsedTargets<T extends ChatbotOptionDetails>(option: T): T {
  const keep = (field: 'optQueueId' | 'optUserId' | 'optIntegrationId' | 'optFileId') =>
    chatbotTargetField[option.queueType] === field || (field === 'optQueueId' && option.queueType === 'attendent');
  return {
    ...option,
    optQueueId: keep('optQueueId') ? option.optQueueId : null,
    optUserId: keep('optUserId') ? option.optUserId : null,
    optIntegrationId: keep('optIntegrationId') ? option.optIntegrationId : null,
    optFileId: keep('optFileId') ? option.optFileId : null,
  };
}

export const { created: QueueCreated, changed: QueueChanged, deleted: QueueDeleted } = recordEvents('Queue', 'queueId', QueueDetails);

/** A chatbot option lives in its queue's stream; parentId null: a first-level option of the queue's menu. */
export const ChatbotOptionAdded = defineEvent('ChatbotOptionAdded', ChatbotOptionDetails.extend({ queueId: id, optionId: id, parentId: id.nullable() }));
export const ChatbotOptionChanged = defineEvent('ChatbotOptionChanged', z.object({ queueId: id, optionId: id, changes: ChatbotOptionDetails.partial() }));
/** One per option: removing an option removes its nested options too, deepest first. */
export const ChatbotOptionRemoved = defineEvent('ChatbotOptionRemoved', z.object({ queueId: id, optionId: id }));

/** Guard stream `queuecolor-<company>-<colour>`: its expected revision makes a colour belong to one queue of a company. */
export const QueueColorClaimed = defineEvent('QueueColorClaimed', z.object({ companyId: id, color: safeText(), queueId: id, at: safeText() }));
export const QueueColorReleased = defineEvent('QueueColorReleased', z.object({ companyId: id, color: safeText(), queueId: id }));

const queueStreamEvents = [QueueCreated, QueueChanged, QueueDeleted, ChatbotOptionAdded, ChatbotOptionChanged, ChatbotOptionRemoved];
const queueColorEvents = [QueueColorClaimed, QueueColorReleased];
export const queueEvents = [...queueStreamEvents, ...queueColorEvents];

export type QueueEvent = EventUnion<typeof queueStreamEvents>;
export type QueueColorEvent = EventUnion<typeof queueColorEvents>;

export const queueStream = (queueId: number) => `queue-${queueId}`;
export const queueColorStream = (companyId: number, color: string) => `queuecolor-${companyId}-${color.trim().toLowerCase()}`;
