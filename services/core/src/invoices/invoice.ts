import { DomainError, type InvoiceEvent, type InvoiceTerms, type Payer, type Recurrence } from '@conversa/contracts';
import type { Decider } from '../commands/decider';
import { advanceDueDate } from '../companies/company';

export interface ChargeAttempt {
  attempt: number;
  amount: number;
  users: number;
  connections: number;
  custom: boolean;
  /** The payer's CPF or CNPJ: another payer is another charge. */
  document: string;
  providerPaymentId: string | null;
  pixPayload: string | null;
  failure: string | null;
}

export type Invoice =
  | { status: 'none' }
  | {
      status: 'open' | 'paid';
      invoiceId: number;
      companyId: number;
      dueDate: string;
      terms: InvoiceTerms;
      attempts: ChargeAttempt[];
      paidThrough: string | null;
    };

export type InvoiceCommand =
  | { type: 'GenerateInvoice'; invoiceId: number; companyId: number; dueDate: string; terms: InvoiceTerms }
  | { type: 'RequestCheckout'; amount: number; users: number; connections: number; custom: boolean; payer: Payer }
  | { type: 'RecordCharge'; attempt: number; providerPaymentId: string; pixPayload: string }
  | { type: 'RecordChargeFailure'; attempt: number; reason: string }
  | { type: 'PayInvoice'; attempt: number; providerPaymentId: string; amount: number; recurrence: Recurrence };

const requireInvoice = (state: Invoice) => {
  if (state.status === 'none') throw new DomainError('ERR_NO_INVOICE_FOUND');
  return state;
};

const attemptOf = (state: Exclude<Invoice, { status: 'none' }>, attempt: number) => {
  const found = state.attempts.find((candidate) => candidate.attempt === attempt);
  if (!found) throw new DomainError('ERR_PAYMENT_UNKNOWN', `attempt ${attempt} was never requested`);
  return found;
};

/** Cents, so that 49.9 and 49.90 are one price. */
const cents = (value: number) => Math.round(value * 100);

/**
 * One period of a company's subscription: made once per due date, paid through Pix charges
 * (attempts: a new checkout with other terms, or after a failure, asks for a new charge), paid once.
 */
export const invoice: Decider<Invoice, InvoiceCommand, InvoiceEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    if (event.type === 'InvoiceGenerated') {
      const { invoiceId, companyId, dueDate, ...terms } = event.data;
      return { status: 'open', invoiceId, companyId, dueDate, terms, attempts: [], paidThrough: null };
    }
    if (state.status === 'none') return state;
    const withAttempt = (attempt: number, change: Partial<ChargeAttempt>) => state.attempts.map((a) => (a.attempt === attempt ? { ...a, ...change } : a));
    switch (event.type) {
      case 'InvoiceCheckoutRequested': {
        const { attempt, amount, users, connections, custom, payer } = event.data;
        return {
          ...state,
          attempts: [
            ...state.attempts,
            { attempt, amount, users, connections, custom, document: payer.document, providerPaymentId: null, pixPayload: null, failure: null },
          ],
        };
      }
      case 'InvoiceChargeCreated':
        return { ...state, attempts: withAttempt(event.data.attempt, { providerPaymentId: event.data.providerPaymentId, pixPayload: event.data.pixPayload }) };
      case 'InvoiceChargeFailed':
        return { ...state, attempts: withAttempt(event.data.attempt, { failure: event.data.reason }) };
      case 'InvoicePaid':
        return { ...state, status: 'paid', paidThrough: event.data.paidThrough };
    }
  },
  decide(state, command, { now }) {
    switch (command.type) {
      case 'GenerateInvoice':
        // The period is the stream: a second generation (another tick, another process) records nothing.
        if (state.status !== 'none') return [];
        return [{ type: 'InvoiceGenerated', data: { invoiceId: command.invoiceId, companyId: command.companyId, dueDate: command.dueDate, ...command.terms } }];
      case 'RequestCheckout': {
        const current = requireInvoice(state);
        if (current.status === 'paid') throw new DomainError('ERR_INVOICE_ALREADY_PAID');
        const last = current.attempts.at(-1);
        // The same terms again (a reload, a second click): the charge already asked for is the answer.
        if (
          last &&
          !last.failure &&
          last.document === command.payer.document &&
          cents(last.amount) === cents(command.amount) &&
          last.users === command.users &&
          last.connections === command.connections &&
          last.custom === command.custom
        )
          return [];
        const attempt = (last?.attempt ?? 0) + 1;
        const { amount, users, connections, custom, payer } = command;
        return [{ type: 'InvoiceCheckoutRequested', data: { invoiceId: current.invoiceId, attempt, amount, users, connections, custom, payer } }];
      }
      case 'RecordCharge': {
        const current = requireInvoice(state);
        const attempt = attemptOf(current, command.attempt);
        if (attempt.providerPaymentId !== null || attempt.failure !== null) return [];
        return [
          {
            type: 'InvoiceChargeCreated',
            data: { invoiceId: current.invoiceId, attempt: command.attempt, providerPaymentId: command.providerPaymentId, pixPayload: command.pixPayload },
          },
        ];
      }
      case 'RecordChargeFailure': {
        const current = requireInvoice(state);
        const attempt = attemptOf(current, command.attempt);
        if (attempt.providerPaymentId !== null || attempt.failure !== null) return [];
        return [{ type: 'InvoiceChargeFailed', data: { invoiceId: current.invoiceId, attempt: command.attempt, reason: command.reason } }];
      }
      case 'PayInvoice': {
        const current = requireInvoice(state);
        // The provider repeats its notices: a paid invoice stays paid once.
        if (current.status === 'paid') return [];
        const attempt = attemptOf(current, command.attempt);
        // Recorded charge: its id must match. Not recorded yet (a crash after the provider created it): the reference named this attempt.
        if (attempt.providerPaymentId !== null && attempt.providerPaymentId !== command.providerPaymentId) throw new DomainError('ERR_PAYMENT_UNKNOWN');
        if (cents(command.amount) < cents(attempt.amount)) throw new DomainError('ERR_VALIDATION', `amount: paid ${command.amount}, charged ${attempt.amount}`);
        return [
          {
            type: 'InvoicePaid',
            data: {
              invoiceId: current.invoiceId,
              attempt: command.attempt,
              providerPaymentId: command.providerPaymentId,
              amount: command.amount,
              paidAt: now.toISOString(),
              paidThrough: advanceDueDate(current.dueDate, command.recurrence),
            },
          },
        ];
      }
    }
  },
};
