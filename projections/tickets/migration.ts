import type { Kysely } from 'kysely';
import type { ReadDatabase } from '../database';
import { bigserial, boolean, createTables, deletedFlag, integer, smallint, text, timestamptz, unique, uuid, type Tables } from '../ddl';

const tables: Tables = {
  'read.tickets': {
    comment: 'Conversations (tickets) with contacts, one row per ticket, current state',
    columns: {
      id: integer.primaryKey(),
      uuid: uuid.notNull(),
      company_id: integer.notNull(),
      status: text
        .notNull()
        .comment(
          "pending (waiting), open (being attended), closed (resolved), group (group conversation), lgpd (waiting for the contact's consent), nps (resolved, waiting for the contact's rating)",
        ),
      queue_id: integer.comment('Queue (department) the ticket is in; null when none'),
      user_id: integer.comment('Attendant holding the ticket; null when waiting in a queue'),
      contact_id: integer.notNull(),
      whatsapp_id: integer.comment('Connection (channel number or page) the conversation runs on'),
      channel: text.notNull(),
      is_group: boolean.notNull(),
      is_bot: boolean
        .notNull()
        .default(false)
        .comment(
          'true while the bot handles the conversation (waiting on the answer to its consent question, queue menu or chatbot options), before a person takes it',
        ),
      unread_messages: integer
        .notNull()
        .default(0)
        .comment('Messages from the contact not yet read by an attendant (answers to the rating question, ticket nps or closed, are not counted)'),
      last_message: text
        .notNull()
        .default('')
        .comment('Text of the last message the contact or a person wrote, as the ticket list shows it (not the bot greeting, menus or queue position)'),
      last_message_id: uuid,
      use_integration: boolean.notNull().default(false),
      prompt_id: integer,
      amount_used_bot_queues: integer.notNull().default(0),
      created_at: timestamptz.notNull(),
      updated_at: timestamptz.notNull().comment('Last activity (a message or a change of status, queue or user)'),
      closed_at: timestamptz,
      ...deletedFlag(),
    },
    added: {
      user_rating: smallint.comment(
        "The contact's rating of the attendance, 1 to 5 (asked after closing when the userRating setting is on); null when not rated",
      ),
      contact_erased: boolean
        .notNull()
        .default(false)
        .comment('true: the contact was erased under the LGPD (ContactErased): the ticket stays, its contact shown as removed and its last_message blank'),
    },
    indexes: {
      tickets_uuid: unique('(uuid)'),
      // The list: a company's tickets of one status, newest activity first (GET /tickets and its deep pages).
      tickets_list: '(company_id, status, updated_at desc, id desc) where not deleted',
      // A queue filter (the queue multi-select) on a big status tab: without it a rare queue scans the whole tab.
      tickets_list_queue: '(company_id, status, queue_id, updated_at desc, id desc) where not deleted',
      tickets_contact: '(company_id, contact_id, updated_at desc) where not deleted',
      tickets_last_message: '(last_message_id) where last_message_id is not null',
      tickets_unread: '(company_id, status, updated_at desc) where unread_messages > 0 and not deleted',
    },
  },
  // How many tickets per status, queue, user, connection and group flag: the list's counts
  // without counting a million rows.
  'read.ticket_counts': {
    comment: 'Number of (not deleted) tickets per company, status, queue, user, connection and group flag',
    columns: {
      company_id: integer.notNull(),
      status: text.notNull(),
      queue_id: integer,
      user_id: integer,
      whatsapp_id: integer,
      is_group: boolean.notNull(),
      tickets: integer.notNull(),
    },
    constraints: ['constraint ticket_counts_key unique nulls not distinct (company_id, status, queue_id, user_id, whatsapp_id, is_group)'],
  },
  'read.ticket_log': {
    comment: 'What happened to each ticket: create, open, access, transfered, receivedTransfer, pending, closed, queue (the bot placed it in a queue)',
    columns: {
      id: bigserial.primaryKey(),
      company_id: integer.notNull(),
      ticket_id: integer.notNull(),
      type: text.notNull(),
      user_id: integer.comment('Who did it (for receivedTransfer: who received the ticket)'),
      queue_id: integer,
      created_at: timestamptz.notNull(),
      event_id: uuid.notNull().unique(),
    },
    indexes: {
      ticket_log_ticket: '(ticket_id, created_at, id)',
    },
  },
};

export async function migrateTickets(db: Kysely<ReadDatabase>): Promise<void> {
  await createTables(db, tables);
}
