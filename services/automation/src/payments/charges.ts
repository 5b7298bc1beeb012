import { chargeReference, type RecordedProductEvent } from '@conversa/contracts';
import { chargeAttempt, PLATFORM_COMPANY_ID, recordChargeOutcome, systemActor, type SecretBox } from '@conversa/core';
import { companySettingsOf, findCompany } from '@conversa/projections/companies/queries';
import { findInvoice } from '@conversa/projections/invoices/queries';
import { defineReactor, type Projector } from '@conversa/platform';
import type { AutomationContext, AutomationLogger } from '../schedules/sender';
import { PaymentProviderError, type PaymentProvider } from './port';

const PERIOD = /^invoice-\d+-(\d{4}-\d{2}-\d{2})$/;

/**
 * Asks the payment provider for the Pix charge of each checkout attempt and records what it
 * answered (the charge, or why not) on the invoice. Idempotent: an attempt with an outcome is
 * skipped, and the provider is asked by reference first, so a batch run again after a crash finds
 * the charge it created instead of creating another. Attempts of a batch run side by side, each
 * call bounded by the adapter's timeout, so one slow answer never holds another company's checkout.
 */
export function createPaymentChargesReactor(
  ctx: AutomationContext,
  options: { provider: PaymentProvider; secrets: SecretBox; logger?: AutomationLogger },
): Projector {
  const { provider, secrets, logger } = options;

  async function charge(event: RecordedProductEvent<'InvoiceCheckoutRequested'>): Promise<void> {
    const dueDate = PERIOD.exec(event.streamId)?.[1];
    if (!dueDate) return;
    const companyId = event.metadata.companyId;
    const { invoiceId, attempt, amount, payer } = event.data;
    const ref = { invoiceId, companyId, dueDate };
    const current = await chargeAttempt(ctx, ref, attempt);
    if (!current || current.providerPaymentId !== null || current.failure !== null) return;
    const record = (outcome: { providerPaymentId: string; pixPayload: string } | { failure: string }) =>
      recordChargeOutcome(ctx, { companyId, dueDate, attempt, actor: systemActor, outcome });

    // The platform's key: company 1's `asaas` setting, which only its super users write; stored sealed.
    const token = secrets.open((await companySettingsOf(ctx.db, PLATFORM_COMPANY_ID)).asaas);
    if (!token) return void (await record({ failure: 'the asaas setting (the payment provider key) is empty' }));
    const company = await findCompany(ctx.db, companyId);
    const invoice = await findInvoice(ctx.db, companyId, invoiceId);
    const today = ctx.now().toISOString().slice(0, 10);
    try {
      const created = await provider.createPixCharge({
        token,
        customer: { reference: `conversa-company-${companyId}-${payer.document}`, name: payer.name, document: payer.document, email: company?.email ?? '' },
        amount,
        // The provider refuses a due date in the past: an overdue invoice is charged for today.
        dueDate: dueDate < today ? today : dueDate,
        description: `${invoice?.detail ?? 'Conversa'} (${dueDate})`.slice(0, 500),
        reference: chargeReference(companyId, dueDate, attempt),
      });
      await record({ providerPaymentId: created.paymentId, pixPayload: created.payload.slice(0, 2000) });
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      logger?.warn({ err: error, invoiceId, attempt }, 'payment charge refused');
      await record({ failure: error.message.slice(0, 500) });
    }
  }

  return defineReactor({
    name: 'payment-charges',
    eventTypes: ['InvoiceCheckoutRequested'],
    async react(events) {
      await Promise.all(events.map(charge));
    },
  });
}
