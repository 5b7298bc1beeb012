import type { Kysely } from 'kysely';
import type { ReadDatabase } from '../database';
import { boolean, createTables, integer, text, timestamptz, type Tables } from '../ddl';

const tables: Tables = {
  'read.ticket_routing': {
    comment: 'The clocks of each ticket the routing timers read: when it was taken, since when it waits, the last messages, the rating question',
    columns: {
      ticket_id: integer.primaryKey(),
      company_id: integer.notNull(),
      contact_id: integer.notNull(),
      whatsapp_id: integer,
      status: text.notNull().comment('Ticket status: pending, open, closed, group, lgpd, nps (deleted tickets read deleted)'),
      queue_id: integer,
      user_id: integer,
      is_group: boolean.notNull(),
      opened_at: timestamptz.comment('When an attendant last took the ticket (accepted, reopened or transferred to them)'),
      waiting_since: timestamptz.comment('Since when the ticket waits with no attendant in its current queue (or with no queue); null while attended'),
      last_contact_message_at: timestamptz.comment("The contact's last message"),
      last_message_at: timestamptz.comment("The last message of the contact or an attendant (the bot's own are not counted)"),
      rating_requested_at: timestamptz.comment('When the contact was asked for a rating (status nps)'),
    },
    indexes: {
      // The routing timers: idle attended tickets, lapsing ratings (per connection), waiting tickets (per queue).
      ticket_routing_attended: "(whatsapp_id, opened_at) where status = 'open' and not is_group",
      ticket_routing_rating: "(whatsapp_id, rating_requested_at) where status = 'nps'",
      ticket_routing_waiting: "(company_id, queue_id, waiting_since) where status = 'pending' and user_id is null",
    },
  },
};

export async function migrateRouting(db: Kysely<ReadDatabase>): Promise<void> {
  await createTables(db, tables);
}
