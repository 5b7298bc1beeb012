import type { DialogflowLanguage, QueueIntegrationDetails, QueueIntegrationType, QueueIntegrationView } from '@conversa/contracts';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { ReadDatabase } from '../database';
import { containing, isoTimes, liveRows, pageOrAll, viewing } from '../reads';
import type { QueueIntegrationsTable } from './tables';

type Row = Selectable<QueueIntegrationsTable>;

const viewOf = (row: Row): QueueIntegrationView => ({
  id: row.id,
  companyId: row.company_id,
  type: row.type as QueueIntegrationType,
  name: row.name,
  projectName: row.project_name,
  jsonContent: '',
  credentialsHint: row.credentials_hint,
  language: row.language as DialogflowLanguage,
  urlN8N: row.url_n8n,
  typebotSlug: row.typebot_slug,
  typebotExpires: row.typebot_expires,
  typebotDelayMessage: row.typebot_delay_message,
  typebotKeywordFinish: row.typebot_keyword_finish,
  typebotKeywordRestart: row.typebot_keyword_restart,
  typebotUnknownMessage: row.typebot_unknown_message,
  typebotRestartMessage: row.typebot_restart_message,
  ...isoTimes(row),
});

/** The integration with its sealed key, for the connectors (never answered to a browser). */
export interface StoredQueueIntegration extends QueueIntegrationDetails {
  id: number;
  companyId: number;
}

const storedOf = (row: Row): StoredQueueIntegration => ({ ...viewOf(row), jsonContent: row.json_content });

const live = (db: Kysely<ReadDatabase>, companyId: number) => liveRows(db, 'read.queue_integrations', companyId).selectAll();

/** The live integration of the company with this id. */
const byId = (db: Kysely<ReadDatabase>, companyId: number, id: number) => live(db, companyId).where('id', '=', id).executeTakeFirst();

export const findQueueIntegration = viewing(byId, viewOf);
export const storedQueueIntegration = viewing(byId, storedOf);

/** The company's integrations by id; one page from `offset` when `limit` is given. */
export async function listQueueIntegrations(
  db: Kysely<ReadDatabase>,
  companyId: number,
  options: { searchParam?: string; offset?: number; limit?: number } = {},
): Promise<{ queueIntegrations: QueueIntegrationView[]; hasMore: boolean }> {
  let query = live(db, companyId);
  const pattern = containing(options.searchParam);
  if (pattern) query = query.where(sql`lower(name)`, 'like', pattern);
  const { rows, hasMore } = await pageOrAll(query.orderBy('id'), options);
  return { queueIntegrations: rows.map(viewOf), hasMore };
}

/** Which of these ids are live integrations of the company. */
export async function existingQueueIntegrationIds(db: Kysely<ReadDatabase>, companyId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await live(db, companyId)
    .where('id', 'in', [...ids])
    .execute();
  return rows.map((row) => row.id);
}
