import { DomainError, LIST_ITEMS_PER_EVENT, type ContactListEvent, type ListItem, type ListItemDetails } from '@conversa/contracts';
import type { Decider } from '../commands/decider';
import { changedFields } from '../commands/changes';

export type ContactList =
  | { status: 'none' }
  | { status: 'active' | 'deleted'; contactListId: number; name: string; items: Map<number, ListItemDetails> };

export type ContactListCommand =
  | { type: 'CreateContactList'; contactListId: number; name: string }
  | { type: 'RenameContactList'; name: string }
  | { type: 'DeleteContactList' }
  | { type: 'AddListItems'; items: ListItem[] }
  | { type: 'ChangeListItem'; itemId: number; changes: Partial<ListItemDetails> }
  | { type: 'RemoveListItem'; itemId: number };

const chunks = <T>(list: readonly T[], size: number): T[][] => Array.from({ length: Math.ceil(list.length / size) }, (_, index) => list.slice(index * size, (index + 1) * size));

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
      case 'ContactListItemsAdded': {
        // The fold owns its map (every command folds afresh): copying it per event made a 100,000-item list quadratic.
        for (const { itemId, ...details } of event.data.items) state.items.set(itemId, details);
        return { ...state };
      }
      case 'ContactListItemChanged': {
        const current = state.items.get(event.data.itemId);
        if (!current) return state;
        const items = new Map(state.items);
        items.set(event.data.itemId, { ...current, ...event.data.changes });
        return { ...state, items };
      }
      case 'ContactListItemRemoved': {
        const items = new Map(state.items);
        items.delete(event.data.itemId);
        return { ...state, items };
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
        return Object.keys(changes).length === 0 ? [] : [{ type: 'ContactListItemChanged', data: { contactListId, itemId: command.itemId, changes } }];
      }
      case 'RemoveListItem':
        if (!state.items.has(command.itemId)) throw new DomainError('ERR_NO_CONTACT_LIST_ITEM_FOUND');
        return [{ type: 'ContactListItemRemoved', data: { contactListId, itemId: command.itemId } }];
    }
  },
};
