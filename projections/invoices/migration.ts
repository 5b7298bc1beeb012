import { sql, type Kysely } from 'kysely';
import type { ReadDatabase } from '../database';

export async function migrateInvoices(db: Kysely<ReadDatabase>): Promise<void> {
  await sql`
    create table if not exists read.invoices (
      id integer primary key,
      company_id integer not null,
      due_date date not null,
      detail text not null,
      users integer not null,
      connections integer not null,
      queues integer not null,
      value numeric(12, 2) not null,
      status text not null,
      paid_at timestamptz,
      paid_amount numeric(12, 2),
      charge_attempt integer,
      charge_amount numeric(12, 2),
      provider_payment_id text,
      pix_payload text,
      charge_failure text,
      created_at timestamptz not null,
      updated_at timestamptz not null
    );
    create unique index if not exists invoices_company_period on read.invoices (company_id, due_date);
    create index if not exists invoices_company_list on read.invoices (company_id, due_date desc, id desc);
    comment on table read.invoices is 'Subscription invoices: one per company and due date, made by the automation role''s invoice generator, paid by Pix through the payment provider';
    comment on column read.invoices.due_date is 'The company''s due date the invoice pays for; paying it moves the company one recurrence past it';
    comment on column read.invoices.detail is 'The plan''s name when the invoice was made';
    comment on column read.invoices.users is 'Users of the plan when the invoice was made';
    comment on column read.invoices.connections is 'Connections of the plan when the invoice was made';
    comment on column read.invoices.queues is 'Queues of the plan when the invoice was made';
    comment on column read.invoices.value is 'The plan''s monthly amount in reais when the invoice was made';
    comment on column read.invoices.status is 'open or paid (overdue is an open invoice past its due date, computed when shown)';
    comment on column read.invoices.paid_at is 'When the provider''s confirmation was recorded; null while open';
    comment on column read.invoices.paid_amount is 'What the provider says was paid; null while open';
    comment on column read.invoices.charge_attempt is 'The latest checkout attempt (1, 2 …); null before any checkout';
    comment on column read.invoices.charge_amount is 'What the latest checkout charges: the invoice value or the custom plan''s price';
    comment on column read.invoices.provider_payment_id is 'The provider''s payment id of the latest attempt (Asaas pay_…); null until created';
    comment on column read.invoices.pix_payload is 'The Pix copy-and-paste code of the latest attempt (shown to the payer, not a secret)';
    comment on column read.invoices.charge_failure is 'Why the provider gave no charge for the latest attempt; null otherwise';
  `.execute(db);
}
