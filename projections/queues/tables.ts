import type { ChatbotQueueType, ScheduleEntry } from '@conversa/contracts';
import type { Generated } from 'kysely';
import type { Json, Timestamp } from '../columns';

// Rows of the tables projections/queues/migration.ts creates, column for column.

export interface QueuesTable {
  id: number;
  company_id: number;
  name: string;
  color: string;
  order_queue: number | null;
  ativar_roteador: boolean;
  tempo_roteador: number;
  greeting_message: string;
  out_of_hours_message: string;
  close_ticket: boolean;
  integration_id: number | null;
  file_list_id: number | null;
  prompt_id: number | null;
  schedules: Json<ScheduleEntry[]>;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted: Generated<boolean>;
}

export interface QueueOptionsTable {
  id: number;
  company_id: number;
  queue_id: number;
  parent_id: number | null;
  name: string;
  greeting_message: string;
  queue_type: ChatbotQueueType;
  opt_queue_id: number | null;
  opt_user_id: number | null;
  opt_integration_id: number | null;
  opt_file_id: number | null;
  close_ticket: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted: Generated<boolean>;
}

/** The tables of the queues read model, as its queries name them. */
export interface QueuesTables {
  'read.queues': QueuesTable;
  'read.queue_options': QueueOptionsTable;
}
