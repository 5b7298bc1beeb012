import {
  CAMPAIGNS_PAGE_SIZE,
  defaultCampaignSettings,
  ERASED_TEXT,
  type CampaignCounts,
  type CampaignSettingsValues,
  type CampaignStatus,
  type CampaignView,
} from '@conversa/contracts';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { ReadDatabase } from '../database';
import { containing, isoTimes, pageFrom } from '../reads';
import type { CampaignsTable } from './tables';

type Row = Selectable<CampaignsTable> & { list_name: string | null; counts: Record<string, number | string> | null };

async function campaignViews(db: Kysely<ReadDatabase>, rows: Row[]): Promise<CampaignView[]> {
  const connectionIds = [...new Set(rows.flatMap((row) => row.details.whatsappIds))];
  const names = new Map<number, string>();
  if (connectionIds.length > 0) {
    for (const c of await db.selectFrom('read.connections').select(['id', 'name']).where('id', 'in', connectionIds).execute()) names.set(c.id, c.name);
  }
  return rows.map((row) => {
    const d = row.details;
    const whatsapps = d.whatsappIds.map((id) => ({ id, name: names.get(id) ?? '' }));
    const n = (key: string) => Number(row.counts?.[key] ?? 0);
    const counts: CampaignCounts = {
      planned: n('planned'),
      valid: n('valid'),
      delivered: n('delivered'),
      confirmationRequested: n('confirmation_requested'),
      confirmed: n('confirmed'),
      failed: n('failed'),
      skipped: n('skipped'),
    };
    return {
      id: row.id,
      companyId: row.company_id,
      name: row.name,
      message1: d.messages[0] ?? '',
      message2: d.messages[1] ?? '',
      message3: d.messages[2] ?? '',
      message4: d.messages[3] ?? '',
      message5: d.messages[4] ?? '',
      confirmationMessage1: d.confirmationMessages[0] ?? '',
      confirmationMessage2: d.confirmationMessages[1] ?? '',
      confirmationMessage3: d.confirmationMessages[2] ?? '',
      confirmationMessage4: d.confirmationMessages[3] ?? '',
      confirmationMessage5: d.confirmationMessages[4] ?? '',
      status: row.status as CampaignStatus,
      confirmation: d.confirmation,
      scheduledAt: d.scheduledAt,
      completedAt: row.completed_at ? new Date(row.completed_at).toISOString() : null,
      contactListId: d.contactListId,
      contactList: d.contactListId !== null && row.list_name !== null ? { id: d.contactListId, name: row.list_name } : null,
      tagListId: d.tagListId,
      whatsappId: d.whatsappIds.join(','),
      whatsapp: whatsapps[0] ?? null,
      whatsapps,
      fileListId: d.fileListId,
      mediaPath: d.media?.url ?? null,
      mediaName: d.media?.name ?? null,
      sendWindow: d.sendWindow,
      pause: row.pause,
      counts,
      ...isoTimes(row),
    };
  });
}

/** The report's counts, from the shippings (a delivered confirmation flow counts once as delivered). */
const campaignRows = (db: Kysely<ReadDatabase>) =>
  db
    .selectFrom('read.campaigns as c')
    .selectAll('c')
    .select([
      sql<string | null>`(select l.name from read.contact_lists l where l.id = (c.details->>'contactListId')::int)`.as('list_name'),
      sql<Record<string, number>>`(select json_build_object(
          'planned', count(*),
          'valid', count(*) filter (where s.status <> 'skipped'),
          'delivered', count(*) filter (where s.status = 'delivered'),
          'confirmation_requested', count(*) filter (where s.confirmation_requested_at is not null),
          'confirmed', count(*) filter (where s.confirmed_at is not null),
          'failed', count(*) filter (where s.status = 'failed'),
          'skipped', count(*) filter (where s.status = 'skipped'))
        from read.campaign_shippings s where s.campaign_id = c.id)`.as('counts'),
    ])
    .where('c.deleted', '=', false);

export async function findCampaign(db: Kysely<ReadDatabase>, companyId: number, id: number): Promise<CampaignView | undefined> {
  const row = await campaignRows(db).where('c.id', '=', id).where('c.company_id', '=', companyId).executeTakeFirst();
  return row ? (await campaignViews(db, [row as Row]))[0] : undefined;
}

export async function listCampaigns(
  db: Kysely<ReadDatabase>,
  companyId: number,
  options: { searchParam?: string; pageNumber: number },
): Promise<{ records: CampaignView[]; count: number; hasMore: boolean }> {
  let query = campaignRows(db).where('c.company_id', '=', companyId);
  const pattern = containing(options.searchParam);
  if (pattern) query = query.where(sql`lower(c.name)`, 'like', pattern);
  const offset = (options.pageNumber - 1) * CAMPAIGNS_PAGE_SIZE;
  const { rows, hasMore } = await pageFrom(query.orderBy('c.id', 'desc'), offset, CAMPAIGNS_PAGE_SIZE);
  const records = await campaignViews(db, rows as Row[]);
  return { records, count: offset + records.length, hasMore };
}

export async function findCampaignSettings(db: Kysely<ReadDatabase>, companyId: number): Promise<CampaignSettingsValues> {
  const row = await db.selectFrom('read.campaign_settings').select('settings').where('company_id', '=', companyId).executeTakeFirst();
  return row ? { ...defaultCampaignSettings, ...row.settings } : defaultCampaignSettings;
}

/** Campaigns the engine may have work for: due or running, of any company. */
export async function campaignsToDispatch(db: Kysely<ReadDatabase>): Promise<Array<{ id: number; companyId: number; status: CampaignStatus }>> {
  const rows = await db
    .selectFrom('read.campaigns')
    .select(['id', 'company_id', 'status'])
    .where('deleted', '=', false)
    .where('status', 'in', ['PROGRAMADA', 'EM_ANDAMENTO'])
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, companyId: row.company_id, status: row.status as CampaignStatus }));
}

/** For each number, the shipping awaiting its reply (the newest campaign's), in one read. */
export async function awaitingConfirmations(
  db: Kysely<ReadDatabase>,
  companyId: number,
  numbers: readonly string[],
): Promise<Map<string, { campaignId: number; itemId: number }>> {
  const awaiting = new Map<string, { campaignId: number; itemId: number }>();
  if (numbers.length === 0) return awaiting;
  const rows = await db
    .selectFrom('read.campaign_shippings')
    .select(['campaign_id', 'item_id', 'number'])
    .where('company_id', '=', companyId)
    .where('number', 'in', [...numbers])
    .where('status', '=', 'confirmation_requested')
    .orderBy('campaign_id', 'desc')
    .execute();
  for (const row of rows) if (!awaiting.has(row.number)) awaiting.set(row.number, { campaignId: row.campaign_id, itemId: row.item_id });
  return awaiting;
}

/** A campaign's shippings whose number was erased (LGPD) after they were planned: never sent. */
export async function erasedShippings(db: Kysely<ReadDatabase>, campaignId: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom('read.campaign_shippings')
    .select('item_id')
    .where('campaign_id', '=', campaignId)
    .where('number', '=', ERASED_TEXT)
    .execute();
  return new Set(rows.map((row) => row.item_id));
}

/** Shippings planned or sending (the campaign dispatch's queue depth), counted up to `cap`. */
export async function pendingShippingsCount(db: Kysely<ReadDatabase>, cap: number): Promise<number> {
  const { rows } = await sql<{
    count: string;
  }>`select count(*) as count from (select 1 from read.campaign_shippings where status in ('planned', 'sending') limit ${cap}) q`.execute(db);
  return Number(rows[0]?.count ?? 0);
}
