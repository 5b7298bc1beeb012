import type { Kysely } from 'kysely';
import type { ReadDatabase } from '../database';
import { companyKey, createTables, date, integer, numeric, stamps, text, timestamptz, unique, type Tables } from '../ddl';

const tables: Tables = {
  'read.invoices': {
    comment: "Subscription invoices: one per company and due date, made by the automation role's invoice generator, paid by Pix through the payment provider",
    columns: {
      ...companyKey,
      due_date: date.notNull().comment("The company's due date the invoice pays for; paying it moves the company one recurrence past it"),
      detail: text.notNull().comment("The plan's name when the invoice was made"),
      users: integer.notNull().comment('Users of the plan when the invoice was made'),
      connections: integer.notNull().comment('Connections of the plan when the invoice was made'),
      queues: integer.notNull().comment('Queues of the plan when the invoice was made'),
      value: numeric(12, 2).notNull().comment("The plan's monthly amount in reais when the invoice was made"),
      status: text.notNull().comment('open or paid (overdue is an open invoice past its due date, computed when shown)'),
      paid_at: timestamptz.comment("When the provider's confirmation was recorded; null while open"),
      paid_amount: numeric(12, 2).comment('What the provider says was paid; null while open'),
      charge_attempt: integer.comment('The latest checkout attempt (1, 2 …); null before any checkout'),
      charge_amount: numeric(12, 2).comment("What the latest checkout charges: the invoice value or the custom plan's price"),
      provider_payment_id: text.comment("The provider's payment id of the latest attempt (Asaas pay_…); null until created"),
      pix_payload: text.comment('The Pix copy-and-paste code of the latest attempt (shown to the payer, not a secret)'),
      charge_failure: text.comment('Why the provider gave no charge for the latest attempt; null otherwise'),
      ...stamps,
    },
    indexes: {
      invoices_company_period: unique('(company_id, due_date)'),
      invoices_company_list: '(company_id, due_date desc, id desc)',
    },
  },
};

export async function migrateInvoices(db: Kysely<ReadDatabase>): Promise<void> {
  await createTables(db, tables);
}
