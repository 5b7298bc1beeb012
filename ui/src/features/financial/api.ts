import type { InvoicePage, SubscriptionRequest, SubscriptionResponse } from '@conversa/contracts';
import { api } from '../../app/api';

export interface InvoicePageArgs {
  searchParam: string;
  pageNumber: number;
}

export const financialApi = api.enhanceEndpoints({ addTagTypes: ['Invoices'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /invoices/all: pages merged into one list per search (infinite scroll). */
    invoicePage: build.query<InvoicePage, InvoicePageArgs>({
      query: ({ searchParam, pageNumber }) => ({ url: 'invoices/all', params: { pageNumber, ...(searchParam ? { searchParam } : {}) } }),
      serializeQueryArgs: ({ queryArgs }) => queryArgs.searchParam.trim().toLowerCase(),
      merge: (current, incoming, { arg }) => {
        if (arg.pageNumber === 1) return incoming;
        const known = new Set(incoming.data.map((invoice) => invoice.id));
        return { data: [...current.data.filter((invoice) => !known.has(invoice.id)), ...incoming.data], hasMore: incoming.hasMore };
      },
      forceRefetch: ({ currentArg, previousArg }) => currentArg?.pageNumber !== previousArg?.pageNumber,
      providesTags: ['Invoices'],
    }),
    /** POST /subscription: the Pix charge of an invoice. */
    subscribe: build.mutation<SubscriptionResponse, SubscriptionRequest>({
      query: (body) => ({ url: 'subscription', method: 'POST', body }),
    }),
  }),
});

export const { useInvoicePageQuery, useSubscribeMutation } = financialApi;
