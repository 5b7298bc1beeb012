import type { InvoicePage, SubscriptionRequest, SubscriptionResponse } from '@conversa/contracts';
import { api } from '../../app/api';
import { post, type SearchPageArgs } from '../../shared/endpoints';
import { pagedList } from '../../shared/pagedList';

export type InvoicePageArgs = SearchPageArgs;

export const financialApi = api.enhanceEndpoints({ addTagTypes: ['Invoices'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /invoices/all: pages merged into one list per search (infinite scroll). */
    invoicePage: build.query<InvoicePage, InvoicePageArgs>({
      query: ({ searchParam, pageNumber }) => ({ url: 'invoices/all', params: { pageNumber, ...(searchParam ? { searchParam } : {}) } }),
      ...pagedList<InvoicePage, InvoicePageArgs>('data'),
      providesTags: ['Invoices'],
    }),
    /** POST /subscription: the Pix charge of an invoice. */
    subscribe: build.mutation<SubscriptionResponse, SubscriptionRequest>(post('subscription')),
  }),
});

export const { useInvoicePageQuery, useSubscribeMutation } = financialApi;
