import type { Timestamp } from '../columns';

// Rows of the tables projections/invoices/migration.ts creates, column for column.

export interface InvoicesTable {
  id: number;
  company_id: number;
  due_date: string;
  detail: string;
  users: number;
  connections: number;
  queues: number;
  /** numeric: node-postgres answers it as text. */
  value: string | number;
  status: 'open' | 'paid';
  paid_at: Timestamp | null;
  paid_amount: string | number | null;
  charge_attempt: number | null;
  charge_amount: string | number | null;
  provider_payment_id: string | null;
  pix_payload: string | null;
  charge_failure: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The tables of the invoices read model, as its queries name them. */
export interface InvoicesTables {
  'read.invoices': InvoicesTable;
}
