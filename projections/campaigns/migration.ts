import type { Kysely } from 'kysely';
import type { ReadDatabase } from '../database';
import { companyKey, createTables, deletedFlag, integer, jsonb, stamps, text, timestamptz, uuid, type Tables } from '../ddl';

const tables: Tables = {
  'read.campaigns': {
    comment: 'Bulk sendings of a company and their state',
    columns: {
      ...companyKey,
      name: text.notNull(),
      details: jsonb.notNull().comment('The campaign as recorded (CampaignDetails: messages, connections, list, schedule, media, send window)'),
      status: text.notNull().comment('INATIVA, PROGRAMADA, EM_ANDAMENTO, CANCELADA or FINALIZADA'),
      started_at: timestamptz,
      completed_at: timestamptz,
      pause: jsonb.comment('Why the engine stopped it (code, detail); null when a user did'),
      ...stamps,
      ...deletedFlag(),
    },
    indexes: {
      campaigns_company: '(company_id, id desc) where not deleted',
      campaigns_active: "(status) where not deleted and status in ('PROGRAMADA', 'EM_ANDAMENTO')",
    },
  },
  'read.campaign_shippings': {
    comment: 'One row per contact a campaign planned to reach (the report is counted from it)',
    columns: {
      campaign_id: integer.notNull(),
      item_id: integer.notNull(),
      company_id: integer.notNull(),
      name: text.notNull(),
      number: text.notNull(),
      number_digest: text.comment(
        "The number's keyed digest (SECRETS_KEY): an erasure of the number scrubs its name and number, the row stays for the figures",
      ),
      connection_id: integer.notNull(),
      status: text.notNull().comment('planned, sending, confirmation_requested, confirmed, delivered, failed or skipped'),
      message_id: uuid,
      delivered_at: timestamptz,
      confirmation_requested_at: timestamptz,
      confirmed_at: timestamptz,
      failed_reason: text,
    },
    constraints: ['primary key (campaign_id, item_id)'],
    indexes: {
      campaign_shippings_awaiting: "(company_id, number) where status = 'confirmation_requested'",
      campaign_shippings_digest: '(company_id, number_digest)',
    },
  },
  'read.campaign_settings': {
    comment: "A company's campaign settings (intervals, variables, opt-out words, send window); no row: the defaults",
    columns: {
      company_id: integer.primaryKey(),
      settings: jsonb.notNull(),
    },
  },
};

export async function migrateCampaigns(db: Kysely<ReadDatabase>): Promise<void> {
  await createTables(db, tables);
}
