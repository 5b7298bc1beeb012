import type { InvoiceEvent } from '@conversa/contracts';
import { describe, it, expect } from 'vitest';
import { spec } from '../commands/spec';
import { invoice } from './invoice';
import { invoiceDueFor } from './generation';

const payer = { name: 'Ana', document: '12345678909' };
const terms = { detail: 'Plano 1', users: 5, connections: 2, queues: 3, value: 99.9 };
const generated: InvoiceEvent = { type: 'InvoiceGenerated', data: { invoiceId: 7, companyId: 3, dueDate: '2026-01-31', ...terms } };
const requested: InvoiceEvent = {
  type: 'InvoiceCheckoutRequested',
  data: { invoiceId: 7, attempt: 1, amount: 99.9, users: 5, connections: 2, custom: false, payer },
};
const charged: InvoiceEvent = { type: 'InvoiceChargeCreated', data: { invoiceId: 7, attempt: 1, providerPaymentId: 'pay_1', pixPayload: '000201…' } };
const pay = { type: 'PayInvoice' as const, attempt: 1, providerPaymentId: 'pay_1', amount: 99.9, recurrence: 'MENSAL' as const };
const now = new Date('2026-01-20T10:00:00.000Z');

describe('invoice decider', () => {
  it('generates a period once', () => {
    spec(invoice).given([]).when({ type: 'GenerateInvoice', invoiceId: 7, companyId: 3, dueDate: '2026-01-31', terms }).then([generated]);
    spec(invoice).given([generated]).when({ type: 'GenerateInvoice', invoiceId: 8, companyId: 3, dueDate: '2026-01-31', terms }).then([]);
  });

  it('asks for a charge, and answers the same charge for the same terms', () => {
    spec(invoice).given([generated]).when({ type: 'RequestCheckout', amount: 99.9, users: 5, connections: 2, custom: false, payer }).then([requested]);
    spec(invoice).given([generated, requested]).when({ type: 'RequestCheckout', amount: 99.9, users: 5, connections: 2, custom: false, payer }).then([]);
    spec(invoice)
      .given([generated, requested])
      .when({ type: 'RequestCheckout', amount: 60, users: 4, connections: 3, custom: true, payer })
      .then([{ type: 'InvoiceCheckoutRequested', data: { invoiceId: 7, attempt: 2, amount: 60, users: 4, connections: 3, custom: true, payer } }]);
  });

  it('asks again after a failed charge', () => {
    const failed: InvoiceEvent = { type: 'InvoiceChargeFailed', data: { invoiceId: 7, attempt: 1, reason: 'down' } };
    spec(invoice)
      .given([generated, requested, failed])
      .when({ type: 'RequestCheckout', amount: 99.9, users: 5, connections: 2, custom: false, payer })
      .then([{ ...requested, data: { ...requested.data, attempt: 2 } }]);
    spec(invoice).given([generated, requested, failed]).when({ type: 'RecordCharge', attempt: 1, providerPaymentId: 'pay_9', pixPayload: 'x' }).then([]);
  });

  it('records a charge once', () => {
    spec(invoice).given([generated, requested]).when({ type: 'RecordCharge', attempt: 1, providerPaymentId: 'pay_1', pixPayload: '000201…' }).then([charged]);
    spec(invoice).given([generated, requested, charged]).when({ type: 'RecordCharge', attempt: 1, providerPaymentId: 'pay_2', pixPayload: 'y' }).then([]);
    spec(invoice).given([generated]).when({ type: 'RecordCharge', attempt: 1, providerPaymentId: 'pay_1', pixPayload: 'y' }).thenThrows('ERR_PAYMENT_UNKNOWN');
  });

  it('is paid once, through one recurrence past its due date', () => {
    const paid: InvoiceEvent = {
      type: 'InvoicePaid',
      data: { invoiceId: 7, attempt: 1, providerPaymentId: 'pay_1', amount: 99.9, paidAt: now.toISOString(), paidThrough: '2026-02-28' },
    };
    spec(invoice).given([generated, requested, charged]).when(pay, now).then([paid]);
    spec(invoice).given([generated, requested, charged, paid]).when(pay, now).then([]);
    spec(invoice)
      .given([generated, requested, charged])
      .when({ ...pay, recurrence: 'TRIMESTRAL' }, now)
      .thenState((state) => {
        expect(state.status === 'paid' && state.paidThrough).toBe('2026-04-30');
      });
  });

  it('refuses a payment of another charge, of no charge, or of less than charged', () => {
    spec(invoice)
      .given([generated, requested, charged])
      .when({ ...pay, providerPaymentId: 'pay_forged' }, now)
      .thenThrows('ERR_PAYMENT_UNKNOWN');
    spec(invoice).given([generated]).when(pay, now).thenThrows('ERR_PAYMENT_UNKNOWN');
    spec(invoice)
      .given([generated, requested, charged])
      .when({ ...pay, amount: 1 }, now)
      .thenThrows('ERR_VALIDATION');
    spec(invoice).given([]).when(pay, now).thenThrows('ERR_NO_INVOICE_FOUND');
  });

  it('accepts the payment of a charge created before a crash kept it from being recorded', () => {
    spec(invoice)
      .given([generated, requested])
      .when({ ...pay, providerPaymentId: 'pay_77' }, now)
      .thenState((state) => expect(state.status).toBe('paid'));
  });

  it('refuses a checkout of a paid invoice', () => {
    const paid: InvoiceEvent = {
      type: 'InvoicePaid',
      data: { invoiceId: 7, attempt: 1, providerPaymentId: 'pay_1', amount: 99.9, paidAt: now.toISOString(), paidThrough: '2026-02-28' },
    };
    spec(invoice)
      .given([generated, requested, charged, paid])
      .when({ type: 'RequestCheckout', amount: 99.9, users: 5, connections: 2, custom: false, payer })
      .thenThrows('ERR_INVOICE_ALREADY_PAID');
  });
});

describe('which period is due for invoicing', () => {
  const today = '2026-01-20';
  it('invoices the company due date within the lead days, or past it', () => {
    expect(invoiceDueFor({ companyId: 3, dueDate: '2026-01-25' }, today)).toBe('2026-01-25');
    expect(invoiceDueFor({ companyId: 3, dueDate: '2025-12-01' }, today)).toBe('2025-12-01');
    expect(invoiceDueFor({ companyId: 3, dueDate: '2026-03-01' }, today)).toBeNull();
  });
  it('never invoices company 1', () => {
    expect(invoiceDueFor({ companyId: 1, dueDate: '2026-01-21' }, today)).toBeNull();
  });
});
