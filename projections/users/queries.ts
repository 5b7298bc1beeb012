import type { Kysely } from 'kysely';

/** A user as the API shows it (never the password hash). */
export interface UserView {
  id: number;
  companyId: number;
  name: string;
  email: string;
  profile: 'admin' | 'supervisor' | 'user';
  super: boolean;
  language: 'pt-BR' | 'en' | 'es' | 'tr';
  profileImage: string | null;
  startWork: string;
  endWork: string;
  farewellMessage: string;
  allTicket: 'enable' | 'disable';
  allowGroup: boolean;
  defaultMenu: 'open' | 'closed';
  defaultTheme: 'light' | 'dark';
  whatsappId: number | null;
  queueIds: number[];
  showDashboard: boolean;
  allowRealTime: boolean;
  allowConnections: boolean;
  createdAt: string;
  updatedAt: string;
  lastLogin: string | null;
}

export const userFromRow = (row: any): UserView => ({
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
  allTicket: row.all_ticket,
  allowGroup: row.allow_group,
  defaultMenu: row.default_menu,
  defaultTheme: row.default_theme,
  whatsappId: row.whatsapp_id,
  queueIds: row.queue_ids ?? [],
  showDashboard: row.show_dashboard,
  allowRealTime: row.allow_real_time,
  allowConnections: row.allow_connections,
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
  lastLogin: row.last_login ? new Date(row.last_login).toISOString() : null,
});

export async function findUser(db: Kysely<any>, id: number, companyId?: number): Promise<UserView | null> {
  let query = db.selectFrom('read.users').selectAll().where('id', '=', id).where('deleted', '=', false);
  if (companyId !== undefined) query = query.where('company_id', '=', companyId);
  const row = await query.executeTakeFirst();
  return row ? userFromRow(row) : null;
}

export async function credentialsByEmail(db: Kysely<any>, email: string): Promise<{ userId: number; companyId: number; passwordHash: string } | null> {
  const row = await db.selectFrom('auth.user_credentials').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
  return row ? { userId: row.user_id, companyId: row.company_id, passwordHash: row.password_hash } : null;
}

export async function listUsers(
  db: Kysely<any>,
  companyId: number,
  options: { searchParam?: string; pageNumber?: number; pageSize?: number } = {},
): Promise<{ users: UserView[]; count: number; hasMore: boolean }> {
  const pageSize = options.pageSize ?? 40;
  const page = Math.max(1, options.pageNumber ?? 1);
  let query = db.selectFrom('read.users').where('company_id', '=', companyId).where('deleted', '=', false);
  if (options.searchParam) {
    const term = `%${options.searchParam.trim().toLowerCase()}%`;
    query = query.where((eb) => eb.or([eb(eb.fn('lower', ['name']), 'like', term), eb(eb.fn('lower', ['email']), 'like', term)]));
  }
  const [{ count }] = (await query.select((eb) => eb.fn.countAll<string>().as('count')).execute()) as [{ count: string }];
  const rows = await query.selectAll().orderBy('name').limit(pageSize).offset((page - 1) * pageSize).execute();
  const total = Number(count);
  return { users: rows.map(userFromRow), count: total, hasMore: page * pageSize < total };
}

export async function countUsers(db: Kysely<any>, companyId: number): Promise<number> {
  const row = await db.selectFrom('read.users').select((eb) => eb.fn.countAll<string>().as('count')).where('company_id', '=', companyId).where('deleted', '=', false).executeTakeFirstOrThrow();
  return Number(row.count);
}
