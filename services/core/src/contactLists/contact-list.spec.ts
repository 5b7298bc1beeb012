import type { ContactListEvent } from '@conversa/contracts';
import { describe, expect, it } from 'vitest';
import { spec } from '../commands/spec';
import { contactList } from './contact-list';

const created: ContactListEvent = { type: 'ContactListCreated', data: { contactListId: 3, name: 'Clientes' } };
const ana = { itemId: 10, name: 'Ana', number: '5511987654321', email: '' };
const added: ContactListEvent = { type: 'ContactListItemsAdded', data: { contactListId: 3, items: [ana] } };

describe('contact list decider', () => {
  it('creates, renames (only when the name differs) and deletes a list', () => {
    spec(contactList).given([]).when({ type: 'CreateContactList', contactListId: 3, name: 'Clientes' }).then([created]);
    spec(contactList).given([created]).when({ type: 'RenameContactList', name: 'Clientes' }).then([]);
    spec(contactList)
      .given([created])
      .when({ type: 'RenameContactList', name: 'VIP' })
      .then([{ type: 'ContactListRenamed', data: { contactListId: 3, name: 'VIP' } }]);
    spec(contactList)
      .given([created, { type: 'ContactListDeleted', data: { contactListId: 3 } }])
      .when({ type: 'AddListItems', items: [ana] })
      .thenThrows('ERR_NO_CONTACT_LIST_FOUND');
  });

  it('adds a spreadsheet in events of at most 500 items', () => {
    const items = Array.from({ length: 1201 }, (_, index) => ({ ...ana, itemId: index + 1 }));
    spec(contactList)
      .given([created])
      .when({ type: 'AddListItems', items })
      .thenState((state) => expect(state.status === 'active' && state.items.size).toBe(1201));
    const events = contactList.decide(contactList.evolve(contactList.initialState(), created), { type: 'AddListItems', items }, { now: new Date() });
    expect(events.map((event) => (event.type === 'ContactListItemsAdded' ? event.data.items.length : 0))).toEqual([500, 500, 201]);
  });

  it('changes and removes only items it holds', () => {
    spec(contactList)
      .given([created, added])
      .when({ type: 'ChangeListItem', itemId: 10, changes: { name: 'Ana Maria', email: '' } })
      .then([{ type: 'ContactListItemChanged', data: { contactListId: 3, itemId: 10, changes: { name: 'Ana Maria' } } }]);
    spec(contactList)
      .given([created, added])
      .when({ type: 'ChangeListItem', itemId: 11, changes: { name: 'X' } })
      .thenThrows('ERR_NO_CONTACT_LIST_ITEM_FOUND');
    spec(contactList)
      .given([created, added])
      .when({ type: 'RemoveListItem', itemId: 10 })
      .then([{ type: 'ContactListItemRemoved', data: { contactListId: 3, itemId: 10 } }]);
    spec(contactList)
      .given([created, added, { type: 'ContactListItemRemoved', data: { contactListId: 3, itemId: 10 } }])
      .when({ type: 'RemoveListItem', itemId: 10 })
      .thenThrows('ERR_NO_CONTACT_LIST_ITEM_FOUND');
  });
});
