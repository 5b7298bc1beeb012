import {
  defaultCompanySettings,
  defaultOpeningHours,
  retentionDaysOf,
  type CompanySettings,
  type RetentionView,
  type CompanyView,
  type ScheduleEntry,
} from '@conversa/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { ReadDatabase } from '../database';
import type { CompaniesTable } from './tables';
import { countOf } from '../reads';

const isoDate = (value: Date | string): string => (typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10));

export async function findCompany(db: Kysely<ReadDatabase>, id: number): Promise<CompanyView | null> {
  const row = await db.selectFrom('read.companies').selectAll().where('id', '=', id).where('deleted', '=', false).executeTakeFirst();
  return row ? companyFromRow(row) : null;
}

const companyFromRow = (row: Selectable<CompaniesTable>): CompanyView => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  document: row.document,
  planId: row.plan_id,
  status: row.status,
  dueDate: isoDate(row.due_date),
  recurrence: row.recurrence,
  paymentMethod: row.payment_method,
  addressStreet: row.address_street,
  addressState: row.address_state,
  addressCity: row.address_city,
  schedules: row.schedules?.length ? row.schedules : defaultOpeningHours(),
  createdAt: new Date(row.created_at).toISOString(),
  lastLogin: row.last_login ? new Date(row.last_login).toISOString() : null,
});

export async function companySettingsOf(db: Kysely<ReadDatabase>, companyId: number): Promise<CompanySettings> {
  const rows = await db.selectFrom('read.company_settings').select(['key', 'value']).where('company_id', '=', companyId).execute();
  const settings: Record<string, string> = { ...defaultCompanySettings };
  for (const row of rows) settings[row.key] = row.value;
  return settings as CompanySettings;
}

export async function companyNameTaken(db: Kysely<ReadDatabase>, name: string): Promise<boolean> {
  const row = await db
    .selectFrom('read.companies')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.trim().toLowerCase()))
    .where('deleted', '=', false)
    .executeTakeFirst();
  return row !== undefined;
}

export async function countCompaniesOnPlan(db: Kysely<ReadDatabase>, planId: number): Promise<number> {
  return countOf(db.selectFrom('read.companies').where('plan_id', '=', planId).where('deleted', '=', false));
}

export async function listCompanies(db: Kysely<ReadDatabase>): Promise<CompanyView[]> {
  const rows = await db.selectFrom('read.companies').selectAll().where('deleted', '=', false).orderBy('id').execute();
  return rows.map(companyFromRow);
}

/**
 * The company's opening hours, seven days from Monday. Out-of-hours routing
 * reads them when scheduleType is 'company'. A company that never saved any has 08:00–12:00 and
 * 13:00–18:00 every day; an unknown company has none.
 */
export async function companySchedules(db: Kysely<ReadDatabase>, companyId: number): Promise<ScheduleEntry[]> {
  const row = await db.selectFrom('read.companies').select('schedules').where('id', '=', companyId).where('deleted', '=', false).executeTakeFirst();
  if (!row) return [];
  return row.schedules.length > 0 ? row.schedules : defaultOpeningHours();
}

/** Companies (not deleted) whose messageRetentionDays is set, with its raw value (the retention worker's list). */
export async function companiesWithRetention(db: Kysely<ReadDatabase>): Promise<{ companyId: number; value: string }[]> {
  return db
    .selectFrom('read.company_settings as s')
    .innerJoin('read.companies as c', 'c.id', 's.company_id')
    .select(['s.company_id as companyId', 's.value'])
    .where('s.key', '=', 'messageRetentionDays')
    .where('s.value', '<>', '')
    .where('c.deleted', '=', false)
    .orderBy('s.company_id')
    .execute();
}

/** GET /settings/retention: the setting as days (null: off) and the company's last run. */
export async function retentionOf(db: Kysely<ReadDatabase>, companyId: number): Promise<RetentionView> {
  const [setting, run] = await Promise.all([
    db.selectFrom('read.company_settings').select('value').where('company_id', '=', companyId).where('key', '=', 'messageRetentionDays').executeTakeFirst(),
    db.selectFrom('read.company_retention').selectAll().where('company_id', '=', companyId).executeTakeFirst(),
  ]);
  return {
    days: retentionDaysOf(setting?.value ?? '') ?? null,
    lastRun: run ? { at: new Date(run.last_run_at).toISOString(), before: new Date(run.expired_before).toISOString(), days: run.days } : null,
  };
}
