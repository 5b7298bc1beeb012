import type { ContactImportStatus } from '@conversa/contracts';
import { api } from '../../app/api';
import type { Contact } from './api';

export interface ContactsPageArgs {
  searchParam: string;
  channel: string;
  pageNumber: number;
}

export interface ContactsPage {
  contacts: Contact[];
  hasMore: boolean;
}

/** `company-<id>-contact` frame body. */
export interface ContactFrame {
  action?: 'create' | 'update' | 'delete';
  contact?: Contact;
  contactId?: number;
}

/** Whether the list's search and channel filter keep this contact (name, or digits of the number, as the server searches). */
export function contactMatches(contact: Pick<Contact, 'name' | 'number' | 'channel'>, args: Pick<ContactsPageArgs, 'searchParam' | 'channel'>): boolean {
  if (args.channel !== '' && contact.channel !== args.channel) return false;
  const term = args.searchParam.trim().toLowerCase();
  if (term === '') return true;
  const digits = /^[\d\s()+\-.]+$/.test(term) ? term.replace(/\D/g, '') : '';
  return contact.name.toLowerCase().includes(term) || (digits !== '' && contact.number.includes(digits));
}

const byName = (a: Contact, b: Contact) => {
  const left = a.name.toLowerCase();
  const right = b.name.toLowerCase();
  return left < right ? -1 : left > right ? 1 : a.id - b.id;
};

/**
 * The loaded pages after a frame or a save: a new or changed contact that matches takes its place in name order
 * (or waits for its page when it sorts past the loaded ones), one that no longer matches or was deleted leaves.
 */
export function applyContactListChange(list: ContactsPage, frame: unknown, args: Pick<ContactsPageArgs, 'searchParam' | 'channel'>): ContactsPage {
  const { action, contact, contactId } = (frame ?? {}) as ContactFrame;
  if (action === 'delete' || (contact && !contactMatches(contact, args))) {
    const gone = action === 'delete' ? contactId : contact?.id;
    if (!list.contacts.some((row) => row.id === gone)) return list;
    return { ...list, contacts: list.contacts.filter((row) => row.id !== gone) };
  }
  if (!contact || typeof contact.id !== 'number') return list;
  // A renamed contact moves to its new place in name order.
  const others = list.contacts.filter((row) => row.id !== contact.id);
  // Past the last loaded row it belongs to a page not loaded yet (the last row itself stays last).
  const last = list.contacts[list.contacts.length - 1];
  if (list.hasMore && last && last.id !== contact.id && byName(contact, last) > 0) return { ...list, contacts: others };
  return { ...list, contacts: [...others, contact].sort(byName) };
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
      serializeQueryArgs: ({ queryArgs }) => `${queryArgs.channel}|${queryArgs.searchParam.trim().toLowerCase()}`,
      merge: (current, incoming, { arg }) => {
        if (arg.pageNumber === 1) return incoming;
        const known = new Set(incoming.contacts.map((contact) => contact.id));
        return { ...incoming, contacts: [...current.contacts.filter((contact) => !known.has(contact.id)), ...incoming.contacts] };
      },
      forceRefetch: ({ currentArg, previousArg }) => currentArg?.pageNumber !== previousArg?.pageNumber,
      providesTags: [{ type: 'Contacts', id: 'PAGE' }],
    }),
    deleteContact: build.mutation<unknown, number>({
      query: (id) => ({ url: `contacts/${id}`, method: 'DELETE' }),
    }),
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
