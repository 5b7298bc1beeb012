import type { Generated } from 'kysely';
import type { Timestamp } from '../columns';

// Rows of the table projections/queueIntegrations/migration.ts creates, column for column.

export interface QueueIntegrationsTable {
  id: number;
  company_id: number;
  type: string;
  name: string;
  project_name: string;
  json_content: string;
  credentials_hint: string | null;
  language: string;
  url_n8n: string;
  typebot_slug: string;
  typebot_expires: number;
  typebot_delay_message: number;
  typebot_keyword_finish: string;
  typebot_keyword_restart: string;
  typebot_unknown_message: string;
  typebot_restart_message: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted: Generated<boolean>;
}

export interface QueueIntegrationsTables {
  'read.queue_integrations': QueueIntegrationsTable;
}
