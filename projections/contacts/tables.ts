import type { Channel, ContactExtraInfo } from '@conversa/contracts';
import type { Generated } from 'kysely';
import type { JsonWithDefault, Timestamp } from '../columns';

// Rows of the tables projections/contacts/migration.ts creates, column for column.

export interface ContactsTable {
  id: number;
  company_id: number;
  name: string;
  number: string;
  email: Generated<string>;
  profile_pic_url: string | null;
  active: boolean;
  disable_bot: boolean;
  accept_audio_message: boolean;
  channel: Channel;
  is_group: boolean;
  extra_info: JsonWithDefault<ContactExtraInfo[]>;
  lgpd_accepted_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted: Generated<boolean>;
  erased: Generated<boolean>;
}

export interface ContactTagsTable {
  company_id: number;
  contact_id: number;
  tag_id: number;
}

/** The tables of the contacts read model, as its queries name them. */
export interface ContactsTables {
  'read.contacts': ContactsTable;
  'read.contact_tags': ContactTagsTable;
}
