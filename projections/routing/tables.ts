import type { Timestamp } from '../columns';

// Rows of the tables projections/routing/migration.ts creates, column for column.

export interface TicketRoutingTable {
  ticket_id: number;
  company_id: number;
  contact_id: number;
  whatsapp_id: number | null;
  status: string;
  queue_id: number | null;
  user_id: number | null;
  is_group: boolean;
  opened_at: Timestamp | null;
  waiting_since: Timestamp | null;
  last_contact_message_at: Timestamp | null;
  last_message_at: Timestamp | null;
  rating_requested_at: Timestamp | null;
}

/** The tables of the routing read model, as its queries name them. */
export interface RoutingTables {
  'read.ticket_routing': TicketRoutingTable;
}
