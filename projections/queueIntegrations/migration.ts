import type { Kysely } from 'kysely';
import type { ReadDatabase } from '../database';
import { companyKey, createTables, deletedFlag, stamps, type Table } from '../ddl';

const queueIntegrations: Table = {
  name: 'read.queue_integrations',
  comment: 'Connectors (Dialogflow, n8n, webhook, Typebot) a connection, queue or chatbot option hands a conversation to',
  columns: {
    ...companyKey,
    type: ['text not null', 'dialogflow, n8n, webhook or typebot'],
    name: 'text not null',
    project_name: 'text not null',
    json_content: ['text not null', 'Dialogflow service-account key, sealed (enc:v1:…, AES-GCM with SECRETS_KEY); never answered'],
    credentials_hint: ['text', 'client_email of the sealed key, shown instead of it; null when none'],
    language: 'text not null',
    url_n8n: ['text not null', 'The n8n or webhook endpoint, or the Typebot server base URL'],
    typebot_slug: 'text not null',
    typebot_expires: ['integer not null', 'Minutes a Typebot session lives without messages (0: never expires)'],
    typebot_delay_message: ['integer not null', 'Milliseconds between two Typebot messages sent to the contact'],
    typebot_keyword_finish: 'text not null',
    typebot_keyword_restart: 'text not null',
    typebot_unknown_message: 'text not null',
    typebot_restart_message: 'text not null',
    ...stamps,
    ...deletedFlag('true: deleted; kept so history still names it'),
  },
  indexes: {
    queue_integrations_company: '(company_id, id) where not deleted',
  },
};

export async function migrateQueueIntegrations(db: Kysely<ReadDatabase>): Promise<void> {
  await createTables(db, queueIntegrations);
}
