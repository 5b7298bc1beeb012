import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../app/store';
import { sessionStarted } from '../../app/sessionSlice';
import { fakeServer } from '../../test/harness';
import { session } from '../../test/fixtures';
import { ticketsApi } from './api';
import { flattenTickets } from './cache';
import { EARLY_CALLS, takeEarly } from '../../app/early';
import type { SocketClient, SocketState } from '../../app/socket';
import { COUNT_REFRESH_MS, createTicketLive, readAgainWhenLive, setTicketInView } from './live';
import type { TicketListArgs } from './listArgs';
import { contactView, ticket, ticketFrame } from './testTickets';
import type { TicketView as Ticket } from '@conversa/contracts';

vi.mock('./sound', () => ({ playNotificationSound: vi.fn() }));
const { playNotificationSound } = await import('./sound');

const at = (minute: number) => new Date(Date.UTC(2026, 10, 21, 10, minute)).toISOString();

/** A signed-in attendant (queue 1) whose screen holds the open and pending tabs, their counts and the bell. */
async function screen(rows: Record<string, Ticket[]>) {
  const server = fakeServer({
    'GET /tickets': (request) => {
      const params = new URL(request.url).searchParams;
      const status = params.get('status') ?? 'unread';
      const tickets = rows[status] ?? [];
      return { status: 200, body: { tickets, count: tickets.length, hasMore: false } };
    },
  });
  const store = createAppStore();
  store.dispatch(sessionStarted(session({ id: 7, profile: 'user', queues: [{ id: 1, name: 'Vendas', color: '#2563eb' }] })));
  const open: TicketListArgs = { status: 'open', showAll: false };
  const pending: TicketListArgs = { status: 'pending', showAll: false };
  await Promise.all([
    store.dispatch(ticketsApi.endpoints.ticketList.initiate(open)),
    store.dispatch(ticketsApi.endpoints.ticketList.initiate(pending)),
    store.dispatch(ticketsApi.endpoints.ticketCount.initiate(open)),
    store.dispatch(ticketsApi.endpoints.ticketCount.initiate(pending)),
    store.dispatch(ticketsApi.endpoints.unreadTickets.initiate()),
  ]);
  const state = () => store.getState() as never;
  return {
    server,
    store,
    live: createTicketLive(store),
    list: (args: TicketListArgs) => flattenTickets(ticketsApi.endpoints.ticketList.select(args)(state()).data).map((row) => row.id),
    count: (args: TicketListArgs) => ticketsApi.endpoints.ticketCount.select(args)(state()).data,
    bell: () => (ticketsApi.endpoints.unreadTickets.select()(state()).data ?? []).map((row) => row.id),
    open,
    pending,
  };
}

afterEach(() => {
  setTicketInView(null);
  vi.mocked(playNotificationSound).mockClear();
});

