import type { Plan } from '@conversa/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { ReadDatabase } from '../database';
import type { PlansTable } from './tables';

export const planFromRow = (row: Selectable<PlansTable>): Plan => ({
  id: row.id,
  name: row.name,
  users: row.users,
  connections: row.connections,
  queues: row.queues,
  amount: String(Number(row.amount)),
  useWhatsapp: row.use_whatsapp,
  useFacebook: row.use_facebook,
  useInstagram: row.use_instagram,
  useCampaigns: row.use_campaigns,
  useSchedules: row.use_schedules,
  useInternalChat: row.use_internal_chat,
  useExternalApi: row.use_external_api,
  useKanban: row.use_kanban,
  useOpenAi: row.use_open_ai,
  useIntegrations: row.use_integrations,
  isPublic: row.is_public,
});

export async function listPlans(db: Kysely<ReadDatabase>, options: { publicOnly?: boolean } = {}): Promise<Plan[]> {
  let query = db.selectFrom('read.plans').selectAll().orderBy('id');
  if (options.publicOnly) query = query.where('is_public', '=', true);
  return (await query.execute()).map((row) => planFromRow(row as Selectable<PlansTable>));
}

export async function findPlan(db: Kysely<ReadDatabase>, id: number): Promise<Plan | null> {
  const row = await db.selectFrom('read.plans').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? planFromRow(row as Selectable<PlansTable>) : null;
}
