import { z } from 'zod';
import { Count32, Count32Param, RecordId, safeText } from '../common/bounds';
import { SearchParam } from '../common/inputs';
import { CUSTOM_PLAN } from './pricing';

/** Invoices per page of GET /invoices/all (infinite scroll). */
export const INVOICES_PAGE_SIZE = 20;

/** GET /invoices/all: `searchParam` matches the detail line or the due date; pages count from 1. */
export const ListInvoicesQuery = z.object({
  searchParam: SearchParam,
  pageNumber: Count32Param.pipe(z.number().min(1)).default(1),
});
export type ListInvoicesQuery = z.infer<typeof ListInvoicesQuery>;

const optionalText = (max: number) => safeText().max(max).optional();

/**
 * POST /subscription: the checkout's three steps in one body. Pix is the only method: the card
 * fields are accepted for the form's sake and never stored. `custom` asks for the custom plan with
 * `users` and `connections`; the server prices the charge itself (a `price` sent is only checked).
 */
export const SubscriptionRequest = z
  .object({
    firstName: safeText({ error: 'O nome completo é obrigatório' }).trim().min(1, 'O nome completo é obrigatório').max(200),
    lastName: optionalText(200),
    address2: optionalText(200),
    city: optionalText(100),
    state: optionalText(100),
    /** Labelled CPF/CNPJ on the form (the spec's field name). */
    zipcode: safeText({ error: 'CEP é obrigatório' }).trim().min(1, 'CEP é obrigatório').max(30),
    country: optionalText(100),
    useAddressForPaymentDetails: z.boolean().optional(),
    nameOnCard: optionalText(200),
    cardNumber: optionalText(30),
    cvv: optionalText(10),
    plan: optionalText(2000),
    price: z.number().min(0).max(9_999_999_999).optional(),
    custom: z.boolean().default(false),
    users: Count32.max(CUSTOM_PLAN.maxUsers).optional(),
    connections: Count32.max(CUSTOM_PLAN.maxConnections).optional(),
    invoiceId: RecordId,
  })
  .superRefine((body, ctx) => {
    if (!body.custom) return;
    if (body.users === undefined || body.users < CUSTOM_PLAN.minUsers)
      ctx.addIssue({ code: 'custom', path: ['users'], message: `at least ${CUSTOM_PLAN.minUsers}` });
    if (body.connections === undefined || body.connections < CUSTOM_PLAN.minConnections)
      ctx.addIssue({ code: 'custom', path: ['connections'], message: `at least ${CUSTOM_PLAN.minConnections}` });
  });
export type SubscriptionRequest = z.input<typeof SubscriptionRequest>;

/** What POST /subscription answers: the Pix to pay (the spec's `qrcode.qrcode` and `valor.original`). */
export const SubscriptionResponse = z.object({
  invoiceId: RecordId,
  paymentId: safeText(),
  qrcode: z.object({ qrcode: safeText() }),
  valor: z.object({ original: safeText() }),
});
export type SubscriptionResponse = z.infer<typeof SubscriptionResponse>;

/**
 * An Asaas webhook delivery (docs.asaas.com "Payment events"): `event` names what happened and
 * `payment` carries the charge. Only what Conversa reads is checked; the rest passes.
 */
export const PaymentWebhookBody = z
  .object({
    id: safeText().max(200).optional(),
    event: safeText().max(100),
    payment: z
      .object({
        id: safeText().min(1).max(100),
        value: z.number().min(0).max(9_999_999_999),
        status: safeText().max(100).optional(),
        externalReference: safeText().max(200).nullable().optional(),
      })
      .passthrough()
      .optional(),
  })
  .passthrough();
export type PaymentWebhookBody = z.infer<typeof PaymentWebhookBody>;
