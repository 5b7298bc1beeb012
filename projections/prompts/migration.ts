import type { Kysely } from 'kysely';
import type { ReadDatabase } from '../database';
import { companyKey, createTables, deletedFlag, doublePrecision, integer, stamps, text, type Tables } from '../ddl';

const tables: Tables = {
  'read.prompts': {
    comment: 'AI assistants (an OpenAI-compatible chat completion) a connection, queue or ticket hands a conversation to',
    columns: {
      ...companyKey,
      name: text.notNull(),
      api_key: text.notNull().comment('The AI API key, sealed (enc:v1:…, AES-GCM with SECRETS_KEY); answered masked'),
      api_key_hint: text.notNull().comment('The key masked (first 3 and last 4 characters), recorded before sealing: what the API answers'),
      prompt: text.notNull().comment('The system prompt sent first in every completion'),
      voice: text.notNull().comment('texto: text only; otherwise the Azure neural voice that also speaks the answer'),
      voice_key: text.notNull().comment('The speech service key, sealed like api_key'),
      voice_key_hint: text.notNull(),
      voice_region: text.notNull().comment('The speech service region (brazilsouth, eastus …)'),
      temperature: doublePrecision.notNull(),
      max_tokens: integer.notNull(),
      max_messages: integer.notNull().comment("How many of the conversation's last messages go with each completion"),
      queue_id: integer.notNull().comment('The queue (sector) whose attendants take over from the assistant'),
      ...stamps,
      ...deletedFlag('true: deleted; kept so history still names it'),
    },
    indexes: {
      prompts_company: '(company_id, lower(name)) where not deleted',
      prompts_queue: '(company_id, queue_id) where not deleted',
    },
  },
};

export async function migratePrompts(db: Kysely<ReadDatabase>): Promise<void> {
  await createTables(db, tables);
}
