import { DomainError, LIST_ITEMS_PER_EVENT, type ContactListEvent, type ListItem, type ListItemDetails } from '@conversa/contracts';
import type { Decider } from '../commands/decider';
import { changedFields } from '../commands/changes';

export type ContactList = { status: 'none' } | { status: 'active' | 'deleted'; contactListId: number; name: string; items: Map<number, ListItemDetails> };

export type ContactListCommand =
  | { type: 'CreateContactList'; contactListId: number; name: string }
  | { type: 'RenameContactList'; name: string }
  | { type: 'DeleteContactList' }
  | { type: 'AddListItems'; items: (ListItem & { digest?: string })[] }
  /** `digest`: the new number's, when the change gives one. */
  | { type: 'ChangeListItem'; itemId: number; changes: Partial<ListItemDetails>; digest?: string }
  | { type: 'RemoveListItem'; itemId: number };

const chunks = <T>(list: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, index) => list.slice(index * size, (index + 1) * size));

export const contactList: Decider<ContactList, ContactListCommand, ContactListEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    if (event.type === 'ContactListCreated') return { status: 'active', contactListId: event.data.contactListId, name: event.data.name, items: new Map() };
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'ContactListRenamed':
        return { ...state, name: event.data.name };
      case 'ContactListDeleted':
        return { ...state, status: 'deleted' };
      // The fold owns its map (the state cache hands a list's state to one command at a time): copying it
      // per event made a 100,000-item list quadratic. Items added after the list's deletion (an add commutes,
      // so it may land after one) are no part of it.
      case 'ContactListItemsAdded': {
        if (state.status === 'deleted') return state;
        for (const { itemId, digest: _digest, ...details } of event.data.items) state.items.set(itemId, details);
        return { ...state };
      }
      case 'ContactListItemChanged': {
        const current = state.items.get(event.data.itemId);
        if (!current) return state;
        state.items.set(event.data.itemId, { ...current, ...event.data.changes });
        return { ...state };
      }
      case 'ContactListItemRemoved': {
        state.items.delete(event.data.itemId);
        return { ...state };
      }
      case 'ContactListItemsValidated':
        return state;
    }
  },
  decide(state, command) {
    if (command.type === 'CreateContactList') {
      if (state.status !== 'none') throw new DomainError('ERR_VALIDATION', 'Contact list already exists');
      return [{ type: 'ContactListCreated', data: { contactListId: command.contactListId, name: command.name } }];
    }
    if (state.status !== 'active') throw new DomainError('ERR_NO_CONTACT_LIST_FOUND');
    const contactListId = state.contactListId;
    switch (command.type) {
      case 'RenameContactList':
        return command.name === state.name ? [] : [{ type: 'ContactListRenamed', data: { contactListId, name: command.name } }];
      case 'DeleteContactList':
        return [{ type: 'ContactListDeleted', data: { contactListId } }];
      case 'AddListItems':
        return chunks(command.items, LIST_ITEMS_PER_EVENT).map((items) => ({ type: 'ContactListItemsAdded' as const, data: { contactListId, items } }));
      case 'ChangeListItem': {
        const current = state.items.get(command.itemId);
        if (!current) throw new DomainError('ERR_NO_CONTACT_LIST_ITEM_FOUND');
        const changes = changedFields(current, command.changes);
        if (Object.keys(changes).length === 0) return [];
        const digest = changes.number !== undefined && command.digest ? { digest: command.digest } : {};
        return [{ type: 'ContactListItemChanged', data: { contactListId, itemId: command.itemId, changes, ...digest } }];
      }
      case 'RemoveListItem':
        if (!state.items.has(command.itemId)) throw new DomainError('ERR_NO_CONTACT_LIST_ITEM_FOUND');
        return [{ type: 'ContactListItemRemoved', data: { contactListId, itemId: command.itemId } }];
    }
  },
  // A new item has an id of its own (the allocator's) and needs only a list that is not deleted: adds
  // never refuse each other, whatever else the list's stream receives meanwhile.
  commutes: (command) => command.type === 'AddListItems',
};
