import type { RecordedEvent } from '@conversa/contracts';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectors } from '../index';
import { invoicesProjector } from './projector';
import { findInvoice, listInvoices } from './queries';
import { eventRecorder, project, readDatabase } from '../testing';

let db: Kysely<any>;
let close: () => Promise<void>;

const recorded = eventRecorder();
const run = (events: RecordedEvent[]) => project(db, invoicesProjector, events);
const generated = (invoiceId: number, dueDate: string, companyId = 2) =>
  recorded('InvoiceGenerated', { invoiceId, companyId, dueDate, detail: 'Plano Ouro', users: 5, connections: 2, queues: 3, value: 149.9 }, companyId);

beforeAll(async () => {
  ({ db, close } = await readDatabase('invoices', projectors));
});
afterAll(() => close?.());

describe('invoices read model', () => {
  it('lists a company’s invoices newest first by pages, and only its own', async () => {
    const frames = await run([generated(1, '2026-01-31'), generated(2, '2026-02-28'), generated(3, '2026-03-31'), generated(9, '2026-03-31', 3)]);
    expect(frames.map((f) => [f.entity, (f.data as { action: string }).action])).toEqual([
      ['invoice', 'create'],
      ['invoice', 'create'],
      ['invoice', 'create'],
      ['invoice', 'create'],
    ]);
    const first = await listInvoices(db, 2, { pageNumber: 1, pageSize: 2 });
    expect(first.data.map((i) => i.id)).toEqual([3, 2]);
    expect(first.hasMore).toBe(true);
    const second = await listInvoices(db, 2, { pageNumber: 2, pageSize: 2 });
    expect(second).toMatchObject({ data: [{ id: 1, value: 149.9, dueDate: '2026-01-31', status: 'open' }], hasMore: false });
    expect((await listInvoices(db, 2, { pageNumber: 1, pageSize: 20, searchParam: '02/2026' })).data.map((i) => i.id)).toEqual([2]);
    expect((await listInvoices(db, 2, { pageNumber: 1, pageSize: 20, searchParam: 'ouro' })).data).toHaveLength(3);
    expect(await findInvoice(db, 2, 9)).toBeUndefined();
  });

  it('records the checkout’s charge and the payment, publishing the CONCLUIDA payment frame', async () => {
    await run([
      recorded('InvoiceCheckoutRequested', {
        invoiceId: 1,
        attempt: 1,
        amount: 149.9,
        users: 5,
        connections: 2,
        custom: false,
        payer: { name: 'Ana', document: '52998224725' },
      }),
    ]);
    await run([recorded('InvoiceChargeCreated', { invoiceId: 1, attempt: 1, providerPaymentId: 'pay_1', pixPayload: '000201' })]);
    const row = await db.selectFrom('read.invoices').selectAll().where('id', '=', 1).executeTakeFirst();
    expect(row).toMatchObject({ charge_attempt: 1, provider_payment_id: 'pay_1', pix_payload: '000201', status: 'open' });
    const frames = await run([
      recorded('InvoicePaid', {
        invoiceId: 1,
        attempt: 1,
        providerPaymentId: 'pay_1',
        amount: 149.9,
        paidAt: '2026-05-01T12:00:00.000Z',
        paidThrough: '2026-02-28',
      }),
    ]);
    expect(frames).toContainEqual({ companyId: 2, entity: 'payment', data: { action: 'CONCLUIDA', invoiceId: 1, dueDate: '2026-02-28' } });
    expect(await findInvoice(db, 2, 1)).toMatchObject({ status: 'paid', paidAt: '2026-05-01T12:00:00.000Z' });
  });
});
