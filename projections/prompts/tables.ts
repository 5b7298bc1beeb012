import type { Generated } from 'kysely';
import type { Timestamp } from '../columns';

// Rows of the table projections/prompts/migration.ts creates, column for column.

export interface PromptsTable {
  id: number;
  company_id: number;
  name: string;
  api_key: string;
  api_key_hint: string;
  prompt: string;
  voice: string;
  voice_key: string;
  voice_key_hint: string;
  voice_region: string;
  temperature: number;
  max_tokens: number;
  max_messages: number;
  queue_id: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted: Generated<boolean>;
}

export interface PromptsTables {
  'read.prompts': PromptsTable;
}
