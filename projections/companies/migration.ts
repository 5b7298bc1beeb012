import { sql, type Kysely } from 'kysely';
import type { ReadDatabase } from '../database';

export async function migrateCompanies(db: Kysely<ReadDatabase>): Promise<void> {
  await sql`
    create table if not exists read.companies (
      id integer primary key,
      name text not null,
      email text not null,
      phone text not null,
      document text not null,
      plan_id integer not null,
      status boolean not null,
      due_date date not null,
      recurrence text not null,
      payment_method text not null,
      address_street text not null,
      address_state text not null,
      address_city text not null,
      schedules jsonb not null default '[]',
      deleted boolean not null default false,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      last_login timestamptz
    );
    create unique index if not exists companies_name_live on read.companies (lower(name)) where not deleted;
    comment on table read.companies is 'Tenants. Every other read table carries company_id.';
    comment on column read.companies.due_date is 'Subscription paid until this date; company 1 is 2999-12-31 (never expires)';
    comment on column read.companies.recurrence is 'Billing period: MENSAL, BIMESTRAL, TRIMESTRAL, SEMESTRAL or ANUAL';
    comment on column read.companies.schedules is 'Company opening hours: [{weekday, weekdayEn, startTimeA, endTimeA, startTimeB, endTimeB}]';
    comment on column read.companies.last_login is 'Last login of any of its users';

    create table if not exists read.company_settings (
      company_id integer not null,
      key text not null,
      value text not null,
      updated_at timestamptz not null,
      primary key (company_id, key)
    );
    comment on table read.company_settings is 'Company settings (spec: userCreation, userRating, scheduleType …), one row per key, defaults included';
    comment on column read.company_settings.value is 'The setting''s value; a credential (asaas, the payment key) sealed (enc:v1:…, AES-GCM with SECRETS_KEY)';

    create table if not exists read.company_retention (
      company_id integer primary key,
      last_run_at timestamptz not null,
      expired_before timestamptz not null,
      days integer not null
    );
    comment on table read.company_retention is 'The last retention run of each company (MessageContentsExpired), shown on the settings screen';
    comment on column read.company_retention.last_run_at is 'When the run was recorded';
    comment on column read.company_retention.expired_before is 'Message contents written before this were erased';
    comment on column read.company_retention.days is 'messageRetentionDays at the time of the run';
  `.execute(db);
}
