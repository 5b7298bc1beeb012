import type { InvoicePage, InvoiceTerms, InvoiceView } from '@conversa/contracts';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { ReadDatabase } from '../database';
import type { InvoicesTable } from './tables';
import { companyRow, containing, isoTimes, pageFrom } from '../reads';

const isoDate = (value: Date | string): string => (typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10));

const invoiceFromRow = (row: Selectable<InvoicesTable>): InvoiceView => ({
  id: row.id,
  companyId: row.company_id,
  detail: row.detail,
  users: row.users,
  connections: row.connections,
  queues: row.queues,
  value: Number(row.value),
  dueDate: isoDate(row.due_date),
  status: row.status,
  paidAt: row.paid_at ? new Date(row.paid_at).toISOString() : null,
  ...isoTimes(row),
});

export async function findInvoice(db: Kysely<ReadDatabase>, companyId: number, id: number): Promise<InvoiceView | undefined> {
  const row = await companyRow(db, 'read.invoices', companyId, id);
  return row ? invoiceFromRow(row) : undefined;
}

/**
 * The company's invoices, newest due date first, one page (pages count from 1). `searchParam`
 * matches the detail line or the due date as typed (2026-01 or 01/2026).
 */
export async function listInvoices(
  db: Kysely<ReadDatabase>,
  companyId: number,
  options: { searchParam?: string; pageNumber: number; pageSize: number },
): Promise<InvoicePage> {
  let query = db.selectFrom('read.invoices').selectAll().where('company_id', '=', companyId);
  const like = containing(options.searchParam);
  if (like) query = query.where((eb) => eb.or([eb(sql`lower(detail)`, 'like', like), eb(sql`to_char(due_date, 'YYYY-MM-DD DD/MM/YYYY')`, 'like', like)]));
  const newest = query.orderBy('due_date', 'desc').orderBy('id', 'desc');
  const { rows, hasMore } = await pageFrom(newest, (options.pageNumber - 1) * options.pageSize, options.pageSize);
  return { data: rows.map(invoiceFromRow), hasMore };
}

/**
 * Companies due on or before `until` without an invoice for that due date, with their plan's
 * terms now: what the invoice generator makes next. Company 1 never expires; free plans
 * (amount 0) are not invoiced.
 */
export async function companiesToInvoice(
  db: Kysely<ReadDatabase>,
  until: string,
  limit: number,
): Promise<Array<{ companyId: number; dueDate: string; terms: InvoiceTerms }>> {
  const rows = await db
    .selectFrom('read.companies as c')
    .innerJoin('read.plans as p', 'p.id', 'c.plan_id')
    .leftJoin('read.invoices as i', (join) => join.onRef('i.company_id', '=', 'c.id').onRef('i.due_date', '=', 'c.due_date'))
    .select(['c.id', 'c.due_date', 'p.name', 'p.users', 'p.connections', 'p.queues', 'p.amount'])
    .where('c.deleted', '=', false)
    .where('c.id', '<>', 1)
    .where('c.due_date', '<=', until)
    .where('i.id', 'is', null)
    // A free plan owes nothing: no invoice (and no Pix of zero reais).
    .where(sql<boolean>`p.amount::numeric > 0`)
    .orderBy('c.due_date')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    companyId: row.id,
    dueDate: isoDate(row.due_date),
    terms: { detail: row.name.slice(0, 200), users: row.users, connections: row.connections, queues: row.queues, value: Number(row.amount) },
  }));
}
