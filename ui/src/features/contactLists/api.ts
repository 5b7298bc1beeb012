import type {
  ContactListFrame,
  ContactListItemFrame,
  ContactListItemPage,
  ContactListItemView,
  ContactListPage,
  ContactListView,
  CreateContactListItemRequest,
  ListUploadResult,
  UpdateContactListItemRequest,
} from '@conversa/contracts';
import { api } from '../../app/api';

export interface ListPageArgs {
  searchParam: string;
  pageNumber: number;
}
export interface ItemPageArgs extends ListPageArgs {
  contactListId: number;
}

/** Pages merged into one list per search (infinite scroll); a first page replaces what was loaded. */
const mergePages = <Key extends 'records' | 'contacts'>(key: Key) =>
  (current: Record<Key, Array<{ id: number }>> & { hasMore: boolean; count: number }, incoming: Record<Key, Array<{ id: number }>> & { hasMore: boolean; count: number }, pageNumber: number) => {
    if (pageNumber === 1) return incoming;
    const known = new Set(incoming[key].map((row) => row.id));
    return { ...incoming, [key]: [...current[key].filter((row) => !known.has(row.id)), ...incoming[key]] };
  };

export const contactListsApi = api.enhanceEndpoints({ addTagTypes: ['ContactLists', 'ContactListItems'] }).injectEndpoints({
  endpoints: (build) => ({
    contactListPage: build.query<ContactListPage, ListPageArgs>({
      query: ({ searchParam, pageNumber }) => ({ url: 'contact-lists', params: { searchParam, pageNumber } }),
      // The key names the endpoint: RTK keys its cache by this string alone.
      serializeQueryArgs: ({ queryArgs, endpointName }) => `${endpointName}(${queryArgs.searchParam.trim().toLowerCase()})`,
      merge: (current, incoming, { arg }) => mergePages('records')(current, incoming, arg.pageNumber) as ContactListPage,
      forceRefetch: ({ currentArg, previousArg }) => currentArg?.pageNumber !== previousArg?.pageNumber,
      providesTags: ['ContactLists'],
    }),
    /** GET /contact-lists/list: every list (the campaign dialog's choices). */
    allContactLists: build.query<ContactListView[], void>({
      query: () => 'contact-lists/list',
      providesTags: ['ContactLists'],
    }),
    contactList: build.query<ContactListView, number>({
      query: (id) => `contact-lists/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'ContactLists', id }],
    }),
    createContactList: build.mutation<ContactListView, { name: string }>({
      query: (body) => ({ url: 'contact-lists', method: 'POST', body }),
    }),
    updateContactList: build.mutation<ContactListView, { id: number; name: string }>({
      query: ({ id, ...body }) => ({ url: `contact-lists/${id}`, method: 'PUT', body }),
    }),
    deleteContactList: build.mutation<unknown, number>({
      query: (id) => ({ url: `contact-lists/${id}`, method: 'DELETE' }),
    }),
    /** POST /contact-lists/{id}/upload: the spreadsheet whole; the answer has a result per row. */
    uploadContactList: build.mutation<ListUploadResult, { id: number; file: File }>({
      query: ({ id, file }) => {
        const form = new FormData();
        form.append('file', file);
        return { url: `contact-lists/${id}/upload`, method: 'POST', body: form };
      },
    }),
    contactListItemPage: build.query<ContactListItemPage, ItemPageArgs>({
      query: ({ contactListId, searchParam, pageNumber }) => ({ url: 'contact-list-items', params: { contactListId, searchParam, pageNumber } }),
      serializeQueryArgs: ({ queryArgs, endpointName }) => `${endpointName}(${queryArgs.contactListId}:${queryArgs.searchParam.trim().toLowerCase()})`,
      merge: (current, incoming, { arg }) => mergePages('contacts')(current, incoming, arg.pageNumber) as ContactListItemPage,
      forceRefetch: ({ currentArg, previousArg }) => currentArg?.pageNumber !== previousArg?.pageNumber,
      providesTags: (_result, _error, args) => [{ type: 'ContactListItems', id: args.contactListId }],
    }),
    createContactListItem: build.mutation<ContactListItemView, CreateContactListItemRequest>({
      query: (body) => ({ url: 'contact-list-items', method: 'POST', body }),
    }),
    updateContactListItem: build.mutation<ContactListItemView, UpdateContactListItemRequest & { id: number }>({
      query: ({ id, ...body }) => ({ url: `contact-list-items/${id}`, method: 'PUT', body }),
    }),
    deleteContactListItem: build.mutation<unknown, number>({
      query: (id) => ({ url: `contact-list-items/${id}`, method: 'DELETE' }),
    }),
  }),
});

export type { ContactListFrame, ContactListItemFrame };

export const {
  useContactListPageQuery,
  useAllContactListsQuery,
  useContactListQuery,
  useCreateContactListMutation,
  useUpdateContactListMutation,
  useDeleteContactListMutation,
  useUploadContactListMutation,
  useContactListItemPageQuery,
  useCreateContactListItemMutation,
  useUpdateContactListItemMutation,
  useDeleteContactListItemMutation,
} = contactListsApi;
