import { z } from 'zod';
import { Count32, RealDate, RecordId, safeText } from '../common/bounds';
import { timestamps } from '../common/views';

/** An invoice as GET /invoices/all and the `invoice` frames show it. */
export const InvoiceView = z.object({
  id: RecordId,
  companyId: RecordId,
  detail: safeText(),
  users: Count32,
  connections: Count32,
  queues: Count32,
  value: z.number(),
  dueDate: RealDate,
  status: z.enum(['open', 'paid']),
  paidAt: z.string().nullable(),
  ...timestamps,
});
export type InvoiceView = z.infer<typeof InvoiceView>;

export const InvoicePage = z.object({ data: z.array(InvoiceView), hasMore: z.boolean() });
export type InvoicePage = z.infer<typeof InvoicePage>;

/** `invoice` frame body: an invoice made or changed (entityFrames' shape, whose delete an invoice never has). */
export type InvoiceFrame = { action: 'create' | 'update'; invoice: InvoiceView; invoiceId?: never } | { action: 'delete'; invoiceId: number; invoice?: never };

/** `payment` frame body: the provider confirmed an invoice's payment; the company is paid through `dueDate`. */
export interface PaymentFrame {
  action: 'CONCLUIDA';
  invoiceId: number;
  dueDate: string;
}
