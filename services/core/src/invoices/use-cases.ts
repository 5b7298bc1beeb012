import { DomainError, streams, type Actor, type Payer, type Position, type Recurrence } from '@conversa/contracts';
import { foldStream } from '../commands/decider';
import { execute, type UseCaseContext } from '../commands/execute';
import { runCommand, type CommandContext } from '../commands/run';
import { company } from '../companies/company';
import { invoice, type ChargeAttempt } from './invoice';

/** The invoice a request names, as the read model knows it (company-scoped: another company's is not found). */
export interface InvoiceRef {
  invoiceId: number;
  companyId: number;
  dueDate: string;
}

/**
 * The checkout asks for a Pix charge of the invoice on these terms (priced by the caller from the
 * contracts' pricing). Answers the attempt that will carry the charge: a new one, or the one already
 * asked for on the same terms. The payment-charges reactor creates it at the provider.
 */
export async function requestCheckout(
  ctx: UseCaseContext,
  input: { ref: InvoiceRef; actor: Actor; amount: number; users: number; connections: number; custom: boolean; payer: Payer },
): Promise<{ attempt: ChargeAttempt; position: Position | null }> {
  const { ref } = input;
  const result = await execute(ctx, {
    decider: invoice,
    streamId: streams.invoice(ref.companyId, ref.dueDate),
    command: { type: 'RequestCheckout', amount: input.amount, users: input.users, connections: input.connections, custom: input.custom, payer: input.payer },
    companyId: ref.companyId,
    actor: input.actor,
  });
  const state = result.state;
  if (state.status === 'none') throw new DomainError('ERR_NO_INVOICE_FOUND');
  return { attempt: state.attempts.at(-1)!, position: result.position };
}

/** The charge of an attempt as the invoice's stream has it now (the checkout waits on it). */
export async function chargeAttempt(ctx: CommandContext, ref: InvoiceRef, attempt: number): Promise<ChargeAttempt | null> {
  const events = await ctx.store.readStream(streams.invoice(ref.companyId, ref.dueDate));
  const state = foldStream(invoice, events);
  return state.status === 'none' ? null : (state.attempts.find((a) => a.attempt === attempt) ?? null);
}

/** The provider's answer to an attempt: its charge, or why there is none. */
export async function recordChargeOutcome(
  ctx: CommandContext,
  input: {
    companyId: number;
    dueDate: string;
    attempt: number;
    actor: Actor;
    outcome: { providerPaymentId: string; pixPayload: string } | { failure: string };
  },
): Promise<Position | null> {
  const { outcome } = input;
  const result = await runCommand(ctx, {
    decider: invoice,
    streamId: streams.invoice(input.companyId, input.dueDate),
    command:
      'failure' in outcome
        ? { type: 'RecordChargeFailure', attempt: input.attempt, reason: outcome.failure }
        : { type: 'RecordCharge', attempt: input.attempt, ...outcome },
    companyId: input.companyId,
    actor: input.actor,
  });
  return result.position;
}

/**
 * The provider confirmed a payment (its webhook): the invoice is paid, then the company's due date
 * moves to what it bought. Both steps are idempotent, so a repeated notice (or one after a crash
 * between them) finishes the work without doing it twice. Answers the company's new due date.
 */
export async function confirmPayment(
  ctx: UseCaseContext,
  input: { companyId: number; dueDate: string; attempt: number; providerPaymentId: string; amount: number; recurrence: Recurrence; actor: Actor },
): Promise<{ paidThrough: string; position: Position | null }> {
  const { companyId, actor } = input;
  const paid = await runCommand(ctx, {
    decider: invoice,
    streamId: streams.invoice(companyId, input.dueDate),
    command: { type: 'PayInvoice', attempt: input.attempt, providerPaymentId: input.providerPaymentId, amount: input.amount, recurrence: input.recurrence },
    companyId,
    actor,
  });
  const state = paid.state;
  if (state.status !== 'paid' || !state.paidThrough) throw new DomainError('ERR_PAYMENT_UNKNOWN');
  const extended = await execute(ctx, {
    decider: company,
    streamId: streams.company(companyId),
    command: { type: 'ExtendCompanyDueDate', through: state.paidThrough },
    companyId,
    actor,
  });
  await ctx.waitForProjections(paid.position, { eventTypes: ['InvoicePaid'] });
  return { paidThrough: state.paidThrough, position: extended.position ?? paid.position };
}
