import type { ContactImportStatus } from '@conversa/contracts';
import { api } from '../../app/api';
import { del } from '../../shared/endpoints';
import type { Contact } from './api';
import { pagedList } from '../../shared/pagedList';

export interface ContactsPageArgs {
  searchParam: string;
  channel: string;
  pageNumber: number;
}

export interface ContactsPage {
  contacts: Contact[];
  hasMore: boolean;
}

/** The export's address for the list's filters (the file is fetched with the session's token). */
export function exportUrl(args: Pick<ContactsPageArgs, 'searchParam' | 'channel'>): string {
  const params = new URLSearchParams();
  if (args.searchParam.trim() !== '') params.set('searchParam', args.searchParam.trim());
  if (args.channel !== '') params.set('channel', args.channel);
  const query = params.toString();
  return query ? `/contacts/export?${query}` : '/contacts/export';
}

/** The /contacts screen's calls: the paged list (merged for infinite scroll), delete, and the spreadsheet import. */
export const contactsPageApi = api.injectEndpoints({
  endpoints: (build) => ({
    contactsPage: build.query<ContactsPage, ContactsPageArgs>({
      query: ({ searchParam, channel, pageNumber }) => ({
        url: 'contacts',
        params: { pageNumber, ...(searchParam ? { searchParam } : {}), ...(channel ? { channel } : {}) },
      }),
      ...pagedList<ContactsPage, ContactsPageArgs>('contacts', { scope: (args) => [args.channel] }),
      providesTags: [{ type: 'Contacts', id: 'PAGE' }],
    }),
    deleteContact: build.mutation<unknown, number>(del('contacts')),
    /** POST /contacts/upload: the file goes whole; the answer is the import, which then runs on the server. */
    uploadContacts: build.mutation<ContactImportStatus, File>({
      query: (file) => {
        const form = new FormData();
        form.append('file', file);
        return { url: 'contacts/upload', method: 'POST', body: form };
      },
    }),
    contactImport: build.query<ContactImportStatus, string>({
      query: (importId) => `contacts/import/${importId}`,
    }),
  }),
});

export const { useContactsPageQuery, useDeleteContactMutation, useUploadContactsMutation, useContactImportQuery } = contactsPageApi;
