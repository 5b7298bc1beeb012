import type { Kysely } from 'kysely';
import type { ReadDatabase } from '../database';
import { companyKey, createTables, deletedFlag, integer, stamps, text, type Tables } from '../ddl';

const tables: Tables = {
  'read.queue_integrations': {
    comment: 'Connectors (Dialogflow, n8n, webhook, Typebot) a connection, queue or chatbot option hands a conversation to',
    columns: {
      ...companyKey,
      type: text.notNull().comment('dialogflow, n8n, webhook or typebot'),
      name: text.notNull(),
      project_name: text.notNull(),
      json_content: text.notNull().comment('Dialogflow service-account key, sealed (enc:v1:…, AES-GCM with SECRETS_KEY); never answered'),
      credentials_hint: text.comment('client_email of the sealed key, shown instead of it; null when none'),
      language: text.notNull(),
      url_n8n: text.notNull().comment('The n8n or webhook endpoint, or the Typebot server base URL'),
      typebot_slug: text.notNull(),
      typebot_expires: integer.notNull().comment('Minutes a Typebot session lives without messages (0: never expires)'),
      typebot_delay_message: integer.notNull().comment('Milliseconds between two Typebot messages sent to the contact'),
      typebot_keyword_finish: text.notNull(),
      typebot_keyword_restart: text.notNull(),
      typebot_unknown_message: text.notNull(),
      typebot_restart_message: text.notNull(),
      ...stamps,
      ...deletedFlag('true: deleted; kept so history still names it'),
    },
    indexes: {
      queue_integrations_company: '(company_id, id) where not deleted',
    },
  },
};

export async function migrateQueueIntegrations(db: Kysely<ReadDatabase>): Promise<void> {
  await createTables(db, tables);
}
