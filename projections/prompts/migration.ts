import { sql, type Kysely } from 'kysely';
import type { ReadDatabase } from '../database';

export async function migratePrompts(db: Kysely<ReadDatabase>): Promise<void> {
  await sql`
    create table if not exists read.prompts (
      id integer primary key,
      company_id integer not null,
      name text not null,
      api_key text not null,
      api_key_hint text not null,
      prompt text not null,
      voice text not null,
      voice_key text not null,
      voice_key_hint text not null,
      voice_region text not null,
      temperature double precision not null,
      max_tokens integer not null,
      max_messages integer not null,
      queue_id integer not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      deleted boolean not null default false
    );
    create index if not exists prompts_company on read.prompts (company_id, lower(name)) where not deleted;
    create index if not exists prompts_queue on read.prompts (company_id, queue_id) where not deleted;
    comment on table read.prompts is 'AI assistants (an OpenAI-compatible chat completion) a connection, queue or ticket hands a conversation to';
    comment on column read.prompts.api_key is 'The AI API key, sealed (enc:v1:…, AES-GCM with SECRETS_KEY); answered masked';
    comment on column read.prompts.api_key_hint is 'The key masked (first 3 and last 4 characters), recorded before sealing: what the API answers';
    comment on column read.prompts.prompt is 'The system prompt sent first in every completion';
    comment on column read.prompts.voice is 'texto: text only; otherwise the Azure neural voice that also speaks the answer';
    comment on column read.prompts.voice_key is 'The speech service key, sealed like api_key';
    comment on column read.prompts.voice_region is 'The speech service region (brazilsouth, eastus …)';
    comment on column read.prompts.max_messages is 'How many of the conversation''s last messages go with each completion';
    comment on column read.prompts.queue_id is 'The queue (sector) whose attendants take over from the assistant';
    comment on column read.prompts.deleted is 'true: deleted; kept so history still names it';
  `.execute(db);
}
