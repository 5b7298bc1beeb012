import type { Kysely } from 'kysely';
import type { ReadDatabase } from '../database';
import {
  boolean,
  companyKey,
  createSchemaTables,
  createTables,
  deletedFlag,
  integer,
  integerArray,
  jsonb,
  stamps,
  text,
  timestamptz,
  type Tables,
} from '../ddl';

const readTables: Tables = {
  'read.connections': {
    comment: 'Messaging connections (WhatsApp numbers, Cloud API numbers, Facebook pages, Instagram accounts, sandbox test channels) of each company',
    columns: {
      ...companyKey,
      name: text.notNull(),
      channel: text.notNull().comment('whatsapp, whatsappapi, facebook, instagram or sandbox (a test channel without a phone)'),
      status: text.notNull().comment('Session status: DISCONNECTED, OPENING, qrcode, CONNECTED, PAIRING or TIMEOUT'),
      qrcode: text.notNull().default(''),
      retries: integer.notNull().default(0),
      number: text.notNull().default('').comment('The phone number (or account) the session is paired with'),
      is_default: boolean.notNull().default(false).comment('The company default connection, used when a ticket names none'),
      greeting_message: text.notNull(),
      complation_message: text.notNull().comment('Farewell message sent when a ticket is closed'),
      out_of_hours_message: text.notNull(),
      rating_message: text.notNull(),
      max_use_bot_queues: integer.notNull(),
      max_use_bot_queues_nps: integer.notNull(),
      provider: text.notNull(),
      expires_ticket: integer.notNull().comment('Minutes without activity after which open tickets are closed (0: never)'),
      expires_ticket_nps: integer.notNull(),
      when_expires_ticket: text.notNull(),
      expires_inactive_message: text.notNull(),
      allow_group: boolean.notNull(),
      group_as_ticket: text.notNull().comment('enabled: group conversations become tickets'),
      time_use_bot_queues: integer.notNull(),
      time_send_queue: integer.notNull().comment('Minutes a ticket waits without a queue before moving to send_id_queue (0: off)'),
      send_id_queue: integer,
      time_create_new_ticket: integer.notNull().comment('Seconds after closing during which a new message reopens the ticket (0: always a new ticket)'),
      time_inactive_message: integer.notNull(),
      inactive_message: text.notNull(),
      greeting_media_attachment: text,
      import_old_messages: timestamptz,
      import_recent_messages: timestamptz,
      import_old_messages_groups: boolean.notNull(),
      closed_tickets_post_imported: boolean.notNull(),
      integration_id: integer,
      prompt_id: integer,
      has_call_token: boolean
        .notNull()
        .default(false)
        .comment('Whether a click-to-call token is set (the token itself rests sealed in auth.connection_secrets)'),
      queue_ids: integerArray.notNull().default('{}').comment('Queues offered to contacts writing to this connection'),
      schedules: jsonb.notNull().default('[]').comment('Opening hours: [{weekday, weekdayEn, startTimeA, endTimeA, startTimeB, endTimeB}]'),
      status_import_messages: text.comment('History import: null, start time in ms while importing, renderButtonCloseTickets when finished'),
      import_progress: jsonb.comment('Last import progress: {this: processed, all: total (-1 preparing), date}'),
      facebook_user_id: text,
      facebook_page_user_id: text,
      session_wanted: boolean.notNull().default(false).comment('Whether the session should run (false after a disconnect)'),
      session_generation: integer.notNull().default(0).comment('Counts start, new-QR, restart and disconnect requests; the session manager acts on each once'),
      session_request: text,
      ...deletedFlag(),
      ...stamps,
    },
    indexes: {
      connections_company: '(company_id, name) where not deleted',
      connections_to_run: '(channel) where not deleted and session_wanted',
      connections_account: '(channel, facebook_page_user_id) where not deleted and facebook_page_user_id is not null',
    },
  },
  'read.default_connections': {
    comment: 'The default connection of each company (new tickets that name none go there)',
    columns: {
      company_id: integer.primaryKey(),
      connection_id: integer,
    },
  },
};

const authTables: Tables = {
  'auth.connection_secrets': {
    columns: {
      connection_id: integer.primaryKey(),
      company_id: integer.notNull(),
      token: text.notNull(),
      facebook_user_token: text,
      token_meta: text,
      wavoip: text.notNull().default('').comment('Click-to-call token, sealed (enc:v1, SECRETS_KEY)'),
    },
    indexes: {
      connection_secrets_token: '(token)',
    },
  },
};

export async function migrateConnections(db: Kysely<ReadDatabase>): Promise<void> {
  await createTables(db, readTables);
  // Schema auth is the users read model's too: they migrate side by side.
  await createSchemaTables(db, 'auth', authTables);
}
