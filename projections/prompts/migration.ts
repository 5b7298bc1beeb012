import type { Kysely } from 'kysely';
import type { ReadDatabase } from '../database';
import { companyKey, createTables, deletedFlag, stamps, type Table } from '../ddl';

const prompts: Table = {
  name: 'read.prompts',
  comment: 'AI assistants (an OpenAI-compatible chat completion) a connection, queue or ticket hands a conversation to',
  columns: {
    ...companyKey,
    name: 'text not null',
    api_key: ['text not null', 'The AI API key, sealed (enc:v1:…, AES-GCM with SECRETS_KEY); answered masked'],
    api_key_hint: ['text not null', 'The key masked (first 3 and last 4 characters), recorded before sealing: what the API answers'],
    prompt: ['text not null', 'The system prompt sent first in every completion'],
    voice: ['text not null', 'texto: text only; otherwise the Azure neural voice that also speaks the answer'],
    voice_key: ['text not null', 'The speech service key, sealed like api_key'],
    voice_key_hint: 'text not null',
    voice_region: ['text not null', 'The speech service region (brazilsouth, eastus …)'],
    temperature: 'double precision not null',
    max_tokens: 'integer not null',
    max_messages: ['integer not null', "How many of the conversation's last messages go with each completion"],
    queue_id: ['integer not null', 'The queue (sector) whose attendants take over from the assistant'],
    ...stamps,
    ...deletedFlag('true: deleted; kept so history still names it'),
  },
  indexes: {
    prompts_company: '(company_id, lower(name)) where not deleted',
    prompts_queue: '(company_id, queue_id) where not deleted',
  },
};

export async function migratePrompts(db: Kysely<ReadDatabase>): Promise<void> {
  await createTables(db, prompts);
}
