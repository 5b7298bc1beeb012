import type { PaymentFrame } from '@conversa/contracts';
import { defineProjector, type ProjectionChange } from '@conversa/platform';
import type { Transaction } from 'kysely';
import type { ReadDatabase } from '../database';
import { entityFrames } from '../frames';
import { migrateInvoices } from './migration';
import { findInvoice } from './queries';

export const invoicesProjector = defineProjector({
  name: 'invoices',
  version: 1,
  eventTypes: ['InvoiceGenerated', 'InvoiceCheckoutRequested', 'InvoiceChargeCreated', 'InvoiceChargeFailed', 'InvoicePaid'],
  tables: ['read.invoices'],
  migrate: migrateInvoices,
  async handle(trx: Transaction<ReadDatabase>, events) {
    const touched = new Map<number, { companyId: number; action: 'create' | 'update' }>();
    const payments: ProjectionChange[] = [];
    for (const event of events) {
      const at = event.metadata.occurredAt;
      const companyId = event.metadata.companyId;
      const { type, data } = event;
      const row = trx.updateTable('read.invoices').where('id', '=', data.invoiceId);
      switch (type) {
        case 'InvoiceGenerated':
          await trx
            .insertInto('read.invoices')
            .values({
              id: data.invoiceId,
              company_id: data.companyId,
              due_date: data.dueDate,
              detail: data.detail,
              users: data.users,
              connections: data.connections,
              queues: data.queues,
              value: data.value,
              status: 'open',
              created_at: at,
              updated_at: at,
            })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          break;
        case 'InvoiceCheckoutRequested':
          await row
            .set({
              charge_attempt: data.attempt,
              charge_amount: data.amount,
              provider_payment_id: null,
              pix_payload: null,
              charge_failure: null,
              updated_at: at,
            })
            .execute();
          break;
        case 'InvoiceChargeCreated':
          await row
            .set({ provider_payment_id: data.providerPaymentId, pix_payload: data.pixPayload, updated_at: at })
            .where('charge_attempt', '=', data.attempt)
            .execute();
          break;
        case 'InvoiceChargeFailed':
          await row.set({ charge_failure: data.reason, updated_at: at }).where('charge_attempt', '=', data.attempt).execute();
          break;
        case 'InvoicePaid':
          await row.set({ status: 'paid', paid_at: data.paidAt, paid_amount: data.amount, updated_at: at }).execute();
          payments.push({
            companyId,
            entity: 'payment',
            data: { action: 'CONCLUIDA', invoiceId: data.invoiceId, dueDate: data.paidThrough } satisfies PaymentFrame,
          });
          break;
      }
      touched.set(data.invoiceId, { companyId, action: touched.get(data.invoiceId)?.action ?? (type === 'InvoiceGenerated' ? 'create' : 'update') });
    }
    // InvoiceFrame's shape: { action, invoice } (an invoice is never deleted).
    const changes = await entityFrames(touched, { entity: 'invoice', idKey: 'invoiceId', viewKey: 'invoice' }, (companyId, id) =>
      findInvoice(trx, companyId, id),
    );
    return [...changes, ...payments];
  },
});
