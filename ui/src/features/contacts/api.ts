import type {
  ContactErasedAnswer,
  ContactPage,
  ContactProfile,
  EraseContactRequest,
  ContactView as Contact,
  CreateContactBody,
  ListContactsParams as ContactSearch,
  UpdateContactBody,
} from '@conversa/contracts';
import { api } from '../../app/api';
import { getOne } from '../../shared/endpoints';

export type { Contact, ContactSearch };

const searchQuery = ({ searchParam, channel, isGroup, pageNumber }: ContactSearch) => {
  const params = new URLSearchParams();
  if (searchParam) params.set('searchParam', searchParam);
  if (channel) params.set('channel', channel);
  if (isGroup !== undefined) params.set('isGroup', String(isGroup));
  if (pageNumber) params.set('pageNumber', String(pageNumber));
  const text = params.toString();
  return text ? `contacts?${text}` : 'contacts';
};

/**
 * The contacts calls: search, read, create, update, block and the two toggles. Used by the contact drawer and
 * dialogs here and by the tickets feature's new-ticket dialog (search from 3 characters, create a contact).
 */
export const contactsApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchContacts: build.query<ContactPage, ContactSearch>({
      query: searchQuery,
      providesTags: (result) => [
        { type: 'Contacts', id: 'LIST' },
        ...(result?.contacts ?? []).map((contact) => ({ type: 'Contacts' as const, id: contact.id })),
      ],
    }),
    contact: build.query<Contact, number>(getOne('contacts', 'Contacts')),
    createContact: build.mutation<Contact, CreateContactBody>({
      query: (body) => ({ url: 'contacts', method: 'POST', body }),
      invalidatesTags: [{ type: 'Contacts', id: 'LIST' }],
    }),
    updateContact: build.mutation<Contact, { id: number } & UpdateContactBody>({
      query: ({ id, ...body }) => ({ url: `contacts/${id}`, method: 'PUT', body }),
      onQueryStarted: async (_args, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) void dispatch(contactsApi.util.upsertQueryData('contact', data.id, data));
      },
      invalidatesTags: [{ type: 'Contacts', id: 'LIST' }],
    }),
    /** PUT /contacts/block/:id: active false blocks, true unblocks. */
    setContactActive: build.mutation<Contact, { id: number; active: boolean }>({
      query: ({ id, active }) => ({ url: `contacts/block/${id}`, method: 'PUT', body: { active } }),
      onQueryStarted: async (_args, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) void dispatch(contactsApi.util.upsertQueryData('contact', data.id, data));
      },
    }),
    toggleDisableBot: build.mutation<Contact, number>({
      query: (id) => ({ url: `contacts/toggleDisableBot/${id}`, method: 'PUT' }),
      onQueryStarted: async (_args, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) void dispatch(contactsApi.util.upsertQueryData('contact', data.id, data));
      },
    }),
    toggleAcceptAudio: build.mutation<Contact, number>({
      query: (id) => ({ url: `contacts/toggleAcceptAudio/${id}`, method: 'PUT' }),
      onQueryStarted: async (_args, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) void dispatch(contactsApi.util.upsertQueryData('contact', data.id, data));
      },
    }),
    /** POST /contacts/:id/erase (LGPD, admins): the contact's personal data is gone for good; tickets stay. */
    eraseContact: build.mutation<ContactErasedAnswer, { id: number } & EraseContactRequest>({
      query: ({ id, ...body }) => ({ url: `contacts/${id}/erase`, method: 'POST', body }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Contacts', id: 'LIST' }, { type: 'Contacts', id }, 'Messages'],
    }),
    /** GET /contacts/profile/:number: the company's contact for a number, created when there is none. */
    contactByNumber: build.mutation<ContactProfile, string>({
      query: (number) => `contacts/profile/${encodeURIComponent(number)}`,
    }),
  }),
});

export const {
  useSearchContactsQuery,
  useLazySearchContactsQuery,
  useContactQuery,
  useCreateContactMutation,
  useUpdateContactMutation,
  useSetContactActiveMutation,
  useToggleDisableBotMutation,
  useToggleAcceptAudioMutation,
  useContactByNumberMutation,
  useEraseContactMutation,
} = contactsApi;
