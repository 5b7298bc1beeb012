import { customPlanPrice, DomainError, type Actor } from '@conversa/contracts';
import type { UseCaseContext } from '../commands/execute';
import { chargeAttempt, requestCheckout, type InvoiceRef } from './use-cases';

/** How long the checkout waits for the provider's charge (the reactor's calls time out sooner). */
export const CHECKOUT_WAIT_MS = 35_000;
const POLL_MS = 40;

export interface CheckoutInput {
  invoice: InvoiceRef & { status: 'open' | 'paid'; value: number; users: number; connections: number };
  actor: Actor;
  /** Whether the platform holds a provider key (the `asaas` setting of company 1). */
  providerConfigured: boolean;
  payer: { firstName: string; lastName?: string; document: string };
  custom: { users: number; connections: number; price?: number } | null;
  waitMs?: number;
}

export interface CheckoutAnswer {
  invoiceId: number;
  paymentId: string;
  pixPayload: string;
  amount: number;
}

/**
 * The checkout: prices the charge (the invoice's value, or the custom plan's price for the users and
 * connections chosen: the client's price is only checked), asks for it, and waits until the
 * payment-charges reactor has the provider's answer. The external call is the reactor's, never the
 * request's: a slow provider costs this request its wait, nothing else.
 */
export async function checkoutInvoice(ctx: UseCaseContext, input: CheckoutInput): Promise<CheckoutAnswer> {
  const { invoice } = input;
  if (invoice.status === 'paid') throw new DomainError('ERR_INVOICE_ALREADY_PAID');
  if (!input.providerConfigured) throw new DomainError('ERR_PAYMENT_NOT_CONFIGURED');
  const document = input.payer.document.replace(/\D/g, '');
  if (document.length !== 11 && document.length !== 14) throw new DomainError('ERR_VALIDATION', 'zipcode: CPF/CNPJ inválido');
  const amount = input.custom ? customPlanPrice(input.custom.users, input.custom.connections) : invoice.value;
  if (input.custom?.price !== undefined && Math.round(input.custom.price * 100) !== Math.round(amount * 100)) {
    throw new DomainError('ERR_VALIDATION', `price: the custom plan costs ${amount.toFixed(2)}`);
  }
  const { attempt } = await requestCheckout(ctx, {
    ref: invoice,
    actor: input.actor,
    amount,
    users: input.custom?.users ?? invoice.users,
    connections: input.custom?.connections ?? invoice.connections,
    custom: input.custom !== null,
    payer: { name: [input.payer.firstName, input.payer.lastName ?? ''].join(' ').trim().slice(0, 200), document },
  });
  const deadline = Date.now() + (input.waitMs ?? CHECKOUT_WAIT_MS);
  for (;;) {
    const current = await chargeAttempt(ctx, invoice, attempt.attempt);
    if (current?.providerPaymentId && current.pixPayload)
      return { invoiceId: invoice.invoiceId, paymentId: current.providerPaymentId, pixPayload: current.pixPayload, amount: current.amount };
    if (current?.failure) throw new DomainError('ERR_PAYMENT_PROVIDER_UNAVAILABLE', current.failure);
    if (Date.now() > deadline) throw new DomainError('ERR_PAYMENT_PROVIDER_UNAVAILABLE');
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