describe('live ticket frames on the store', () => {
  it('move an accepted ticket from the waiting list to mine, counts included, without asking the server', async () => {
    const waiting = ticket({ id: 3, status: 'pending', userId: null, user: null, updatedAt: at(1) });
    const view = await screen({ open: [ticket({ id: 1, updatedAt: at(0) })], pending: [waiting] });
    const requests = view.server.calls.length;
    view.live.onTicket(
      ticketFrame({
        action: 'update',
        ticket: { ...waiting, status: 'open', userId: 7, updatedAt: at(2) },
        before: { status: 'pending', userId: null, queueId: 1, isGroup: false },
      }),
    );
    expect(view.list(view.pending)).toEqual([]);
    expect(view.list(view.open)).toEqual([3, 1]);
    expect(view.count(view.pending)).toBe(0);
    expect(view.count(view.open)).toBe(2);
    expect(view.server.calls.length).toBe(requests);
  });

  it('asks only the counts again when a ticket nobody had loaded appears', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const view = await screen({ open: [], pending: [] });
    const requests = view.server.calls.length;
    view.live.onTicket(ticketFrame({ action: 'update', ticket: ticket({ id: 9, status: 'pending', userId: null, updatedAt: at(5) }) }));
    expect(view.list(view.pending)).toEqual([9]);
    view.live.onTicket(ticketFrame({ action: 'update', ticket: ticket({ id: 10, status: 'pending', userId: null, updatedAt: at(6) }) }));
    await vi.advanceTimersByTimeAsync(COUNT_REFRESH_MS);
    vi.useRealTimers();
    await vi.waitFor(() => expect(view.server.calls.length).toBe(requests + 2));
    // One refresh for both frames: the two count queries, never the lists.
    expect(view.server.calls.slice(requests).every((call) => call.path === '/tickets')).toBe(true);
  });

  it('rings for a new unread message unless the ticket is the one being read', async () => {
    const mine = ticket({ id: 1, unreadMessages: 0, updatedAt: at(0) });
    const view = await screen({ open: [mine], unread: [] });
    view.live.onTicket(ticketFrame({ action: 'update', ticket: { ...mine, unreadMessages: 1, lastMessage: 'Oi', updatedAt: at(1) } }));
    expect(view.bell()).toEqual([1]);
    expect(playNotificationSound).toHaveBeenCalledTimes(1);
    setTicketInView(1);
    Object.defineProperty(document, 'hidden', { configurable: true, value: false });
    view.live.onTicket(ticketFrame({ action: 'update', ticket: { ...mine, unreadMessages: 2, updatedAt: at(2) } }));
    expect(playNotificationSound).toHaveBeenCalledTimes(1);
    view.live.onTicket(ticketFrame({ action: 'updateUnread', ticket: { ...mine, unreadMessages: 0, updatedAt: at(2) } }));
    expect(view.bell()).toEqual([]);
  });

  it('renames rows from contact frames and drops deleted tickets', async () => {
    const view = await screen({ open: [ticket({ id: 1, contactId: 11 }), ticket({ id: 2, contactId: 12, updatedAt: at(-1) })] });
    view.live.onContact({ action: 'update', contact: contactView({ id: 11, name: 'Maria Renomeada' }) });
    const rows = flattenTickets(ticketsApi.endpoints.ticketList.select(view.open)(view.store.getState() as never).data);
    expect(rows[0]!.contact!.name).toBe('Maria Renomeada');
    view.live.onTicket(
      ticketFrame({ action: 'delete', ticketId: 2, ticket: ticket({ id: 2 }), before: { status: 'open', userId: 7, queueId: 1, isGroup: false } }),
    );
    expect(view.list(view.open)).toEqual([1]);
    expect(view.count(view.open)).toBe(1);
  });
});

/** A socket whose state the test moves. */
function fakeSocket(state: SocketState) {
  const handlers = new Set<(state: SocketState) => void>();
  const socket = { state, onStateChange: (handler: (state: SocketState) => void) => (handlers.add(handler), () => handlers.delete(handler)) };
  return { socket: socket as unknown as SocketClient, move: (next: SocketState) => ((socket.state = next), handlers.forEach((handler) => handler(next))) };
}

describe('what was read before the socket was authenticated', () => {
  it('is read again at its first authentication (frames flow from then on), and only then', async () => {
    const view = await screen({ open: [ticket({ id: 1, updatedAt: at(0) })] });
    const readAgain = vi.fn();
    const { socket, move } = fakeSocket('connecting');
    const stop = readAgainWhenLive(socket, view.store, readAgain);
    move('open');
    expect(readAgain).toHaveBeenCalledTimes(1);
    // A reconnect is onReconnect's (it reads everything again itself).
    move('closed');
    move('open');
    expect(readAgain).toHaveBeenCalledTimes(1);
    stop();
  });

  it('is read again when the app takes, after the socket is live, a list the boot script asked early', async () => {
    const view = await screen({});
    const readAgain = vi.fn();
    const { socket } = fakeSocket('open');
    const stop = readAgainWhenLive(socket, view.store, readAgain);
    const address = `${window.location.origin}/tickets?pageNumber=1&showAll=false&status=open`;
    (window as unknown as Record<string, unknown>)[EARLY_CALLS] = new Map([[`GET ${address}`, Promise.resolve(new Response('{}'))]]);
    // An early read is taken only while the page is young; this worker may have lived longer than that.
    const now = vi.spyOn(performance, 'now').mockReturnValue(0);
    expect(takeEarly(new Request(address))).toBeDefined();
    now.mockRestore();
    await vi.waitFor(() => expect(readAgain).toHaveBeenCalledTimes(1));
    stop();
    delete (window as unknown as Record<string, unknown>)[EARLY_CALLS];
  });

  it('is not read again when nothing of the tickets was held at the first authentication', () => {
    const readAgain = vi.fn();
    const { socket, move } = fakeSocket('connecting');
    const stop = readAgainWhenLive(socket, createAppStore(), readAgain);
    move('open');
    expect(readAgain).not.toHaveBeenCalled();
    stop();
  });
});
