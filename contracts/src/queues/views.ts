import { z } from 'zod';
import { ScheduleEntry } from '../companies/events';
import { type ChatbotOptionDetails, ChatbotQueueType } from './events';
import { companyRecord, timestamps } from '../common/views';

/** A chatbot option as the API, the `queue` frames and the routing engine see it, with its nested options. */
export interface ChatbotOptionView extends ChatbotOptionDetails {
  id: number;
  queueId: number;
  /** The option this one is nested under; null on the queue's first level. */
  parentId: number | null;
  /** Nested options in menu order (the contact answers 1 for the first). */
  options: ChatbotOptionView[];
}
export const ChatbotOptionView: z.ZodType<ChatbotOptionView> = z.lazy(() =>
  z.object({
    id: z.number(),
    queueId: z.number(),
    parentId: z.number().nullable(),
    name: z.string(),
    greetingMessage: z.string(),
    queueType: ChatbotQueueType,
    optQueueId: z.number().nullable(),
    optUserId: z.number().nullable(),
    optIntegrationId: z.number().nullable(),
    optFileId: z.number().nullable(),
    closeTicket: z.boolean(),
    options: z.array(ChatbotOptionView),
  }),
);

/** A queue as the API and the `queue` frames show it. */
export const QueueView = z
  .object({
    ...companyRecord,
    name: z.string(),
    color: z.string(),
    orderQueue: z.number().nullable(),
    ativarRoteador: z.boolean(),
    tempoRoteador: z.number(),
    greetingMessage: z.string(),
    outOfHoursMessage: z.string(),
    closeTicket: z.boolean(),
    integrationId: z.number().nullable(),
    fileListId: z.number().nullable(),
    promptId: z.number().nullable(),
    /** Seven entries, Monday first. */
    schedules: z.array(ScheduleEntry),
    ...timestamps,
  })
  .meta({ id: 'QueueView' });
export type QueueView = z.infer<typeof QueueView>;

/** A queue with its chatbot option tree (GET /queue/{id}, frames, the routing engine). */
export const QueueWithOptions = QueueView.extend({ chatbots: z.array(ChatbotOptionView) });
export type QueueWithOptions = z.infer<typeof QueueWithOptions>;

/** What a ticket row or a user shows of a queue. */
export const QueueSummary = z.object({ id: z.number(), name: z.string(), color: z.string() });
export type QueueSummary = z.infer<typeof QueueSummary>;

/** `queue` frame body (projections/queues/projector.ts): the queue with its option tree as it now stands, or the id of the one deleted. */
export type QueueFrame = { action: 'create' | 'update'; queue: QueueWithOptions; queueId?: never } | { action: 'delete'; queueId: number; queue?: never };
