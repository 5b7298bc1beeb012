import type { Kysely } from 'kysely';
import type { ReadDatabase } from '../database';
import { boolean, createTables, date, deletedFlag, integer, jsonb, stamps, text, timestamptz, unique, type Tables } from '../ddl';

const tables: Tables = {
  'read.companies': {
    comment: 'Tenants. Every other read table carries company_id.',
    columns: {
      id: integer.primaryKey(),
      name: text.notNull(),
      email: text.notNull(),
      phone: text.notNull(),
      document: text.notNull(),
      plan_id: integer.notNull(),
      status: boolean.notNull(),
      due_date: date.notNull().comment('Subscription paid until this date; company 1 is 2999-12-31 (never expires)'),
      recurrence: text.notNull().comment('Billing period: MENSAL, BIMESTRAL, TRIMESTRAL, SEMESTRAL or ANUAL'),
      payment_method: text.notNull(),
      address_street: text.notNull(),
      address_state: text.notNull(),
      address_city: text.notNull(),
      schedules: jsonb.notNull().default('[]').comment('Company opening hours: [{weekday, weekdayEn, startTimeA, endTimeA, startTimeB, endTimeB}]'),
      ...deletedFlag(),
      ...stamps,
      last_login: timestamptz.comment('Last login of any of its users'),
    },
    indexes: {
      companies_name_live: unique('(lower(name)) where not deleted'),
    },
  },
  'read.company_settings': {
    comment: 'Company settings (spec: userCreation, userRating, scheduleType …), one row per key, defaults included',
    columns: {
      company_id: integer.notNull(),
      key: text.notNull(),
      value: text.notNull().comment("The setting's value; a credential (asaas, the payment key) sealed (enc:v1:…, AES-GCM with SECRETS_KEY)"),
      updated_at: timestamptz.notNull(),
    },
    constraints: ['primary key (company_id, key)'],
  },
  'read.company_retention': {
    comment: 'The last retention run of each company (MessageContentsExpired), shown on the settings screen',
    columns: {
      company_id: integer.primaryKey(),
      last_run_at: timestamptz.notNull().comment('When the run was recorded'),
      expired_before: timestamptz.notNull().comment('Message contents written before this were erased'),
      days: integer.notNull().comment('messageRetentionDays at the time of the run'),
    },
  },
};

export async function migrateCompanies(db: Kysely<ReadDatabase>): Promise<void> {
  await createTables(db, tables);
}
