import type { CampaignDetails, CampaignSettingsValues, PauseReason } from '@conversa/contracts';
import type { Generated } from 'kysely';
import type { Json, Timestamp } from '../columns';

// Rows of the tables projections/campaigns/migration.ts creates, column for column.

export interface CampaignsTable {
  id: number;
  company_id: number;
  name: string;
  details: Json<CampaignDetails>;
  status: string;
  started_at: Timestamp | null;
  completed_at: Timestamp | null;
  pause: Json<PauseReason | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted: Generated<boolean>;
}

export interface CampaignShippingsTable {
  campaign_id: number;
  item_id: number;
  company_id: number;
  name: string;
  number: string;
  number_digest: string | null;
  connection_id: number;
  status: string;
  message_id: string | null;
  delivered_at: Timestamp | null;
  confirmation_requested_at: Timestamp | null;
  confirmed_at: Timestamp | null;
  failed_reason: string | null;
}

export interface CampaignSettingsTable {
  company_id: number;
  settings: Json<CampaignSettingsValues>;
}

export interface CampaignsTables {
  'read.campaigns': CampaignsTable;
  'read.campaign_shippings': CampaignShippingsTable;
  'read.campaign_settings': CampaignSettingsTable;
}
