import { withSchemaLock } from '@conversa/platform';
import { sql, type Kysely } from 'kysely';
import type { ReadDatabase } from '../database';

export async function migrateConnections(db: Kysely<ReadDatabase>): Promise<void> {
  await sql`
    create table if not exists read.connections (
      id integer primary key,
      company_id integer not null,
      name text not null,
      channel text not null,
      status text not null,
      qrcode text not null default '',
      retries integer not null default 0,
      number text not null default '',
      is_default boolean not null default false,
      greeting_message text not null,
      complation_message text not null,
      out_of_hours_message text not null,
      rating_message text not null,
      max_use_bot_queues integer not null,
      max_use_bot_queues_nps integer not null,
      provider text not null,
      expires_ticket integer not null,
      expires_ticket_nps integer not null,
      when_expires_ticket text not null,
      expires_inactive_message text not null,
      allow_group boolean not null,
      group_as_ticket text not null,
      time_use_bot_queues integer not null,
      time_send_queue integer not null,
      send_id_queue integer,
      time_create_new_ticket integer not null,
      time_inactive_message integer not null,
      inactive_message text not null,
      greeting_media_attachment text,
      import_old_messages timestamptz,
      import_recent_messages timestamptz,
      import_old_messages_groups boolean not null,
      closed_tickets_post_imported boolean not null,
      integration_id integer,
      prompt_id integer,
      has_call_token boolean not null default false,
      queue_ids integer[] not null default '{}',
      schedules jsonb not null default '[]',
      status_import_messages text,
      import_progress jsonb,
      facebook_user_id text,
      facebook_page_user_id text,
      session_wanted boolean not null default false,
      session_generation integer not null default 0,
      session_request text,
      deleted boolean not null default false,
      created_at timestamptz not null,
      updated_at timestamptz not null
    );
    create index if not exists connections_company on read.connections (company_id, name) where not deleted;
    create index if not exists connections_to_run on read.connections (channel) where not deleted and session_wanted;
    create index if not exists connections_account on read.connections (channel, facebook_page_user_id) where not deleted and facebook_page_user_id is not null;
    comment on table read.connections is 'Messaging connections (WhatsApp numbers, Cloud API numbers, Facebook pages, Instagram accounts, sandbox test channels) of each company';
    comment on column read.connections.channel is 'whatsapp, whatsappapi, facebook, instagram or sandbox (a test channel without a phone)';
    comment on column read.connections.status is 'Session status: DISCONNECTED, OPENING, qrcode, CONNECTED, PAIRING or TIMEOUT';
    comment on column read.connections.number is 'The phone number (or account) the session is paired with';
    comment on column read.connections.is_default is 'The company default connection, used when a ticket names none';
    comment on column read.connections.complation_message is 'Farewell message sent when a ticket is closed';
    comment on column read.connections.expires_ticket is 'Minutes without activity after which open tickets are closed (0: never)';
    comment on column read.connections.group_as_ticket is 'enabled: group conversations become tickets';
    comment on column read.connections.time_send_queue is 'Minutes a ticket waits without a queue before moving to send_id_queue (0: off)';
    comment on column read.connections.time_create_new_ticket is 'Seconds after closing during which a new message reopens the ticket (0: always a new ticket)';
    comment on column read.connections.queue_ids is 'Queues offered to contacts writing to this connection';
    comment on column read.connections.schedules is 'Opening hours: [{weekday, weekdayEn, startTimeA, endTimeA, startTimeB, endTimeB}]';
    comment on column read.connections.status_import_messages is 'History import: null, start time in ms while importing, renderButtonCloseTickets when finished';
    comment on column read.connections.import_progress is 'Last import progress: {this: processed, all: total (-1 preparing), date}';
    comment on column read.connections.has_call_token is 'Whether a click-to-call token is set (the token itself rests sealed in auth.connection_secrets)';
    comment on column read.connections.session_wanted is 'Whether the session should run (false after a disconnect)';
    comment on column read.connections.session_generation is 'Counts start, new-QR, restart and disconnect requests; the session manager acts on each once';

    create table if not exists read.default_connections (
      company_id integer primary key,
      connection_id integer
    );
    comment on table read.default_connections is 'The default connection of each company (new tickets that name none go there)';
  `.execute(db);
  // Schema auth is the users read model's too: they migrate side by side.
  await withSchemaLock(db, (trx) =>
    sql`
      create schema if not exists auth;
      create table if not exists auth.connection_secrets (
        connection_id integer primary key,
        company_id integer not null,
        token text not null,
        facebook_user_token text,
        token_meta text,
        wavoip text not null default ''
      );
      comment on column auth.connection_secrets.wavoip is 'Click-to-call token, sealed (enc:v1, SECRETS_KEY)';
      create index if not exists connection_secrets_token on auth.connection_secrets (token);
    `.execute(trx),
  );
}
