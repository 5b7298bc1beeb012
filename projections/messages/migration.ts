import { sql, type Kysely } from 'kysely';
import type { ReadDatabase } from '../database';

/** What makes a message a "link" in the contact drawer's Links tab (also the partial index's predicate). */
export const LINK_PATTERN = 'https?://';

export async function migrateMessages(db: Kysely<ReadDatabase>): Promise<void> {
  await sql`
    create table if not exists read.messages (
      id uuid primary key,
      company_id integer not null,
      ticket_id integer not null,
      contact_id integer not null,
      whatsapp_id integer,
      from_me boolean not null,
      body text not null,
      media_type text not null,
      media_url text,
      media_name text,
      media_mime text,
      media_size bigint,
      location jsonb,
      quoted_message_id uuid,
      user_id integer,
      is_private boolean not null default false,
      is_deleted boolean not null default false,
      deleted_by text,
      is_edited boolean not null default false,
      is_forwarded boolean not null default false,
      ack smallint not null default 0,
      read boolean not null,
      provider_id text,
      participant jsonb,
      send_error text,
      created_at timestamptz not null,
      updated_at timestamptz not null
    );
    -- GET /messages/:ticketId: a ticket's messages newest first, page by page; also the read marks.
    create index if not exists messages_ticket on read.messages (company_id, ticket_id, created_at desc, id desc);
    -- The contact drawer's Mídia, Documentos and Ligações tabs (GET /messages/getmedia, listimages).
    create index if not exists messages_ticket_media on read.messages (company_id, ticket_id, media_type, created_at desc) where media_type <> 'chat' and not is_deleted;
    -- Its Links tab: only the messages that carry a url.
    create index if not exists messages_ticket_links on read.messages (company_id, ticket_id, created_at desc) where body ~* ${sql.lit(LINK_PATTERN)} and not is_deleted;
    -- GET /media: which tickets show a file, so only who may see one of them opens it.
    create index if not exists messages_media_url on read.messages (company_id, media_url) where media_url is not null;
    -- A reply names the message it quotes by the provider's id.
    create index if not exists messages_provider on read.messages (company_id, whatsapp_id, provider_id) where provider_id is not null;
    -- The sender's queue (GET /metrics, conversa_queue_depth{queue="sender"}): only messages not yet sent are indexed.
    create index if not exists messages_outbox on read.messages (created_at) where from_me and ack = 0 and send_error is null and not is_private and not is_deleted;

    comment on table read.messages is 'Messages of tickets, one row per message, current state (text after edits, delivery, read)';
    comment on column read.messages.id is 'Message id (uuid); inbound ids are derived from the provider id, so a message delivered twice is one row';
    comment on column read.messages.ticket_id is 'Ticket (conversation) the message belongs to';
    comment on column read.messages.contact_id is 'Contact of the ticket';
    comment on column read.messages.whatsapp_id is 'Connection the message went through';
    comment on column read.messages.from_me is 'true: written by an attendant or the system (outbound); false: written by the contact';
    comment on column read.messages.body is 'Text (current text after edits); for contact cards the vCard; for reactions the emoji';
    comment on column read.messages.media_type is 'chat (text), image, audio, video, application (documents), locationMessage, contactMessage, reactionMessage, call_log, sticker';
    comment on column read.messages.media_url is 'Where the file is served (/media/<companyId>/<file>); null without a file';
    comment on column read.messages.media_name is 'File name as uploaded or received (the stored name is generated)';
    comment on column read.messages.media_mime is 'File type detected from its bytes';
    comment on column read.messages.location is 'Shared location {latitude, longitude, name}';
    comment on column read.messages.quoted_message_id is 'The message this one replies to (or reacts to)';
    comment on column read.messages.user_id is 'Attendant who wrote it; null for contact and system messages';
    comment on column read.messages.is_private is 'Private note: visible to attendants only, never sent to the contact';
    comment on column read.messages.is_deleted is 'Deleted (by the attendant or by the contact, see deleted_by)';
    comment on column read.messages.deleted_by is 'user or contact; null when not deleted';
    comment on column read.messages.ack is 'Delivery of outbound messages: 0 waiting, 1 sent, 2 delivered, 3 or 4 read';
    comment on column read.messages.read is 'Inbound messages: read by an attendant; outbound messages are always true';
    comment on column read.messages.provider_id is 'The channel provider''s message id (inbound, or outbound once sent)';
    comment on column read.messages.participant is 'In group tickets, who in the group wrote it {name, number}';
    comment on column read.messages.send_error is 'Why sending failed (the message was not delivered); null otherwise';
    comment on column read.messages.created_at is 'When it was received from the contact or written by the attendant';
    comment on column read.messages.updated_at is 'When the text was written or last edited (the 15-minute edit window counts from here)';
    alter table read.messages add column if not exists content_erased boolean not null default false;
    comment on column read.messages.content_erased is 'true: the contact deleted it while lgpdDeleteMessage was on, so text, file and place were erased here (only the deletion mark stays); the event store keeps the original';
    -- Nullable with no default: adding it to a table of millions of rows changes only the catalog, no rewrite.
    -- No index: GET /messages filters one ticket's rows, which messages_ticket already narrows.
    alter table read.messages add column if not exists queue_id integer;
    alter table read.messages add column if not exists content_expired boolean not null default false;
    comment on column read.messages.content_expired is 'true: the company''s retention (messageRetentionDays) erased its text, file, place and card (MessageContentsExpired); times and figures stay';
    create table if not exists read.expired_media (
      company_id integer not null,
      url text not null,
      expired_before timestamptz not null,
      primary key (company_id, url)
    );
    comment on table read.expired_media is 'Files of contacts'' messages erased by retention: the retention-media reactor deletes them from the media store';
    comment on column read.expired_media.url is 'The media url the message carried (/media/<companyId>/<file>)';
    comment on column read.expired_media.expired_before is 'The before of the MessageContentsExpired that erased it (the reactor finds a run''s files by it)';
    comment on column read.messages.queue_id is 'Queue (department) the ticket was in when the message was written; GET /messages with selectedQueues shows only those queues'' messages and those with none. Null: the ticket had no queue then, or the message predates this column (shown to everyone)';
    -- LGPD erasure scrubs a contact's messages in one statement.
    create index if not exists messages_contact on read.messages (contact_id);
    create table if not exists read.erased_contacts (
      contact_id integer primary key,
      company_id integer not null,
      erased_at timestamptz not null
    );
    comment on table read.erased_contacts is 'Contacts erased under the LGPD (ContactErased), kept by the messages read model so messages of theirs still in flight are stored without content; nothing personal';
    comment on column read.erased_contacts.erased_at is 'When the erasure was recorded';
    create table if not exists read.erased_media (
      company_id integer not null,
      media_url text not null,
      primary key (company_id, media_url)
    );
    comment on table read.erased_media is 'Files of erased contacts'' messages (LGPD) the media-erasure worker is to delete from the media store; a row goes once its file is gone';
    comment on column read.erased_media.media_url is 'Where the file was served (/media/<companyId>/<file>)';
  `.execute(db);
}
