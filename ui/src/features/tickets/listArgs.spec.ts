import { describe, expect, it } from 'vitest';
import { matchesList, normaliseListArgs, selectsNothing, toQueryParams } from './listArgs';
import { ticket, viewer } from './testTickets';

describe('ticket list filters', () => {
  it('normalise to one cache key: sorted, deduplicated, empties dropped', () => {
    expect(normaliseListArgs({ status: 'open', showAll: false, searchParam: '  ', tags: [], users: [3, 1, 3], queueIds: [2, 1] })).toEqual({
      status: 'open',
      showAll: false,
      users: [1, 3],
      queueIds: [1, 2],
    });
  });

  it('become the query string of GET /tickets with lists as JSON arrays', () => {
    const args = normaliseListArgs({
      status: 'pending',
      showAll: true,
      searchParam: 'maria',
      queueIds: [1, 2],
      tags: [5],
      users: [7],
      whatsappIds: [3],
      statusFilter: ['open', 'closed'],
    });
    expect(toQueryParams(args, 3)).toEqual({
      pageNumber: '3',
      showAll: 'true',
      status: 'pending',
      searchParam: 'maria',
      queueIds: '[1,2]',
      tags: '[5]',
      users: '[7]',
      whatsappIds: '[3]',
      statusFilter: '["closed","open"]',
    });
    expect(toQueryParams({ showAll: false }, 1)).toEqual({ pageNumber: '1', showAll: 'false' });
  });

  it('treat an empty queue selection as an empty list rather than "no filter"', () => {
    expect(selectsNothing({ showAll: false, queueIds: [] })).toBe(true);
    expect(selectsNothing({ showAll: false })).toBe(false);
  });

  it('decide membership like the server: status, visibility, queues, users, connections, tags, unread', () => {
    const me = viewer();
    const open = { status: 'open' as const, showAll: false };
    expect(matchesList(ticket(), open, me)).toBe(true);
    expect(matchesList(ticket({ status: 'pending' }), open, me)).toBe(false);
    // Someone else's open ticket: only with show-all, and only for those who hold it.
    expect(matchesList(ticket({ userId: 8 }), open, me)).toBe(false);
    expect(matchesList(ticket({ userId: 8 }), { ...open, showAll: true }, me)).toBe(false);
    expect(matchesList(ticket({ userId: 8 }), { ...open, showAll: true }, viewer({ profile: 'admin' }))).toBe(true);
    // A deselected queue takes the ticket out of the list.
    expect(matchesList(ticket({ queueId: 1 }), { ...open, queueIds: [2] }, me)).toBe(false);
    expect(matchesList(ticket({ queueId: null }), { ...open, queueIds: [1] }, me)).toBe(false);
    expect(matchesList(ticket({ queueId: 1 }), { ...open, queueIds: [1, 2] }, me)).toBe(true);
    expect(matchesList(ticket(), { ...open, users: [9] }, me)).toBe(false);
    expect(matchesList(ticket({ whatsappId: 3 }), { ...open, whatsappIds: [3] }, me)).toBe(true);
    expect(matchesList(ticket({ whatsappId: null }), { ...open, whatsappIds: [3] }, me)).toBe(false);
    expect(matchesList(ticket({ tags: [{ id: 5, name: 'vip', color: '#f00' }] }), { ...open, tags: [5] }, me)).toBe(true);
    expect(matchesList(ticket(), { ...open, tags: [5] }, me)).toBe(false);
    expect(matchesList(ticket({ unreadMessages: 0 }), { ...open, withUnreadMessages: true }, me)).toBe(false);
    expect(matchesList(ticket({ status: 'closed' }), { showAll: false, statusFilter: ['open', 'closed'] }, me)).toBe(true);
    expect(matchesList(ticket({ status: 'pending', userId: null }), { showAll: false, statusFilter: ['open'] }, me)).toBe(false);
  });

  it('show waiting tickets of the user’s queues, and queueless ones only with allTicket', () => {
    const pending = { status: 'pending' as const, showAll: false };
    expect(matchesList(ticket({ status: 'pending', userId: null, queueId: 1 }), pending, viewer())).toBe(true);
    expect(matchesList(ticket({ status: 'pending', userId: null, queueId: 2 }), pending, viewer())).toBe(false);
    expect(matchesList(ticket({ status: 'pending', userId: null, queueId: null }), pending, viewer())).toBe(false);
    expect(matchesList(ticket({ status: 'pending', userId: null, queueId: null }), pending, viewer({ allTicket: 'enable' }))).toBe(true);
  });
});
