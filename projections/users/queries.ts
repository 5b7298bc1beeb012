import type { Plan, UserView } from '@conversa/contracts';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { ReadDatabase } from '../database';
import { preparedRows } from '../prepared';
import type { UsersTable } from './tables';
import type { PlansTable } from '../plans/tables';
import { planFromRow } from '../plans/queries';
import { countedPage, escapeLike, isoTimes, liveRows, pageAt } from '../reads';

export const userFromRow = (row: Selectable<UsersTable>): UserView => ({
  id: row.id,
  companyId: row.company_id,
  name: row.name,
  email: row.email,
  profile: row.profile,
  super: row.super,
  language: row.language,
  profileImage: row.profile_image,
  startWork: row.start_work,
  endWork: row.end_work,
  farewellMessage: row.farewell_message,
  phone: row.phone,
  allTicket: row.all_ticket,
  allowGroup: row.allow_group,
  defaultMenu: row.default_menu,
  defaultTheme: row.default_theme,
  whatsappId: row.whatsapp_id,
  queueIds: row.queue_ids ?? [],
  showDashboard: row.show_dashboard,
  allowRealTime: row.allow_real_time,
  allowConnections: row.allow_connections,
  online: row.online,
  ...isoTimes(row),
  lastLogin: row.last_login ? new Date(row.last_login).toISOString() : null,
});

export async function findUser(db: Kysely<ReadDatabase>, id: number, companyId?: number): Promise<UserView | null> {
  let query = db.selectFrom('read.users').selectAll().where('id', '=', id).where('deleted', '=', false);
  if (companyId !== undefined) query = query.where('company_id', '=', companyId);
  const row = await query.executeTakeFirst();
  return row ? userFromRow(row) : null;
}

export async function credentialsByEmail(db: Kysely<ReadDatabase>, email: string): Promise<{ userId: number; companyId: number; passwordHash: string } | null> {
  const row = await db.selectFrom('auth.user_credentials').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
  return row ? { userId: row.user_id, companyId: row.company_id, passwordHash: row.password_hash } : null;
}

export async function listUsers(
  db: Kysely<ReadDatabase>,
  companyId: number,
  options: { searchParam?: string; pageNumber?: number; pageSize?: number } = {},
): Promise<{ users: UserView[]; count: number; hasMore: boolean }> {
  let query = liveRows(db, 'read.users', companyId);
  if (options.searchParam) {
    // The term is literal text: % and _ typed by a user are not patterns.
    const term = `%${escapeLike(options.searchParam.trim().toLowerCase())}%`;
    query = query.where((eb) => eb.or([eb(eb.fn('lower', ['name']), 'like', term), eb(eb.fn('lower', ['email']), 'like', term)]));
  }
  const { rows, count, hasMore } = await countedPage(query, query.selectAll().orderBy('name'), pageAt(options, 40));
  return { users: rows.map(userFromRow), count, hasMore };
}

/** Ids of the company's users online now, optionally only those attending a queue (rotation picks among them). */
export async function onlineUserIds(db: Kysely<ReadDatabase>, companyId: number, queueId?: number): Promise<number[]> {
  let query = db.selectFrom('read.users').select('id').where('company_id', '=', companyId).where('online', '=', true).where('deleted', '=', false);
  if (queueId !== undefined) query = query.where(sql<boolean>`${queueId} = any(queue_ids)`);
  const rows = await query.orderBy('id').execute();
  return rows.map((row) => row.id);
}

/** Ids of the company's live users (what the plan's user limit counts). */
export async function activeUserIds(db: Kysely<ReadDatabase>, companyId: number): Promise<number[]> {
  const rows = await liveRows(db, 'read.users', companyId).select('id').execute();
  return rows.map((row) => row.id);
}

/**
 * Whom an access token names, with what every request checks beside them: the company's due
 * date and its plan's features. One statement, since every authenticated request waits for it.
 */
export async function findSignedInUser(
  db: Kysely<ReadDatabase>,
  userId: number,
  companyId: number,
): Promise<{ user: UserView; dueDate: string; plan: Plan; lgpdHideNumber: string | null } | null> {
  const query = db
    .selectFrom('read.users as u')
    .innerJoin('read.companies as c', 'c.id', 'u.company_id')
    .innerJoin('read.plans as p', 'p.id', 'c.plan_id')
    .selectAll('u')
    .select([
      sql<string>`to_char(c.due_date, 'YYYY-MM-DD')`.as('signed_in_due_date'),
      sql<Selectable<PlansTable>>`to_jsonb(p)`.as('signed_in_plan'),
      // Read with the user, so masking numbers (LGPD hide-number) costs a request no statement of its own.
      sql<string | null>`(select s.value from read.company_settings s where s.company_id = c.id and s.key = 'lgpdHideNumber')`.as('signed_in_lgpd_hide_number'),
    ])
    .where('u.id', '=', userId)
    .where('u.company_id', '=', companyId)
    .where('u.deleted', '=', false)
    .where('c.deleted', '=', false);
  const [row] = await preparedRows(db, query);
  return row
    ? { user: userFromRow(row), dueDate: row.signed_in_due_date, plan: planFromRow(row.signed_in_plan), lgpdHideNumber: row.signed_in_lgpd_hide_number }
    : null;
}

/** Whether a user of the company shows this stored file as their picture (every colleague sees it). */
export async function isProfileImage(db: Kysely<ReadDatabase>, companyId: number, url: string): Promise<boolean> {
  const row = await db.selectFrom('read.users').select('id').where('company_id', '=', companyId).where('profile_image', '=', url).executeTakeFirst();
  return row !== undefined;
}

/** The users whose saved phone is one of these numbers (a password reset's lookup), any company, by id. */
export async function usersWithPhones(db: Kysely<ReadDatabase>, phones: readonly string[]): Promise<Array<{ id: number; companyId: number; phone: string }>> {
  if (phones.length === 0) return [];
  const rows = await db
    .selectFrom('read.users')
    .select(['id', 'company_id', 'phone'])
    .where('deleted', '=', false)
    .where('phone', 'in', [...phones])
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, companyId: row.company_id, phone: row.phone }));
}

/** The company's users (not deleted) who work this queue, by id. */
export async function queueMemberIds(db: Kysely<ReadDatabase>, companyId: number, queueId: number): Promise<number[]> {
  const rows = await liveRows(db, 'read.users', companyId)
    .select('id')
    .where(({ eb, val }) => eb(val(queueId), '=', eb.fn.any('queue_ids')))
    .execute();
  return rows.map((row) => row.id);
}
