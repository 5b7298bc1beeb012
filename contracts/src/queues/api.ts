import { z } from 'zod';
import {
  CHATBOT_MAX_DEPTH,
  CHATBOT_MAX_OPTIONS_PER_QUEUE,
  CHATBOT_NAME_MAX_LENGTH,
  CHATBOT_NAME_MIN_LENGTH,
  CHATBOT_TARGET_MESSAGES,
  ChatbotQueueType,
  DEFAULT_QUEUE_ROTATION_MINUTES,
  missingChatbotTarget,
  QUEUE_COLOR_PATTERN,
  QUEUE_MESSAGE_MAX_LENGTH,
  QUEUE_NAME_MAX_LENGTH,
  QUEUE_NAME_MIN_LENGTH,
  QUEUE_ROTATION_MINUTES,
  withOnlyUsedTargets,
  type ChatbotOptionDetails,
} from './events';
import { defaultOpeningHours, SchedulesInput } from './schedules';
import { RecordId, RecordIdParam, safeText } from '../common/bounds';

/** Messages of the queue dialog (the same family as the user dialog's: 'Too Short!', 'Too Long!', 'Required'). */
export const QUEUE_FORM_MESSAGES = {
  required: 'Required',
  tooShort: 'Too Short!',
  tooLong: 'Too Long!',
  invalidColor: 'Cor inválida',
  rotation: `Use ${QUEUE_ROTATION_MINUTES.join(', ')} minutos`,
  /** Chatbot names, 'too short' and 'Required'. */
  chatbotTooShort: 'too short',
  tooManyOptions: `No máximo ${CHATBOT_MAX_OPTIONS_PER_QUEUE} opções por fila`,
  tooDeep: `No máximo ${CHATBOT_MAX_DEPTH} níveis de opções`,
} as const;

const M = QUEUE_FORM_MESSAGES;

const lengthChecked = (min: number, max: number, tooShort: string) =>
  safeText({ error: M.required })
    .trim()
    .superRefine((value, ctx) => {
      if (value.length === 0) ctx.addIssue({ code: 'custom', message: M.required });
      else if (value.length < min) ctx.addIssue({ code: 'custom', message: tooShort });
      else if (value.length > max) ctx.addIssue({ code: 'custom', message: M.tooLong });
    });

export const QueueName = lengthChecked(QUEUE_NAME_MIN_LENGTH, QUEUE_NAME_MAX_LENGTH, M.tooShort);
export const ChatbotName = lengthChecked(CHATBOT_NAME_MIN_LENGTH, CHATBOT_NAME_MAX_LENGTH, M.chatbotTooShort);

/** Colour 3 to 9 characters, required; a CSS hex colour, recorded in lower case. */
export const QueueColorInput = safeText({ error: M.required })
  .trim()
  .superRefine((value, ctx) => {
    if (value.length === 0) ctx.addIssue({ code: 'custom', message: M.required });
    else if (value.length < 3) ctx.addIssue({ code: 'custom', message: M.tooShort });
    else if (value.length > 9) ctx.addIssue({ code: 'custom', message: M.tooLong });
    else if (!QUEUE_COLOR_PATTERN.test(value)) ctx.addIssue({ code: 'custom', message: M.invalidColor });
  })
  .transform((value) => value.toLowerCase());

const message = safeText().max(QUEUE_MESSAGE_MAX_LENGTH, M.tooLong);
/** A link to another record: an id, or null / '' (a cleared select) for none. */
const optionalId = z.preprocess((value) => (value === '' || value === undefined ? null : value), RecordIdParam.nullable());
const RotationMinutesInput = z.coerce
  .number()
  .int()
  .refine((minutes) => (QUEUE_ROTATION_MINUTES as readonly number[]).includes(minutes), { message: M.rotation });
const OrderQueueInput = z.preprocess((value) => (value === '' || value === undefined ? null : value), z.coerce.number().int().min(0).max(9999).nullable());

/**
 * One option of the chatbot tree as a form sends it; `id` names an option that exists (absent: a new one).
 * `options` is the whole list of its nested options; left out, an existing option keeps the ones it has.
 */
export interface ChatbotOptionInput extends ChatbotOptionDetails {
  id?: number;
  options?: ChatbotOptionInput[];
}

const chatbotOptionFields = {
  name: ChatbotName,
  greetingMessage: message.default(''),
  queueType: ChatbotQueueType.default('text'),
  optQueueId: optionalId.default(null),
  optUserId: optionalId.default(null),
  optIntegrationId: optionalId.default(null),
  optFileId: optionalId.default(null),
  closeTicket: z.boolean().default(false),
};

const checkTarget = (option: Pick<ChatbotOptionDetails, 'queueType' | 'optQueueId' | 'optUserId' | 'optIntegrationId' | 'optFileId'>, ctx: z.RefinementCtx) => {
  const missing = missingChatbotTarget(option);
  if (missing) ctx.addIssue({ code: 'custom', path: [missing], message: CHATBOT_TARGET_MESSAGES[missing] });
};

