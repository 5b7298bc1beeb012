import type { Kysely } from 'kysely';
import type { ReadDatabase } from '../database';
import { createTables, deletedFlag, stamps, unique, type Table } from '../ddl';

const companies: Table = {
  name: 'read.companies',
  comment: 'Tenants. Every other read table carries company_id.',
  columns: {
    id: 'integer primary key',
    name: 'text not null',
    email: 'text not null',
    phone: 'text not null',
    document: 'text not null',
    plan_id: 'integer not null',
    status: 'boolean not null',
    due_date: ['date not null', 'Subscription paid until this date; company 1 is 2999-12-31 (never expires)'],
    recurrence: ['text not null', 'Billing period: MENSAL, BIMESTRAL, TRIMESTRAL, SEMESTRAL or ANUAL'],
    payment_method: 'text not null',
    address_street: 'text not null',
    address_state: 'text not null',
    address_city: 'text not null',
    schedules: ["jsonb not null default '[]'", 'Company opening hours: [{weekday, weekdayEn, startTimeA, endTimeA, startTimeB, endTimeB}]'],
    ...deletedFlag(),
    ...stamps,
    last_login: ['timestamptz', 'Last login of any of its users'],
  },
  indexes: {
    companies_name_live: unique('(lower(name)) where not deleted'),
  },
};

const companySettings: Table = {
  name: 'read.company_settings',
  comment: 'Company settings (spec: userCreation, userRating, scheduleType …), one row per key, defaults included',
  columns: {
    company_id: 'integer not null',
    key: 'text not null',
    value: ['text not null', "The setting's value; a credential (asaas, the payment key) sealed (enc:v1:…, AES-GCM with SECRETS_KEY)"],
    updated_at: 'timestamptz not null',
  },
  constraints: ['primary key (company_id, key)'],
};

const companyRetention: Table = {
  name: 'read.company_retention',
  comment: 'The last retention run of each company (MessageContentsExpired), shown on the settings screen',
  columns: {
    company_id: 'integer primary key',
    last_run_at: ['timestamptz not null', 'When the run was recorded'],
    expired_before: ['timestamptz not null', 'Message contents written before this were erased'],
    days: ['integer not null', 'messageRetentionDays at the time of the run'],
  },
};

export async function migrateCompanies(db: Kysely<ReadDatabase>): Promise<void> {
  await createTables(db, companies, companySettings, companyRetention);
}
