import type { Kysely } from 'kysely';
import type { ReadDatabase } from '../database';
import { bigint, boolean, createTables, integer, jsonb, literal, smallint, text, timestamptz, uuid, type Tables } from '../ddl';

/** What makes a message a "link" in the contact drawer's Links tab (also the partial index's predicate). */
export const LINK_PATTERN = 'https?://';

const tables: Tables = {
  'read.messages': {
    comment: 'Messages of tickets, one row per message, current state (text after edits, delivery, read)',
    columns: {
      id: uuid.primaryKey().comment('Message id (uuid); inbound ids are derived from the provider id, so a message delivered twice is one row'),
      company_id: integer.notNull(),
      ticket_id: integer.notNull().comment('Ticket (conversation) the message belongs to'),
      contact_id: integer.notNull().comment('Contact of the ticket'),
      whatsapp_id: integer.comment('Connection the message went through'),
      from_me: boolean.notNull().comment('true: written by an attendant or the system (outbound); false: written by the contact'),
      body: text.notNull().comment('Text (current text after edits); for contact cards the vCard; for reactions the emoji'),
      media_type: text
        .notNull()
        .comment('chat (text), image, audio, video, application (documents), locationMessage, contactMessage, reactionMessage, call_log, sticker'),
      media_url: text.comment('Where the file is served (/media/<companyId>/<file>); null without a file'),
      media_name: text.comment('File name as uploaded or received (the stored name is generated)'),
      media_mime: text.comment('File type detected from its bytes'),
      media_size: bigint,
      location: jsonb.comment('Shared location {latitude, longitude, name}'),
      quoted_message_id: uuid.comment('The message this one replies to (or reacts to)'),
      user_id: integer.comment('Attendant who wrote it; null for contact and system messages'),
      is_private: boolean.notNull().default(false).comment('Private note: visible to attendants only, never sent to the contact'),
      is_deleted: boolean.notNull().default(false).comment('Deleted (by the attendant or by the contact, see deleted_by)'),
      deleted_by: text.comment('user or contact; null when not deleted'),
      is_edited: boolean.notNull().default(false),
      is_forwarded: boolean.notNull().default(false),
      ack: smallint.notNull().default(0).comment('Delivery of outbound messages: 0 waiting, 1 sent, 2 delivered, 3 or 4 read'),
      read: boolean.notNull().comment('Inbound messages: read by an attendant; outbound messages are always true'),
      provider_id: text.comment("The channel provider's message id (inbound, or outbound once sent)"),
      participant: jsonb.comment('In group tickets, who in the group wrote it {name, number}'),
      send_error: text.comment('Why sending failed (the message was not delivered); null otherwise'),
      created_at: timestamptz.notNull().comment('When it was received from the contact or written by the attendant'),
      updated_at: timestamptz.notNull().comment('When the text was written or last edited (the 15-minute edit window counts from here)'),
    },
    added: {
      content_erased: boolean
        .notNull()
        .default(false)
        .comment(
          'true: the contact deleted it while lgpdDeleteMessage was on, so text, file and place were erased here (only the deletion mark stays); the event store keeps the original',
        ),
      // Nullable with no default: adding it to a table of millions of rows changes only the catalog, no rewrite.
      // No index: GET /messages filters one ticket's rows, which messages_ticket already narrows.
      queue_id: integer.comment(
        "Queue (department) the ticket was in when the message was written; GET /messages with selectedQueues shows only those queues' messages and those with none. Null: the ticket had no queue then, or the message predates this column (shown to everyone)",
      ),
      content_expired: boolean
        .notNull()
        .default(false)
        .comment("true: the company's retention (messageRetentionDays) erased its text, file, place and card (MessageContentsExpired); times and figures stay"),
    },
    indexes: {
      // GET /messages/:ticketId: a ticket's messages newest first, page by page; also the read marks.
      messages_ticket: '(company_id, ticket_id, created_at desc, id desc)',
      // The contact drawer's Mídia, Documentos and Ligações tabs (GET /messages/getmedia, listimages).
      messages_ticket_media: "(company_id, ticket_id, media_type, created_at desc) where media_type <> 'chat' and not is_deleted",
      // Its Links tab: only the messages that carry a url.
      messages_ticket_links: `(company_id, ticket_id, created_at desc) where body ~* ${literal(LINK_PATTERN)} and not is_deleted`,
      // GET /media: which tickets show a file, so only who may see one of them opens it.
      messages_media_url: '(company_id, media_url) where media_url is not null',
      // A reply names the message it quotes by the provider's id.
      messages_provider: '(company_id, whatsapp_id, provider_id) where provider_id is not null',
      // The sender's queue (GET /metrics, conversa_queue_depth{queue="sender"}): only messages not yet sent are indexed.
      messages_outbox: '(created_at) where from_me and ack = 0 and send_error is null and not is_private and not is_deleted',
      // LGPD erasure scrubs a contact's messages in one statement.
      messages_contact: '(contact_id)',
    },
  },
  'read.expired_media': {
    comment: "Files of contacts' messages erased by retention: the retention-media reactor deletes them from the media store",
    columns: {
      company_id: integer.notNull(),
      url: text.notNull().comment('The media url the message carried (/media/<companyId>/<file>)'),
      expired_before: timestamptz.notNull().comment("The before of the MessageContentsExpired that erased it (the reactor finds a run's files by it)"),
    },
    constraints: ['primary key (company_id, url)'],
  },
  'read.erased_contacts': {
    comment:
      'Contacts erased under the LGPD (ContactErased), kept by the messages read model so messages of theirs still in flight are stored without content; nothing personal',
    columns: {
      contact_id: integer.primaryKey(),
      company_id: integer.notNull(),
      erased_at: timestamptz.notNull().comment('When the erasure was recorded'),
    },
  },
  'read.erased_media': {
    comment: "Files of erased contacts' messages (LGPD) the media-erasure worker is to delete from the media store; a row goes once its file is gone",
    columns: {
      company_id: integer.notNull(),
      media_url: text.notNull().comment('Where the file was served (/media/<companyId>/<file>)'),
    },
    constraints: ['primary key (company_id, media_url)'],
  },
};

export async function migrateMessages(db: Kysely<ReadDatabase>): Promise<void> {
  await createTables(db, tables);
}
