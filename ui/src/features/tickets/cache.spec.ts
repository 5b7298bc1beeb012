import { describe, expect, it } from 'vitest';
import { applyContactFrame, applyNotificationFrame, applyTicketFrame, countChange, flattenTickets, type TicketListData } from './cache';
import type { TicketListArgs } from './listArgs';
import { contactView, ticket, ticketContact, ticketFrame, viewer } from './testTickets';
import type { TicketView as Ticket } from '@conversa/contracts';

const minutes = (n: number) => new Date(Date.UTC(2026, 10, 21, 10, n)).toISOString();
const list = (pages: Ticket[][], hasMore = false): TicketListData => ({
  pages: pages.map((tickets, index) => ({ tickets, count: 0, hasMore: index < pages.length - 1 || hasMore })),
  pageParams: pages.map((_, index) => ({ pageNumber: index + 1 })),
});
const ids = (data: TicketListData) => flattenTickets(data).map((row) => row.id);
const open: TicketListArgs = { status: 'open', showAll: false };
const me = viewer();

describe('ticket frames on a cached list', () => {
  it('move a ticket with a new message to the top with its unread count', () => {
    const data = list([[ticket({ id: 1, updatedAt: minutes(3) }), ticket({ id: 2, updatedAt: minutes(2) }), ticket({ id: 3, updatedAt: minutes(1) })]]);
    applyTicketFrame(data, ticketFrame({ action: 'update', ticket: ticket({ id: 3, updatedAt: minutes(4), unreadMessages: 2, lastMessage: 'Oi' }) }), open, me);
    expect(ids(data)).toEqual([3, 1, 2]);
    expect(flattenTickets(data)[0]).toMatchObject({ unreadMessages: 2, lastMessage: 'Oi' });
  });

  it('add a ticket that now matches (accepted, transferred to me) in its place, across pages', () => {
    const data = list([[ticket({ id: 5, updatedAt: minutes(9) })], [ticket({ id: 4, updatedAt: minutes(5) })]]);
    applyTicketFrame(
      data,
      ticketFrame({
        action: 'update',
        ticket: ticket({ id: 6, updatedAt: minutes(7) }),
        before: { status: 'pending', userId: null, queueId: 1, isGroup: false },
      }),
      open,
      me,
    );
    expect(ids(data)).toEqual([5, 6, 4]);
  });

  it('leave an older ticket to the page that holds it while pages remain', () => {
    const data = list([[ticket({ id: 5, updatedAt: minutes(9) })]], true);
    applyTicketFrame(data, ticketFrame({ action: 'update', ticket: ticket({ id: 1, updatedAt: minutes(1) }) }), open, me);
    expect(ids(data)).toEqual([5]);
    const complete = list([[ticket({ id: 5, updatedAt: minutes(9) })]]);
    applyTicketFrame(complete, ticketFrame({ action: 'update', ticket: ticket({ id: 1, updatedAt: minutes(1) }) }), open, me);
    expect(ids(complete)).toEqual([5, 1]);
  });

  it('drop a ticket that closed, was transferred away, was deleted, or whose queue is deselected', () => {
    const rows = () => list([[ticket({ id: 1, updatedAt: minutes(3) }), ticket({ id: 2, updatedAt: minutes(2) })]]);
    const closed = rows();
    applyTicketFrame(closed, ticketFrame({ action: 'update', ticket: ticket({ id: 1, status: 'closed', updatedAt: minutes(4) }) }), open, me);
    expect(ids(closed)).toEqual([2]);
    const away = rows();
    applyTicketFrame(away, ticketFrame({ action: 'update', ticket: ticket({ id: 2, userId: 8, updatedAt: minutes(4) }) }), open, me);
    expect(ids(away)).toEqual([1]);
    const deleted = rows();
    applyTicketFrame(deleted, ticketFrame({ action: 'delete', ticketId: 1, ticket: ticket({ id: 1 }) }), open, me);
    expect(ids(deleted)).toEqual([2]);
    const otherQueue = rows();
    applyTicketFrame(
      otherQueue,
      ticketFrame({ action: 'update', ticket: ticket({ id: 1, queueId: 2, updatedAt: minutes(4) }) }),
      { ...open, queueIds: [1] },
      viewer({ queueIds: [1, 2] }),
    );
    expect(ids(otherQueue)).toEqual([2]);
  });

  it('ignore a frame older than the row it would replace', () => {
    const data = list([[ticket({ id: 1, updatedAt: minutes(5), lastMessage: 'novo' })]]);
    applyTicketFrame(data, ticketFrame({ action: 'update', ticket: ticket({ id: 1, updatedAt: minutes(4), lastMessage: 'velho' }) }), open, me);
    expect(flattenTickets(data)[0]!.lastMessage).toBe('novo');
  });

  it('apply an unread reset in place', () => {
    const data = list([[ticket({ id: 1, updatedAt: minutes(5) }), ticket({ id: 2, updatedAt: minutes(4), unreadMessages: 3 })]]);
    applyTicketFrame(data, ticketFrame({ action: 'updateUnread', ticket: ticket({ id: 2, updatedAt: minutes(4), unreadMessages: 0 }) }), open, me);
    expect(ids(data)).toEqual([1, 2]);
    expect(flattenTickets(data)[1]!.unreadMessages).toBe(0);
  });

  it('never add rows to a search list, but update or drop the ones it has', () => {
    const search: TicketListArgs = { showAll: false, searchParam: 'maria' };
    const data = list([[ticket({ id: 1, updatedAt: minutes(3) })]]);
    applyTicketFrame(data, ticketFrame({ action: 'update', ticket: ticket({ id: 9, updatedAt: minutes(9) }) }), search, me);
    expect(ids(data)).toEqual([1]);
    applyTicketFrame(data, ticketFrame({ action: 'update', ticket: ticket({ id: 1, updatedAt: minutes(4), lastMessage: 'novo' }) }), search, me);
    expect(flattenTickets(data)[0]!.lastMessage).toBe('novo');
    applyTicketFrame(data, ticketFrame({ action: 'update', ticket: ticket({ id: 1, userId: 8, updatedAt: minutes(5) }) }), search, me);
    expect(ids(data)).toEqual([]);
  });

  it('rename and re-tag the rows of a contact', () => {
    const data = list([[ticket({ id: 1, contactId: 11 }), ticket({ id: 2, contactId: 12, contact: ticketContact({ id: 12, name: 'Outro', number: '1' }) })]]);
    applyContactFrame(data, { action: 'update', contact: contactView({ id: 11, name: 'Maria Silva', tags: [{ id: 4, name: 'vip', color: '#f00' }] }) });
    expect(flattenTickets(data)[0]).toMatchObject({ contact: { name: 'Maria Silva' }, tags: [{ id: 4 }] });
    expect(flattenTickets(data)[1]!.contact!.name).toBe('Outro');
  });

  it('show each ticket once when a page fetched after a move repeats it', () => {
    const data = list([
      [ticket({ id: 3 }), ticket({ id: 1 })],
      [ticket({ id: 1 }), ticket({ id: 2 })],
    ]);
    expect(ids(data)).toEqual([3, 1, 2]);
  });
});

