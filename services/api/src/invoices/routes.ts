import {
  DomainError,
  INVOICES_PAGE_SIZE,
  InvoicePage,
  InvoiceView,
  ListInvoicesQuery,
  parseChargeReference,
  PaymentWebhookBody,
  RecordIdParam,
  SubscriptionRequest,
  SubscriptionResponse,
} from '@conversa/contracts';
import { checkoutInvoice, confirmPayment, PLATFORM_COMPANY_ID, systemActor } from '@conversa/core';
import { companySettingsOf, findCompany } from '@conversa/projections/companies/queries';
import { findInvoice, listInvoices } from '@conversa/projections/invoices/queries';
import type { FastifyInstance } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { userActor, type ApiContext } from '../context';

const IdParam = z.object({ id: RecordIdParam });
/** The header Asaas sends with the authentication token set in its webhook settings. */
export const PAYMENT_WEBHOOK_TOKEN_HEADER = 'asaas-access-token';
/** Asaas events that mean the money arrived (a Pix is confirmed and received at once; both may come). */
const PAID_EVENTS = new Set(['PAYMENT_RECEIVED', 'PAYMENT_CONFIRMED']);
const WebhookAnswer = z.object({ received: z.literal(true), applied: z.boolean(), dueDate: z.string().optional() });

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** Plain money for the Pix answer's `valor.original` ("49.00"). */
const original = (amount: number) => amount.toFixed(2);

/**
 * Invoices and the Pix checkout. An overdue company's admin reaches them (allowExpired): paying is
 * the way back in. The payment provider's webhook is public but carries the token configured on both
 * sides (ASAAS_WEBHOOK_TOKEN here, "Authentication token" in Asaas' webhook settings).
 */
export async function invoiceRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  const companyInvoice = async (companyId: number, id: number) => {
    const found = await findInvoice(ctx.db, companyId, id);
    if (!found) throw new DomainError('ERR_NO_INVOICE_FOUND');
    return found;
  };

  app.get(
    '/invoices/all',
    {
      config: {
        auth: { area: 'financial', allowExpired: true },
        contract: { summary: "The company's invoices, newest first, 20 a page", query: ListInvoicesQuery, response: InvoicePage },
      },
    },
    async (request) => {
      const query = request.query;
      return listInvoices(ctx.db, request.principal.companyId, { ...query, pageSize: INVOICES_PAGE_SIZE });
    },
  );

  app.get(
    '/invoices/:id',
    {
      config: {
        auth: { area: 'financial', allowExpired: true },
        contract: { summary: 'One invoice of the company', params: IdParam, response: InvoiceView, errors: ['ERR_NO_INVOICE_FOUND'] },
      },
    },
    async (request) => companyInvoice(request.principal.companyId, request.params.id),
  );

  app.post(
    '/subscription',
    {
      config: {
        auth: { area: 'financial', allowExpired: true },
        contract: {
          summary: "Pays an invoice by Pix: answers the charge's copy-and-paste code (qrcode.qrcode) and amount (valor.original)",
          body: SubscriptionRequest,
          response: SubscriptionResponse,
          errors: ['ERR_NO_INVOICE_FOUND', 'ERR_INVOICE_ALREADY_PAID', 'ERR_PAYMENT_NOT_CONFIGURED', 'ERR_PAYMENT_PROVIDER_UNAVAILABLE'],
        },
      },
    },
    async (request) => {
      const body = request.body;
      const { principal } = request;
      const invoice = await companyInvoice(principal.companyId, body.invoiceId);
      const answer = await checkoutInvoice(ctx, {
        invoice: {
          invoiceId: invoice.id,
          companyId: invoice.companyId,
          dueDate: invoice.dueDate,
          status: invoice.status,
          value: invoice.value,
          users: invoice.users,
          connections: invoice.connections,
        },
        actor: userActor(principal.userId),
        providerConfigured: (await companySettingsOf(ctx.db, PLATFORM_COMPANY_ID)).asaas !== '',
        payer: { firstName: body.firstName, lastName: body.lastName, document: body.zipcode },
        custom: body.custom ? { users: body.users!, connections: body.connections!, price: body.price } : null,
      });
      return {
        invoiceId: answer.invoiceId,
        paymentId: answer.paymentId,
        qrcode: { qrcode: answer.pixPayload },
        valor: { original: original(answer.amount) },
      } satisfies SubscriptionResponse;
    },
  );

  app.post(
    '/subscription/webhook',
    {
      config: {
        auth: 'public',
        contract: {
          summary: "The payment provider's webhook (Asaas payment events, with the asaas-access-token header)",
          body: PaymentWebhookBody,
          response: WebhookAnswer,
          errors: ['ERR_PAYMENT_NOT_CONFIGURED', 'ERR_PAYMENT_WEBHOOK_TOKEN', 'ERR_PAYMENT_UNKNOWN'],
        },
      },
    },
    async (request) => {
      const expected = ctx.payments?.webhookToken ?? '';
      if (!expected) throw new DomainError('ERR_PAYMENT_NOT_CONFIGURED');
      const given = request.headers[PAYMENT_WEBHOOK_TOKEN_HEADER];
      if (typeof given !== 'string' || !sameSecret(given, expected)) throw new DomainError('ERR_PAYMENT_WEBHOOK_TOKEN');
      const body = request.body;
      const reference = body.payment?.externalReference ? parseChargeReference(body.payment.externalReference) : null;
      // Other events (created, overdue, viewed …) and charges Conversa did not make: received, nothing to do.
      if (!PAID_EVENTS.has(body.event) || !body.payment || !reference) return { received: true, applied: false };
      const company = await findCompany(ctx.db, reference.companyId);
      if (!company) throw new DomainError('ERR_PAYMENT_UNKNOWN');
      const { paidThrough } = await confirmPayment(ctx, {
        ...reference,
        providerPaymentId: body.payment.id,
        amount: body.payment.value,
        recurrence: company.recurrence,
        actor: systemActor,
      });
      return { received: true, applied: true, dueDate: paidThrough };
    },
  );
}
