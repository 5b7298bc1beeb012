import type { ContactListFrame, ContactListItemFrame, ContactListItemPage, ContactListPage } from '@conversa/contracts';
import { useStore } from 'react-redux';
import { useSocketEvent, useSocketReconnect } from '../../app/SocketProvider';
import type { AppStore } from '../../app/store';
import { contactListsApi } from './api';

const byName = (a: { name: string; id: number }, b: { name: string; id: number }) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id - b.id;

/** The loaded lists after a `ContactList` frame: a deleted list, or one the search no longer matches, leaves; others take their place by name. */
export function applyContactListFrame(page: ContactListPage, event: ContactListFrame, searchParam: string): ContactListPage {
  if (event.action === 'delete') return { ...page, records: page.records.filter((row) => row.id !== event.id) };
  const record = 'record' in event ? event.record : undefined;
  if (!record || typeof record.id !== 'number') return page;
  const others = page.records.filter((row) => row.id !== record.id);
  if (!record.name.toLowerCase().includes(searchParam.trim().toLowerCase())) return { ...page, records: others };
  const last = others[others.length - 1];
  if (page.hasMore && last && byName(record, last) > 0 && others.length === page.records.length) return page;
  return { ...page, records: [...others, record].sort(byName) };
}

/** A list's loaded items after a `ContactListItem` frame (a `reload` is handled by the hook: the pages are read again). */
export function applyContactListItemFrame(page: ContactListItemPage, event: ContactListItemFrame, contactListId: number): ContactListItemPage {
  if (event.action === 'delete')
    return event.contactListId === contactListId ? { ...page, contacts: page.contacts.filter((row) => row.id !== event.id) } : page;
  if (event.action === 'reload' || !('record' in event) || event.record.contactListId !== contactListId) return page;
  const record = event.record;
  const known = page.contacts.some((row) => row.id === record.id);
  if (known) return { ...page, contacts: page.contacts.map((row) => (row.id === record.id ? record : row)) };
  const last = page.contacts[page.contacts.length - 1];
  if (page.hasMore && last && byName(record, last) > 0) return page;
  return { ...page, contacts: [...page.contacts, record].sort(byName) };
}

type State = Parameters<typeof contactListsApi.util.selectCachedArgsForQuery>[0];

/** Keeps the loaded lists and items current with the company's `ContactList` and `ContactListItem` frames. */
export function useContactListFrames(): void {
  const store = useStore() as AppStore;
  useSocketEvent('ContactList', (frame) => {
    const state = store.getState() as unknown as State;
    for (const args of contactListsApi.util.selectCachedArgsForQuery(state, 'contactListPage')) {
      store.dispatch(contactListsApi.util.updateQueryData('contactListPage', args, (draft) => applyContactListFrame(draft, frame, args.searchParam)));
    }
    if (frame.action !== 'delete') store.dispatch(contactListsApi.util.updateQueryData('contactList', frame.record.id, () => frame.record));
    store.dispatch(
      contactListsApi.util.updateQueryData(
        'allContactLists',
        undefined,
        (draft) => applyContactListFrame({ records: draft, hasMore: false, count: 0 }, frame, '').records,
      ),
    );
  });
  useSocketEvent('ContactListItem', (frame) => {
    if (frame.action === 'reload') {
      store.dispatch(contactListsApi.util.invalidateTags([{ type: 'ContactListItems', id: frame.contactListId }]));
      return;
    }
    const state = store.getState() as unknown as State;
    for (const args of contactListsApi.util.selectCachedArgsForQuery(state, 'contactListItemPage')) {
      store.dispatch(contactListsApi.util.updateQueryData('contactListItemPage', args, (draft) => applyContactListItemFrame(draft, frame, args.contactListId)));
    }
  });
  useSocketReconnect(() => store.dispatch(contactListsApi.util.invalidateTags(['ContactLists', 'ContactListItems'])));
}
