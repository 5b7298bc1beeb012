import type { Recurrence, ScheduleEntry } from '@conversa/contracts';
import type { Generated } from 'kysely';
import type { JsonWithDefault, Timestamp } from '../columns';

// Rows of the tables projections/companies/migration.ts creates, column for column.

export interface CompaniesTable {
  id: number;
  name: string;
  email: string;
  phone: string;
  document: string;
  plan_id: number;
  status: boolean;
  due_date: string;
  recurrence: Recurrence;
  payment_method: string;
  address_street: string;
  address_state: string;
  address_city: string;
  schedules: JsonWithDefault<ScheduleEntry[]>;
  deleted: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  last_login: Timestamp | null;
}

export interface CompanySettingsTable {
  company_id: number;
  key: string;
  value: string;
  updated_at: Timestamp;
}

export interface CompanyRetentionTable {
  company_id: number;
  last_run_at: Timestamp;
  expired_before: Timestamp;
  days: number;
}

/** The tables of the companies read model, as its queries name them. */
export interface CompaniesTables {
  'read.companies': CompaniesTable;
  'read.company_settings': CompanySettingsTable;
  'read.company_retention': CompanyRetentionTable;
}
