import type { MediaType, MessageLocation, MessageParticipant } from '@conversa/contracts';
import type { Generated } from 'kysely';
import type { Int8, Json, Timestamp } from '../columns';

// Rows of the tables projections/messages/migration.ts creates, column for column.

export interface MessagesTable {
  id: string;
  company_id: number;
  ticket_id: number;
  contact_id: number;
  whatsapp_id: number | null;
  from_me: boolean;
  body: string;
  media_type: MediaType;
  media_url: string | null;
  media_name: string | null;
  media_mime: string | null;
  media_size: Int8 | null;
  location: Json<MessageLocation> | null;
  quoted_message_id: string | null;
  user_id: number | null;
  is_private: Generated<boolean>;
  is_deleted: Generated<boolean>;
  deleted_by: 'user' | 'contact' | null;
  is_edited: Generated<boolean>;
  is_forwarded: Generated<boolean>;
  ack: Generated<number>;
  read: boolean;
  provider_id: string | null;
  participant: Json<MessageParticipant> | null;
  send_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  content_erased: Generated<boolean>;
  content_expired: Generated<boolean>;
  queue_id: number | null;
}

export interface ExpiredMediaTable {
  company_id: number;
  url: string;
  expired_before: Timestamp;
}

/** Contacts erased under the LGPD (ContactErased), so later messages of theirs are stored without content. */
export interface ErasedContactsTable {
  contact_id: number;
  company_id: number;
  erased_at: Timestamp;
}

/** Files of erased contacts' messages still to be deleted from the media store (the media-erasure worker's queue). */
export interface ErasedMediaTable {
  company_id: number;
  media_url: string;
}

/** The tables of the messages read model, as its queries name them. */
export interface MessagesTables {
  'read.messages': MessagesTable;
  'read.expired_media': ExpiredMediaTable;
  'read.erased_contacts': ErasedContactsTable;
  'read.erased_media': ErasedMediaTable;
}
