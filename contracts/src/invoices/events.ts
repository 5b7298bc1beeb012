import { z } from 'zod';
import { defineEvent, type EventUnion } from '../events/registry';
import { Count32, RealDate, RecordId, safeText } from '../common/bounds';

/** An amount in reais with at most 2 decimals, as Postgres numeric(12,2) holds it. */
export const Money = z
  .number()
  .min(0)
  .max(9_999_999_999.99)
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, { message: 'at most 2 decimals' });

/** What the company pays for in one period: the plan as it was when the invoice was made. */
export const InvoiceTerms = z.object({
  /** The plan's name (the invoice's detail line). */
  detail: safeText().max(200),
  users: Count32,
  connections: Count32,
  queues: Count32,
  value: Money,
});
export type InvoiceTerms = z.infer<typeof InvoiceTerms>;

/** Who pays, as the checkout's Dados step gave it: the provider's customer needs a name and a CPF or CNPJ. */
export const Payer = z.object({ name: safeText().trim().min(1).max(200), document: safeText().regex(/^(\d{11}|\d{14})$/, 'CPF/CNPJ inválido') });
export type Payer = z.infer<typeof Payer>;

/** The provider's payment id (Asaas: pay_…). */
export const ProviderPaymentId = safeText().min(1).max(100);

/** One period of a company's subscription, due on `dueDate` (the company's due date when it was made). */
export const InvoiceGenerated = defineEvent('InvoiceGenerated', InvoiceTerms.extend({ invoiceId: RecordId, companyId: RecordId, dueDate: RealDate }));
/**
 * The checkout asked for a Pix charge (attempt n of the invoice). `amount` is what the server priced:
 * the invoice's value, or the custom plan's price for the users and connections chosen.
 */
export const InvoiceCheckoutRequested = defineEvent(
  'InvoiceCheckoutRequested',
  z.object({ invoiceId: RecordId, attempt: Count32, amount: Money, users: Count32, connections: Count32, custom: z.boolean(), payer: Payer }),
);
/** The provider created the attempt's charge: its id and the Pix copy-and-paste code. */
export const InvoiceChargeCreated = defineEvent(
  'InvoiceChargeCreated',
  z.object({ invoiceId: RecordId, attempt: Count32, providerPaymentId: ProviderPaymentId, pixPayload: safeText().max(2000) }),
);
/** The provider refused or could not be reached: the checkout answers the reason; a new checkout tries again. */
export const InvoiceChargeFailed = defineEvent('InvoiceChargeFailed', z.object({ invoiceId: RecordId, attempt: Count32, reason: safeText().max(500) }));
/** The provider confirmed the payment; `paidThrough` is the company's due date it buys (one recurrence past the invoice's). */
export const InvoicePaid = defineEvent(
  'InvoicePaid',
  z.object({ invoiceId: RecordId, attempt: Count32, providerPaymentId: ProviderPaymentId, amount: Money, paidAt: z.iso.datetime(), paidThrough: RealDate }),
);

export const invoiceEvents = [InvoiceGenerated, InvoiceCheckoutRequested, InvoiceChargeCreated, InvoiceChargeFailed, InvoicePaid];
export type InvoiceEvent = EventUnion<typeof invoiceEvents>;

/** One invoice per company and due date: the stream's name is the period, so a period is invoiced once. */
export const invoiceStream = (companyId: number, dueDate: string) => `invoice-${companyId}-${dueDate}`;

/**
 * The charge's reference at the provider (Asaas externalReference): names the invoice's stream and
 * the attempt, so the payment webhook finds its invoice without a read model, and a charge created
 * before a crash is found again instead of created twice.
 */
export const chargeReference = (companyId: number, dueDate: string, attempt: number) => `conversa:${companyId}:${dueDate}:${attempt}`;
export function parseChargeReference(reference: string): { companyId: number; dueDate: string; attempt: number } | null {
  const match = /^conversa:(\d{1,10}):(\d{4}-\d{2}-\d{2}):(\d{1,10})$/.exec(reference);
  if (!match) return null;
  const companyId = Number(match[1]);
  const attempt = Number(match[3]);
  if (!RecordId.safeParse(companyId).success || !RealDate.safeParse(match[2]).success || !Count32.safeParse(attempt).success) return null;
  return { companyId, dueDate: match[2]!, attempt };
}
