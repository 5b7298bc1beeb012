import type { ColumnType, Generated } from 'kysely';
import type { Json, Timestamp } from '../columns';

// Rows of the tables projections/webhooks/migration.ts creates, column for column.

export interface WebhooksTable {
  id: number;
  company_id: number;
  url: string;
  events: Json<string[]>;
  description: string;
  active: boolean;
  flagged: Generated<boolean>;
  paused_at: Timestamp | null;
  pause_reason: string | null;
  secret: string;
  user_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted: Generated<boolean>;
}

export interface WebhookDeliveriesTable {
  id: string;
  /** bigserial, read as a string; set only by its sequence. */
  seq: ColumnType<string, never, string>;
  webhook_id: number;
  company_id: number;
  event: string;
  event_id: string;
  body: string;
  status: Generated<string>;
  attempts: Generated<number>;
  response_status: number | null;
  response_body: string | null;
  error: string | null;
  correlation_id: string | null;
  redelivery_id: string | null;
  created_at: Timestamp;
  deadline_at: Timestamp;
  last_attempt_at: Timestamp | null;
  next_attempt_at: Timestamp | null;
}

export interface WebhookFailingTable {
  webhook_id: number;
  since: Timestamp;
}

/** The tables of the webhooks read model and the deliverer's log, as queries name them. */
export interface WebhooksTables {
  'read.webhooks': WebhooksTable;
  'webhooks.deliveries': WebhookDeliveriesTable;
  'webhooks.failing': WebhookFailingTable;
}
