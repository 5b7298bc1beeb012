import { sql, type Kysely } from 'kysely';
import type { ReadDatabase } from '../database';

export async function migrateRouting(db: Kysely<ReadDatabase>): Promise<void> {
  await sql`
    create table if not exists read.ticket_routing (
      ticket_id integer primary key,
      company_id integer not null,
      contact_id integer not null,
      whatsapp_id integer,
      status text not null,
      queue_id integer,
      user_id integer,
      is_group boolean not null,
      opened_at timestamptz,
      waiting_since timestamptz,
      last_contact_message_at timestamptz,
      last_message_at timestamptz,
      rating_requested_at timestamptz
    );
    -- The routing timers: idle attended tickets, lapsing ratings (per connection), waiting tickets (per queue).
    create index if not exists ticket_routing_attended on read.ticket_routing (whatsapp_id, opened_at) where status = 'open' and not is_group;
    create index if not exists ticket_routing_rating on read.ticket_routing (whatsapp_id, rating_requested_at) where status = 'nps';
    create index if not exists ticket_routing_waiting on read.ticket_routing (company_id, queue_id, waiting_since) where status = 'pending' and user_id is null;
    comment on table read.ticket_routing is 'The clocks of each ticket the routing timers read: when it was taken, since when it waits, the last messages, the rating question';
    comment on column read.ticket_routing.status is 'Ticket status: pending, open, closed, group, lgpd, nps (deleted tickets read deleted)';
    comment on column read.ticket_routing.opened_at is 'When an attendant last took the ticket (accepted, reopened or transferred to them)';
    comment on column read.ticket_routing.waiting_since is 'Since when the ticket waits with no attendant in its current queue (or with no queue); null while attended';
    comment on column read.ticket_routing.last_contact_message_at is 'The contact''s last message';
    comment on column read.ticket_routing.last_message_at is 'The last message of the contact or an attendant (the bot''s own are not counted)';
    comment on column read.ticket_routing.rating_requested_at is 'When the contact was asked for a rating (status nps)';
  `.execute(db);
}
