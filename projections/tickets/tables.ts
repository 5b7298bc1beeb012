import type { Channel, TicketStatus } from '@conversa/contracts';
import type { Generated } from 'kysely';
import type { Timestamp } from '../columns';

// Rows of the tables projections/tickets/migration.ts creates, column for column.

export interface TicketsTable {
  id: number;
  uuid: string;
  company_id: number;
  status: TicketStatus;
  queue_id: number | null;
  user_id: number | null;
  contact_id: number;
  whatsapp_id: number | null;
  channel: Channel;
  is_group: boolean;
  is_bot: Generated<boolean>;
  unread_messages: Generated<number>;
  last_message: Generated<string>;
  last_message_id: string | null;
  contact_erased: Generated<boolean>;
  use_integration: Generated<boolean>;
  prompt_id: number | null;
  amount_used_bot_queues: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  closed_at: Timestamp | null;
  deleted: Generated<boolean>;
  user_rating: number | null;
}

export interface TicketCountsTable {
  company_id: number;
  status: TicketStatus;
  queue_id: number | null;
  user_id: number | null;
  whatsapp_id: number | null;
  is_group: boolean;
  tickets: number;
}

export interface TicketLogTable {
  id: Generated<string>;
  company_id: number;
  ticket_id: number;
  type: string;
  user_id: number | null;
  queue_id: number | null;
  created_at: Timestamp;
  event_id: string;
}

/** The tables of the tickets read model, as its queries name them. */
export interface TicketsTables {
  'read.tickets': TicketsTable;
  'read.ticket_counts': TicketCountsTable;
  'read.ticket_log': TicketLogTable;
}
