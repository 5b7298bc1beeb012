import { z } from 'zod';

/**
 * The Asaas v3 requests Conversa makes, as documented (docs.asaas.com: "Create new customer",
 * "Create new payment", "Get QR Code for Pix payments"). The adapter builds them; the fake refuses
 * anything else, so a drift in the adapter fails the tests instead of production.
 */
export const ASAAS_PREFIX = '/v3';

export const CustomerCreateRequest = z
  .object({
    name: z.string().min(1),
    cpfCnpj: z.string().regex(/^(\d{11}|\d{14})$/, 'cpfCnpj: 11 or 14 digits'),
    email: z.string().email().optional(),
    externalReference: z.string().optional(),
    notificationDisabled: z.boolean().optional(),
  })
  .strict();

export const PaymentCreateRequest = z
  .object({
    customer: z.string().regex(/^cus_\w+$/, 'customer: a cus_ id'),
    billingType: z.enum(['UNDEFINED', 'BOLETO', 'CREDIT_CARD', 'PIX']),
    value: z.number().positive(),
    dueDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'dueDate: YYYY-MM-DD'),
    description: z.string().max(500).optional(),
    externalReference: z.string().optional(),
  })
  .strict();

export const ListQuery = z.object({ externalReference: z.string().min(1), limit: z.string().optional(), offset: z.string().optional() }).strict();

const Listed = <T extends z.ZodType>(item: T) => z.object({ object: z.literal('list'), hasMore: z.boolean(), totalCount: z.number(), data: z.array(item) });
export const CustomerAnswer = z.object({ object: z.literal('customer'), id: z.string(), deleted: z.boolean().optional() });
export const PaymentAnswer = z.object({ object: z.literal('payment'), id: z.string(), status: z.string(), value: z.number(), deleted: z.boolean().optional() });
export const CustomerList = Listed(CustomerAnswer);
export const PaymentList = Listed(PaymentAnswer);
export const PixQrCodeAnswer = z.object({ encodedImage: z.string(), payload: z.string(), expirationDate: z.string() });
/** Asaas' error body: `{ errors: [{ code, description }] }`. */
export const ErrorAnswer = z.object({ errors: z.array(z.object({ code: z.string(), description: z.string() })) });
