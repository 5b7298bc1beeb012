import type { ScheduleEntry } from '../companies/events';
import type { ChatbotQueueType } from './events';

/** A chatbot option as the API, the `queue` frames and the routing engine see it, with its nested options. */
export interface ChatbotOptionView {
  id: number;
  queueId: number;
  /** The option this one is nested under; null on the queue's first level. */
  parentId: number | null;
  name: string;
  greetingMessage: string;
  queueType: ChatbotQueueType;
  optQueueId: number | null;
  optUserId: number | null;
  optIntegrationId: number | null;
  optFileId: number | null;
  closeTicket: boolean;
  /** Nested options in menu order (the contact answers 1 for the first). */
  options: ChatbotOptionView[];
}

/** A queue as the API and the `queue` frames show it. */
export interface QueueView {
  id: number;
  companyId: number;
  name: string;
  color: string;
  orderQueue: number | null;
  ativarRoteador: boolean;
  tempoRoteador: number;
  greetingMessage: string;
  outOfHoursMessage: string;
  closeTicket: boolean;
  integrationId: number | null;
  fileListId: number | null;
  promptId: number | null;
  /** Seven entries, Monday first. */
  schedules: ScheduleEntry[];
  createdAt: string;
  updatedAt: string;
}

/** A queue with its chatbot option tree (GET /queue/{id}, frames, the routing engine). */
export interface QueueWithOptions extends QueueView {
  chatbots: ChatbotOptionView[];
}

/** What a ticket row or a user shows of a queue. */
export interface QueueSummary {
  id: number;
  name: string;
  color: string;
}
