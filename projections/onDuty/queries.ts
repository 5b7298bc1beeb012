import type { OnDutyView } from '@conversa/contracts';
import type { Kysely } from 'kysely';
import type { ReadDatabase } from '../database';
import { isoTimes, sameCompany } from '../reads';

const entries = (db: Kysely<ReadDatabase>) =>
  db
    .selectFrom('read.on_duty as d')
    .leftJoin('read.users as u', sameCompany('u', 'd', 'user_id'))
    .select(['d.id', 'd.company_id', 'd.user_id', 'd.phone', 'd.interval', 'd.days', 'd.created_at', 'd.updated_at', 'u.name as user_name'])
    .where('d.deleted', '=', false);

type Row = Awaited<ReturnType<ReturnType<typeof entries>['executeTakeFirstOrThrow']>>;

const viewOf = (row: Row): OnDutyView => ({
  id: row.id,
  companyId: row.company_id,
  userId: row.user_id,
  userName: row.user_name ?? '',
  user: row.user_name === null ? null : { id: row.user_id, name: row.user_name },
  phone: row.phone,
  interval: row.interval,
  days: row.days,
  ...isoTimes(row),
});

export async function findOnDuty(db: Kysely<ReadDatabase>, companyId: number, id: number): Promise<OnDutyView | undefined> {
  const row = await entries(db).where('d.id', '=', id).where('d.company_id', '=', companyId).executeTakeFirst();
  return row ? viewOf(row) : undefined;
}

/** The company's on-duty entries, oldest first (GET /plantao; the announcer reads who is on duty from them). */
export async function listOnDuty(db: Kysely<ReadDatabase>, companyId: number): Promise<OnDutyView[]> {
  return (await entries(db).where('d.company_id', '=', companyId).orderBy('d.id').execute()).map(viewOf);
}
