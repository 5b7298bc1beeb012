import { sql, type Kysely } from 'kysely';
import type { ReadDatabase } from '../database';

export async function migrateQueueIntegrations(db: Kysely<ReadDatabase>): Promise<void> {
  await sql`
    create table if not exists read.queue_integrations (
      id integer primary key,
      company_id integer not null,
      type text not null,
      name text not null,
      project_name text not null,
      json_content text not null,
      credentials_hint text,
      language text not null,
      url_n8n text not null,
      typebot_slug text not null,
      typebot_expires integer not null,
      typebot_delay_message integer not null,
      typebot_keyword_finish text not null,
      typebot_keyword_restart text not null,
      typebot_unknown_message text not null,
      typebot_restart_message text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      deleted boolean not null default false
    );
    create index if not exists queue_integrations_company on read.queue_integrations (company_id, id) where not deleted;
    comment on table read.queue_integrations is 'Connectors (Dialogflow, n8n, webhook, Typebot) a connection, queue or chatbot option hands a conversation to';
    comment on column read.queue_integrations.type is 'dialogflow, n8n, webhook or typebot';
    comment on column read.queue_integrations.json_content is 'Dialogflow service-account key, sealed (enc:v1:…, AES-GCM with SECRETS_KEY); never answered';
    comment on column read.queue_integrations.credentials_hint is 'client_email of the sealed key, shown instead of it; null when none';
    comment on column read.queue_integrations.url_n8n is 'The n8n or webhook endpoint, or the Typebot server base URL';
    comment on column read.queue_integrations.typebot_expires is 'Minutes a Typebot session lives without messages (0: never expires)';
    comment on column read.queue_integrations.typebot_delay_message is 'Milliseconds between two Typebot messages sent to the contact';
    comment on column read.queue_integrations.deleted is 'true: deleted; kept so history still names it';
  `.execute(db);
}
