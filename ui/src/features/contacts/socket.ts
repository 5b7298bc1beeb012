import { useAppDispatch } from '../../app/store';
import { useSocketEvent, useSocketReconnect } from '../../app/SocketProvider';
import type { ContactFrame, ContactView as Contact } from '@conversa/contracts';
import { contactsApi } from './api';
import { contactsPageApi, type ContactsPage, type ContactsPageArgs } from './pageApi';

type ListFilters = Pick<ContactsPageArgs, 'searchParam' | 'channel'>;

/** Whether the list's search and channel filter keep this contact: name, e-mail or the number's digits, as the server searches. */
export function contactMatches(contact: Pick<Contact, 'name' | 'number' | 'email' | 'channel'>, args: ListFilters): boolean {
  if (args.channel !== '' && contact.channel !== args.channel) return false;
  const term = args.searchParam.trim().toLowerCase();
  if (term === '') return true;
  const numberLike = /^[\d\s()+\-.]+$/.test(term);
  const digits = numberLike ? term.replace(/\D/g, '') : '';
  const byEmail = !numberLike && !/\s/.test(term) && contact.email.toLowerCase().includes(term);
  return contact.name.toLowerCase().includes(term) || (digits !== '' && contact.number.includes(digits)) || byEmail;
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
export function applyContactListFrame(list: ContactsPage, frame: ContactFrame, args: ListFilters): ContactsPage {
  const { action, contact, contactId } = frame;
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

/** Applies a contact frame to the cached contact it names (the drawer follows changes made elsewhere). */
export function applyContactFrame(dispatch: ReturnType<typeof useAppDispatch>, frame: ContactFrame): void {
  const { action, contact } = frame;
  if (action === 'delete' || !contact || typeof contact.id !== 'number') return;
  dispatch(contactsApi.util.updateQueryData('contact', contact.id, () => contact));
}

export function useContactFrames(): void {
  const dispatch = useAppDispatch();
  useSocketEvent('contact', (frame) => applyContactFrame(dispatch, frame));
  useSocketReconnect(() => dispatch(contactsApi.util.invalidateTags(['Contacts'])));
}

/** The /contacts list: its loaded pages follow `contact` frames (and the cached contacts too); a reconnect reloads. */
export function useContactListFrames(filters: ListFilters, onReconnect: () => void): (frame: ContactFrame) => void {
  const dispatch = useAppDispatch();
  const apply = (frame: ContactFrame) =>
    dispatch(contactsPageApi.util.updateQueryData('contactsPage', { ...filters, pageNumber: 1 }, (draft) => applyContactListFrame(draft, frame, filters)));
  useSocketEvent('contact', (frame) => {
    applyContactFrame(dispatch, frame);
    apply(frame);
  });
  useSocketReconnect(onReconnect);
  return apply;
}
