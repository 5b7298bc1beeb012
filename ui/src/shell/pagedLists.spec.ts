import { describe, expect, it } from 'vitest';
// Here, in the shell, because it gathers every feature's list (shared may not import features).
import { createAppStore } from '../app/store';
import { announcementsApi } from '../features/announcements/api';
import { campaignsApi } from '../features/campaigns/api';
import { chatsApi } from '../features/chats/api';
import { contactListsApi } from '../features/contactLists/api';
import { contactsPageApi } from '../features/contacts/pageApi';
import { filesApi } from '../features/files/api';
import { financialApi } from '../features/financial/api';
import { quickMessagesApi } from '../features/quickMessages/api';
import { schedulesApi } from '../features/schedules/api';
import { tagsApi } from '../features/tags/api';
import { usersApi } from '../features/users/api';
import { mergePage, pagedList, pagedListKey } from '../shared/pagedList';

describe('paged list cache key', () => {
  it('names the endpoint, the scope and the search (trimmed, any case)', () => {
    expect(pagedListKey('users', ' Ana ')).toBe(pagedListKey('users', 'ana'));
    expect(pagedListKey('users', 'ana')).not.toBe(pagedListKey('schedules', 'ana'));
    expect(pagedListKey('tagPage', '', [1])).not.toBe(pagedListKey('tagPage', '', ['all']));
    expect(pagedListKey('items', '', [12])).not.toBe(pagedListKey('items', '', [1]));
    // A search that looks like a scope stays a search.
    expect(pagedListKey('items', '1')).not.toBe(pagedListKey('items', '', [1]));
  });

  it('a first page replaces the list, a later one adds its rows after (a row seen again moves)', () => {
    const page = (ids: number[], hasMore = true) => ({ rows: ids.map((id) => ({ id, v: `v${id}` })), hasMore });
    expect(mergePage('rows', page([1, 2]), page([3], false), true)).toEqual(page([3], false));
    expect(mergePage('rows', page([1, 2]), page([2, 3], false), false)).toEqual(page([1, 2, 3], false));
    const options = pagedList<{ tags: Array<{ id: number }> }, { searchParam: string; offset: number }>('tags', { page: (args) => args.offset, firstPage: 0 });
    expect(options.forceRefetch({ currentArg: { searchParam: '', offset: 40 }, previousArg: { searchParam: '', offset: 0 } })).toBe(true);
    expect(options.forceRefetch({ currentArg: { searchParam: 'x', offset: 0 }, previousArg: { searchParam: '', offset: 0 } })).toBe(false);
    expect(options.merge({ tags: [{ id: 1 }] }, { tags: [{ id: 2 }] }, { arg: { searchParam: '', offset: 0 } })).toEqual({ tags: [{ id: 2 }] });
  });
});

describe('every infinite-scroll list of the app', () => {
  it('keeps its own rows when other lists hold the same search', async () => {
    const store = createAppStore();
    const lists = [
      [quickMessagesApi, 'quickMessages', { searchParam: '', pageNumber: 1 }, { records: [{ id: 1 }], count: 1, hasMore: false }],
      [schedulesApi, 'schedules', { searchParam: '', pageNumber: 1 }, { schedules: [{ id: 2 }], hasMore: false }],
      [usersApi, 'users', { searchParam: '', pageNumber: 1 }, { users: [{ id: 3 }], count: 1, hasMore: false }],
      [tagsApi, 'tagPage', { searchParam: '', offset: 0 }, { tags: [{ id: 4 }], hasMore: false }],
      [tagsApi, 'tagPage', { searchParam: '', offset: 0, kanban: 1 }, { tags: [{ id: 5 }], hasMore: false }],
      [financialApi, 'invoicePage', { searchParam: '', pageNumber: 1 }, { data: [{ id: 6 }], hasMore: false }],
      [contactsPageApi, 'contactsPage', { searchParam: '', pageNumber: 1 }, { contacts: [{ id: 7 }], hasMore: false }],
      [campaignsApi, 'campaignPage', { searchParam: '', pageNumber: 1 }, { records: [{ id: 8 }], count: 1, hasMore: false }],
      [contactListsApi, 'contactListPage', { searchParam: '', pageNumber: 1 }, { records: [{ id: 9 }], count: 1, hasMore: false }],
      [contactListsApi, 'contactListItemPage', { searchParam: '', pageNumber: 1, contactListId: 9 }, { contacts: [{ id: 10 }], count: 1, hasMore: false }],
      [contactListsApi, 'contactListItemPage', { searchParam: '', pageNumber: 1, contactListId: 10 }, { contacts: [{ id: 11 }], count: 1, hasMore: false }],
      [filesApi, 'fileListPage', { searchParam: '', pageNumber: 1 }, { files: [{ id: 12 }], count: 1, hasMore: false }],
      [announcementsApi, 'announcementPage', { searchParam: '', pageNumber: 1 }, { records: [{ id: 13 }], hasMore: false }],
      [chatsApi, 'chatPage', { searchParam: '', pageNumber: 1 }, { records: [{ id: 14 }], hasMore: false }],
    ] as const;
    // Loosely typed on purpose: one loop over endpoints of different page and argument types.
    for (const [api, endpoint, args, data] of lists) await store.dispatch((api.util.upsertQueryData as any)(endpoint, args, data));
    for (const [api, endpoint, args, data] of lists) expect((api.endpoints as any)[endpoint].select(args)(store.getState()).data, endpoint).toEqual(data);
  });
});
