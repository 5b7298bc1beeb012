import type { InvoiceFrame, InvoicePage, PaymentFrame } from '@conversa/contracts';
import { useStore } from 'react-redux';
import { useSocketEvent } from '../../app/SocketProvider';
import type { AppStore } from '../../app/store';
import { financialApi } from './api';

/** Newest due date first, then the highest id: the server's order. */
const byDueDate = (a: { dueDate: string; id: number }, b: { dueDate: string; id: number }) => b.dueDate.localeCompare(a.dueDate) || b.id - a.id;

/** The loaded pages after an `invoice` frame: a changed invoice is replaced, a new one takes its place in order. */
export function applyInvoiceFrame(page: InvoicePage, frame: InvoiceFrame): InvoicePage {
  const { invoice } = frame;
  if (!invoice || typeof invoice.id !== 'number') return page;
  const others = page.data.filter((row) => row.id !== invoice.id);
  return { ...page, data: [...others, invoice].sort(byDueDate) };
}

/** Keeps the loaded invoice lists current with `invoice` frames (a payment, a new period). */
export function useInvoiceFrames(): void {
  const store = useStore() as AppStore;
  useSocketEvent('invoice', (frame) => {
    const state = store.getState() as unknown as Parameters<typeof financialApi.util.selectCachedArgsForQuery>[0];
    for (const args of financialApi.util.selectCachedArgsForQuery(state, 'invoicePage')) {
      store.dispatch(financialApi.util.updateQueryData('invoicePage', args, (draft) => applyInvoiceFrame(draft, frame)));
    }
  });
}

/** Calls `onConcluded` when the provider confirms a payment of the company (`payment` frame, action CONCLUIDA). */
export function usePaymentConcluded(onConcluded: (frame: PaymentFrame) => void): void {
  useSocketEvent('payment', (frame) => {
    if (frame.action === 'CONCLUIDA') onConcluded(frame);
  });
}
