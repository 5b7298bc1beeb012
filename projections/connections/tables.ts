import type { ConnectionChannel, ConnectionDetails, ConnectionStatus, ImportProgress, ScheduleEntry } from '@conversa/contracts';
import type { Generated } from 'kysely';
import type { Json, JsonWithDefault, Timestamp } from '../columns';

// Rows of the tables projections/connections/migration.ts creates, column for column.

export interface ConnectionsTable {
  id: number;
  company_id: number;
  name: string;
  channel: ConnectionChannel;
  status: ConnectionStatus;
  qrcode: Generated<string>;
  retries: Generated<number>;
  number: Generated<string>;
  is_default: Generated<boolean>;
  greeting_message: string;
  complation_message: string;
  out_of_hours_message: string;
  rating_message: string;
  max_use_bot_queues: number;
  max_use_bot_queues_nps: number;
  provider: ConnectionDetails['provider'];
  expires_ticket: number;
  expires_ticket_nps: number;
  when_expires_ticket: ConnectionDetails['whenExpiresTicket'];
  expires_inactive_message: string;
  allow_group: boolean;
  group_as_ticket: ConnectionDetails['groupAsTicket'];
  time_use_bot_queues: number;
  time_send_queue: number;
  send_id_queue: number | null;
  time_create_new_ticket: number;
  time_inactive_message: number;
  inactive_message: string;
  greeting_media_attachment: string | null;
  import_old_messages: Timestamp | null;
  import_recent_messages: Timestamp | null;
  import_old_messages_groups: boolean;
  closed_tickets_post_imported: boolean;
  integration_id: number | null;
  prompt_id: number | null;
  /** Whether a call token is set; the token rests sealed in auth.connection_secrets. */
  has_call_token: Generated<boolean>;
  queue_ids: Generated<number[]>;
  schedules: JsonWithDefault<ScheduleEntry[]>;
  status_import_messages: string | null;
  import_progress: Json<ImportProgress> | null;
  facebook_user_id: string | null;
  facebook_page_user_id: string | null;
  session_wanted: Generated<boolean>;
  session_generation: Generated<number>;
  /** A start, renew (new QR) or restart request, or a stop. */
  session_request: 'start' | 'renew' | 'restart' | 'stop' | null;
  deleted: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface DefaultConnectionsTable {
  company_id: number;
  connection_id: number | null;
}

export interface ConnectionSecretsTable {
  connection_id: number;
  company_id: number;
  token: string;
  facebook_user_token: string | null;
  token_meta: string | null;
  /** The call token, sealed ('' when none). */
  wavoip: Generated<string>;
}

/** The tables of the connections read model, as its queries name them. */
export interface ConnectionsTables {
  'read.connections': ConnectionsTable;
  'read.default_connections': DefaultConnectionsTable;
  'auth.connection_secrets': ConnectionSecretsTable;
}
