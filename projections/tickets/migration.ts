import { sql, type Kysely } from 'kysely';
import type { ReadDatabase } from '../database';

export async function migrateTickets(db: Kysely<ReadDatabase>): Promise<void> {
  await sql`
    create table if not exists read.tickets (
      id integer primary key,
      uuid uuid not null,
      company_id integer not null,
      status text not null,
      queue_id integer,
      user_id integer,
      contact_id integer not null,
      whatsapp_id integer,
      channel text not null,
      is_group boolean not null,
      is_bot boolean not null default false,
      unread_messages integer not null default 0,
      last_message text not null default '',
      last_message_id uuid,
      use_integration boolean not null default false,
      prompt_id integer,
      amount_used_bot_queues integer not null default 0,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      closed_at timestamptz,
      deleted boolean not null default false
    );
    create unique index if not exists tickets_uuid on read.tickets (uuid);
    -- The list: a company's tickets of one status, newest activity first (GET /tickets and its deep pages).
    create index if not exists tickets_list on read.tickets (company_id, status, updated_at desc, id desc) where not deleted;
    -- A queue filter (the queue multi-select) on a big status tab: without it a rare queue scans the whole tab.
    create index if not exists tickets_list_queue on read.tickets (company_id, status, queue_id, updated_at desc, id desc) where not deleted;
    create index if not exists tickets_contact on read.tickets (company_id, contact_id, updated_at desc) where not deleted;
    create index if not exists tickets_last_message on read.tickets (last_message_id) where last_message_id is not null;
    create index if not exists tickets_unread on read.tickets (company_id, status, updated_at desc) where unread_messages > 0 and not deleted;
    comment on table read.tickets is 'Conversations (tickets) with contacts, one row per ticket, current state';
    comment on column read.tickets.status is 'pending (waiting), open (being attended), closed (resolved), group (group conversation), lgpd (waiting for the contact''s consent), nps (resolved, waiting for the contact''s rating)';
    comment on column read.tickets.queue_id is 'Queue (department) the ticket is in; null when none';
    comment on column read.tickets.user_id is 'Attendant holding the ticket; null when waiting in a queue';
    comment on column read.tickets.whatsapp_id is 'Connection (channel number or page) the conversation runs on';
    comment on column read.tickets.is_bot is 'true while the bot handles the conversation (waiting on the answer to its consent question, queue menu or chatbot options), before a person takes it';
    comment on column read.tickets.unread_messages is 'Messages from the contact not yet read by an attendant (answers to the rating question, ticket nps or closed, are not counted)';
    comment on column read.tickets.last_message is 'Text of the last message the contact or a person wrote, as the ticket list shows it (not the bot greeting, menus or queue position)';
    comment on column read.tickets.updated_at is 'Last activity (a message or a change of status, queue or user)';
    alter table read.tickets add column if not exists user_rating smallint;
    alter table read.tickets add column if not exists contact_erased boolean not null default false;
    comment on column read.tickets.contact_erased is 'true: the contact was erased under the LGPD (ContactErased): the ticket stays, its contact shown as removed and its last_message blank';
    comment on column read.tickets.user_rating is 'The contact''s rating of the attendance, 1 to 5 (asked after closing when the userRating setting is on); null when not rated';

    -- How many tickets per status, queue, user, connection and group flag: the list's counts
    -- without counting a million rows.
    create table if not exists read.ticket_counts (
      company_id integer not null,
      status text not null,
      queue_id integer,
      user_id integer,
      whatsapp_id integer,
      is_group boolean not null,
      tickets integer not null,
      constraint ticket_counts_key unique nulls not distinct (company_id, status, queue_id, user_id, whatsapp_id, is_group)
    );
    comment on table read.ticket_counts is 'Number of (not deleted) tickets per company, status, queue, user, connection and group flag';

    create table if not exists read.ticket_log (
      id bigserial primary key,
      company_id integer not null,
      ticket_id integer not null,
      type text not null,
      user_id integer,
      queue_id integer,
      created_at timestamptz not null,
      event_id uuid not null unique
    );
    create index if not exists ticket_log_ticket on read.ticket_log (ticket_id, created_at, id);
    comment on table read.ticket_log is 'What happened to each ticket: create, open, access, transfered, receivedTransfer, pending, closed, queue (the bot placed it in a queue)';
    comment on column read.ticket_log.user_id is 'Who did it (for receivedTransfer: who received the ticket)';
  `.execute(db);
}
