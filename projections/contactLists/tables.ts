import type { Generated } from 'kysely';
import type { Timestamp } from '../columns';

// Rows of the tables projections/contactLists/migration.ts creates, column for column.

export interface ContactListsTable {
  id: number;
  company_id: number;
  name: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted: Generated<boolean>;
}

export interface ContactListItemsTable {
  id: number;
  company_id: number;
  contact_list_id: number;
  name: string;
  number: string;
  email: string;
  is_whatsapp_valid: boolean | null;
  number_digest: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CampaignOptOutsTable {
  company_id: number;
  number: string | null;
  number_digest: string | null;
  word: string;
  at: Timestamp;
}

export interface ContactListsTables {
  'read.campaign_optouts': CampaignOptOutsTable;
  'read.contact_lists': ContactListsTable;
  'read.contact_list_items': ContactListItemsTable;
}
