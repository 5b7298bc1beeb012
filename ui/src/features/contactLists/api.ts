import type {
  ContactListItemPage,
  ContactListItemView,
  ContactListPage,
  ContactListView,
  CreateContactListItemRequest,
  ListUploadResult,
  UpdateContactListItemRequest,
} from '@conversa/contracts';
import { api } from '../../app/api';
import { pagedList } from '../../shared/pagedList';

export interface ListPageArgs {
  searchParam: string;
  pageNumber: number;
}
export interface ItemPageArgs extends ListPageArgs {
  contactListId: number;
}

export const contactListsApi = api.enhanceEndpoints({ addTagTypes: ['ContactLists', 'ContactListItems'] }).injectEndpoints({
  endpoints: (build) => ({
    contactListPage: build.query<ContactListPage, ListPageArgs>({
      query: ({ searchParam, pageNumber }) => ({ url: 'contact-lists', params: { searchParam, pageNumber } }),
      ...pagedList<ContactListPage, ListPageArgs>('records'),
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
      ...pagedList<ContactListItemPage, ItemPageArgs>('contacts', { scope: (args) => [args.contactListId] }),
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