describe('tab counts from frames', () => {
  const pending: TicketListArgs = { status: 'pending', showAll: false };
  it('move one from pending to open when a ticket is accepted', () => {
    const frame = ticketFrame({
      action: 'update',
      ticket: ticket({ status: 'open', userId: 7 }),
      before: { status: 'pending', userId: null, queueId: 1, isGroup: false },
    });
    expect(countChange(frame, pending, me, true)).toBe(-1);
    expect(countChange(frame, open, me, true)).toBe(1);
  });

  it('take one off when a ticket is deleted', () => {
    const frame = ticketFrame({ action: 'delete', ticketId: 1, ticket: ticket(), before: { status: 'open', userId: 7, queueId: 1, isGroup: false } });
    expect(countChange(frame, open, me, true)).toBe(-1);
  });

  it('leave counts alone for a message on a known ticket, and ask again for a ticket nobody had loaded', () => {
    const message = ticketFrame({ action: 'update', ticket: ticket() });
    expect(countChange(message, open, me, true)).toBe(0);
    expect(countChange(message, open, me, false)).toBe('unknown');
    expect(countChange(message, pending, me, false)).toBe(0);
  });
});

describe('the notification bell', () => {
  it('lists unread tickets the user works on, waiting ones only with allTicket, and says when to ring', () => {
    const mine = ticket({ id: 1, unreadMessages: 1, updatedAt: minutes(1) });
    let state = applyNotificationFrame([], ticketFrame({ action: 'update', ticket: mine }), me);
    expect(state).toEqual({ tickets: [mine], newMessage: true });
    state = applyNotificationFrame(state.tickets, ticketFrame({ action: 'update', ticket: { ...mine, unreadMessages: 1 } }), me);
    expect(state.newMessage).toBe(false);
    const waiting = ticket({ id: 2, status: 'pending', userId: null, unreadMessages: 1, updatedAt: minutes(2) });
    expect(applyNotificationFrame(state.tickets, ticketFrame({ action: 'update', ticket: waiting }), me).tickets.map((t) => t.id)).toEqual([1]);
    const withAll = applyNotificationFrame(state.tickets, ticketFrame({ action: 'update', ticket: waiting }), viewer({ allTicket: 'enable' }));
    expect(withAll.tickets.map((t) => t.id)).toEqual([2, 1]);
    expect(withAll.newMessage).toBe(true);
    // Reading the messages clears it; an admin's show-all does not bring in other people's tickets.
    expect(applyNotificationFrame(state.tickets, ticketFrame({ action: 'updateUnread', ticket: { ...mine, unreadMessages: 0 } }), me).tickets).toEqual([]);
    expect(
      applyNotificationFrame([], ticketFrame({ action: 'update', ticket: ticket({ userId: 8, unreadMessages: 2 }) }), viewer({ profile: 'admin' })).tickets,
    ).toEqual([]);
  });
});