/** A chatbot option with its nested options; targets a queueType does not use are dropped. */
export const ChatbotOptionInput: z.ZodType<ChatbotOptionInput> = z.lazy(() =>
  z
    .object({
      id: RecordId.optional(),
      ...chatbotOptionFields,
      options: z.array(ChatbotOptionInput).max(CHATBOT_MAX_OPTIONS_PER_QUEUE, M.tooManyOptions).optional(),
    })
    .superRefine(checkTarget)
    .transform((option) => withOnlyUsedTargets(option)),
) as z.ZodType<ChatbotOptionInput>;

/** How many options a tree holds and how deep it goes (the decider refuses trees beyond the bounds). */
export function treeSize(options: readonly { options?: readonly unknown[] }[]): { count: number; depth: number } {
  let count = 0;
  let depth = 0;
  const walk = (nodes: readonly { options?: readonly unknown[] }[], level: number) => {
    for (const node of nodes) {
      count++;
      depth = Math.max(depth, level);
      walk((node.options ?? []) as { options?: readonly unknown[] }[], level + 1);
    }
  };
  walk(options, 1);
  return { count, depth };
}

const ChatbotTreeInput = z.array(ChatbotOptionInput).superRefine((options, ctx) => {
  const { count, depth } = treeSize(options);
  if (count > CHATBOT_MAX_OPTIONS_PER_QUEUE) ctx.addIssue({ code: 'custom', message: M.tooManyOptions });
  if (depth > CHATBOT_MAX_DEPTH) ctx.addIssue({ code: 'custom', message: M.tooDeep });
});

const queueFields = {
  name: QueueName,
  color: QueueColorInput,
  orderQueue: OrderQueueInput,
  ativarRoteador: z.boolean(),
  tempoRoteador: RotationMinutesInput,
  greetingMessage: message,
  outOfHoursMessage: message,
  closeTicket: z.boolean(),
  integrationId: optionalId,
  fileListId: optionalId,
  promptId: optionalId,
  schedules: SchedulesInput,
  /** The queue's chatbot options (first level, each with its nested options). */
  chatbots: ChatbotTreeInput,
};

/** POST /queue. `companyId` may come from clients that send it; the queue is always the caller's company's. */
export const CreateQueueRequest = z.object({
  ...queueFields,
  orderQueue: queueFields.orderQueue.default(null),
  ativarRoteador: queueFields.ativarRoteador.default(false),
  tempoRoteador: queueFields.tempoRoteador.default(DEFAULT_QUEUE_ROTATION_MINUTES),
  greetingMessage: queueFields.greetingMessage.default(''),
  outOfHoursMessage: queueFields.outOfHoursMessage.default(''),
  closeTicket: queueFields.closeTicket.default(false),
  integrationId: queueFields.integrationId.default(null),
  fileListId: queueFields.fileListId.default(null),
  promptId: queueFields.promptId.default(null),
  schedules: queueFields.schedules.default(defaultOpeningHours),
  chatbots: queueFields.chatbots.default([]),
  companyId: z.unknown().optional(),
});
export type CreateQueueRequest = z.infer<typeof CreateQueueRequest>;

/**
 * PUT /queue/{id}: the fields given change. `chatbots`, when given, is the whole option tree: options with
 * an id are kept (and changed), options without one are added, options left out are removed.
 */
export const UpdateQueueRequest = z.object({ ...queueFields, companyId: z.unknown().optional() }).partial();
export type UpdateQueueRequest = z.infer<typeof UpdateQueueRequest>;

/** GET /queue. */
export const ListQueuesQuery = z.object({ companyId: RecordIdParam.optional() });

/**
 * POST /chatbot: a new option with its nested options, under a queue (first level) or under another option
 * (`parentId`, or `chatbotId` as older clients name the parent).
 */
export const CreateChatbotRequest = z
  .object({
    queueId: optionalId.default(null),
    parentId: optionalId.default(null),
    chatbotId: optionalId.default(null),
    ...chatbotOptionFields,
    options: ChatbotTreeInput.default([]),
  })
  .superRefine(checkTarget)
  .superRefine((body, ctx) => {
    if (body.queueId === null && body.parentId === null && body.chatbotId === null)
      ctx.addIssue({ code: 'custom', path: ['queueId'], message: 'Selecione a fila' });
  })
  .transform(({ chatbotId, parentId, ...option }) => ({ ...withOnlyUsedTargets(option), parentId: parentId ?? chatbotId }));
export type CreateChatbotRequest = z.infer<typeof CreateChatbotRequest>;

/** PUT /chatbot/{id}: the fields given change; `options`, when given, is the whole list of its nested options (as in PUT /queue). */
export const UpdateChatbotRequest = z
  .object({
    name: ChatbotName,
    greetingMessage: message,
    queueType: ChatbotQueueType,
    optQueueId: optionalId,
    optUserId: optionalId,
    optIntegrationId: optionalId,
    optFileId: optionalId,
    closeTicket: z.boolean(),
    options: ChatbotTreeInput,
  })
  .partial();
export type UpdateChatbotRequest = z.infer<typeof UpdateChatbotRequest>;

/** GET /chatbot: the option trees of one queue, or of every queue of the company. */
export const ListChatbotsQuery = z.object({ queueId: RecordIdParam.optional() });
