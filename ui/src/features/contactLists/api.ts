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
import { del, get, getOne, getSearchPage, post, put, type SearchPageArgs } from '../../shared/endpoints';
import { pagedList } from '../../shared/pagedList';

export type ListPageArgs = SearchPageArgs;
export interface ItemPageArgs extends ListPageArgs {
  contactListId: number;
}

export const contactListsApi = api.enhanceEndpoints({ addTagTypes: ['ContactLists', 'ContactListItems'] }).injectEndpoints({
  endpoints: (build) => ({
    contactListPage: build.query<ContactListPage, ListPageArgs>(getSearchPage('contact-lists', 'records', 'ContactLists')),
    /** GET /contact-lists/list: every list (the campaign dialog's choices). */
    allContactLists: build.query<ContactListView[], void>(get('contact-lists/list', 'ContactLists')),
    contactList: build.query<ContactListView, number>(getOne('contact-lists', 'ContactLists')),
    createContactList: build.mutation<ContactListView, { name: string }>(post('contact-lists')),
    updateContactList: build.mutation<ContactListView, { id: number; name: string }>(put('contact-lists')),
    deleteContactList: build.mutation<unknown, number>(del('contact-lists')),
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
    createContactListItem: build.mutation<ContactListItemView, CreateContactListItemRequest>(post('contact-list-items')),
    updateContactListItem: build.mutation<ContactListItemView, UpdateContactListItemRequest & { id: number }>(put('contact-list-items')),
    deleteContactListItem: build.mutation<unknown, number>(del('contact-list-items')),
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
