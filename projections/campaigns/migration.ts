import { sql, type Kysely } from 'kysely';
import type { ReadDatabase } from '../database';

export async function migrateCampaigns(db: Kysely<ReadDatabase>): Promise<void> {
  await sql`
    create table if not exists read.campaigns (
      id integer primary key,
      company_id integer not null,
      name text not null,
      details jsonb not null,
      status text not null,
      started_at timestamptz,
      completed_at timestamptz,
      pause jsonb,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      deleted boolean not null default false
    );
    create index if not exists campaigns_company on read.campaigns (company_id, id desc) where not deleted;
    create index if not exists campaigns_active on read.campaigns (status) where not deleted and status in ('PROGRAMADA', 'EM_ANDAMENTO');
    comment on table read.campaigns is 'Bulk sendings of a company and their state';
    comment on column read.campaigns.details is 'The campaign as recorded (CampaignDetails: messages, connections, list, schedule, media, send window)';
    comment on column read.campaigns.status is 'INATIVA, PROGRAMADA, EM_ANDAMENTO, CANCELADA or FINALIZADA';
    comment on column read.campaigns.pause is 'Why the engine stopped it (code, detail); null when a user did';
    create table if not exists read.campaign_shippings (
      campaign_id integer not null,
      item_id integer not null,
      company_id integer not null,
      name text not null,
      number text not null,
      number_digest text,
      connection_id integer not null,
      status text not null,
      message_id uuid,
      delivered_at timestamptz,
      confirmation_requested_at timestamptz,
      confirmed_at timestamptz,
      failed_reason text,
      primary key (campaign_id, item_id)
    );
    create index if not exists campaign_shippings_awaiting on read.campaign_shippings (company_id, number) where status = 'confirmation_requested';
    create index if not exists campaign_shippings_digest on read.campaign_shippings (company_id, number_digest);
    comment on column read.campaign_shippings.number_digest is 'The number''s keyed digest (SECRETS_KEY): an erasure of the number scrubs its name and number, the row stays for the figures';
    comment on table read.campaign_shippings is 'One row per contact a campaign planned to reach (the report is counted from it)';
    comment on column read.campaign_shippings.status is 'planned, sending, confirmation_requested, confirmed, delivered, failed or skipped';
    create table if not exists read.campaign_settings (
      company_id integer primary key,
      settings jsonb not null
    );
    comment on table read.campaign_settings is 'A company''s campaign settings (intervals, variables, opt-out words, send window); no row: the defaults';
  `.execute(db);
}
