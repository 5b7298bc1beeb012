import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SocketClient } from './socket';

class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen: ((ev: Event) => unknown) | null = null;
  onclose: ((ev: CloseEvent) => unknown) | null = null;
  onerror: ((ev: Event) => unknown) | null = null;
  onmessage: ((ev: MessageEvent) => unknown) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  /** Opens and accepts the token the client sends first, as the edge does. */
  serverOpens() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify({ event: 'authenticated' }) }));
  }
  /** Opens, but has not accepted the token yet. */
  serverUpgrades() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  serverDrops(code = 1006) {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code }));
  }
  serverSends(frame: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(frame) }));
  }
}

const latest = () => FakeSocket.all[FakeSocket.all.length - 1]!;
const client = (onlineEvents: EventTarget | null = null) =>
  new SocketClient({
    url: () => 'ws://app.test/socket',
    createSocket: (url) => new FakeSocket(url),
    initialDelayMs: 1000,
    maxDelayMs: 8000,
    jitter: 0,
    userStatusIntervalMs: 300_000,
    onlineEvents,
  });

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('socket client', () => {
  it('connects with the token, sends joins and userStatus, and repeats userStatus every 300000 ms', () => {
    const socket = client();
    socket.join({ event: 'joinNotification' });
    socket.setToken('t1');
    // The token is never in the URL: it is the first message, before any join.
    expect(latest().url).toBe('ws://app.test/socket');
    latest().serverOpens();
    expect(latest().sent).toEqual([{ event: 'authenticate', data: 't1' }, { event: 'joinNotification' }, { event: 'userStatus' }]);
    socket.join({ event: 'joinTickets', data: 'open' });
    expect(latest().sent).toContainEqual({ event: 'joinTickets', data: 'open' });
    vi.advanceTimersByTime(300_000);
    expect(latest().sent.filter((message) => (message as { event: string }).event === 'userStatus')).toHaveLength(2);
  });

  it('reconnects with growing backoff after a lost connection and re-sends the joins', () => {
    const socket = client();
    const reconnected = vi.fn();
    socket.onReconnect(reconnected);
    socket.setToken('t1');
    latest().serverOpens();
    socket.join({ event: 'joinTickets', data: 'open' });
    const leave = socket.join({ event: 'joinChatBox', data: '42' });
    leave();

    latest().serverDrops();
    expect(socket.state).toBe('closed');
    vi.advanceTimersByTime(999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);

    latest().serverDrops(); // the edge is still down: next try after 2 s
    vi.advanceTimersByTime(1999);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(3);

    latest().serverOpens();
    expect(latest().sent).toEqual([{ event: 'authenticate', data: 't1' }, { event: 'joinTickets', data: 'open' }, { event: 'userStatus' }]);
    expect(reconnected).toHaveBeenCalledTimes(1);

    latest().serverDrops(); // a successful open resets the backoff
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(4);
  });

  it('counts as open, and refetches after a reconnect, only once the edge has accepted the token', () => {
    const socket = client();
    const reconnected = vi.fn();
    socket.onReconnect(reconnected);
    socket.setToken('t1');
    latest().serverOpens();
    latest().serverDrops();
    vi.advanceTimersByTime(1000);
    latest().serverUpgrades();
    // Frames published before the edge checked the token do not reach this socket: a refetch now could miss them.
    expect(socket.state).toBe('reconnecting');
    expect(reconnected).not.toHaveBeenCalled();
    latest().serverSends({ event: 'authenticated' });
    expect(socket.state).toBe('open');
    expect(reconnected).toHaveBeenCalledTimes(1);
  });

  it('sends a refreshed token over the open socket instead of reconnecting', () => {
    const socket = client();
    socket.join({ event: 'joinNotification' });
    socket.setToken('t1');
    const first = latest();
    first.serverOpens();
    socket.setToken('t2');
    expect(first.closed).toBe(false);
    expect(FakeSocket.all).toHaveLength(1);
    expect(first.sent[first.sent.length - 1]).toEqual({ event: 'authenticate', data: 't2' });
    // Dropped later, it reconnects with the newest token.
    first.serverDrops();
    vi.advanceTimersByTime(1000);
    latest().serverOpens();
    expect(latest().sent[0]).toEqual({ event: 'authenticate', data: 't2' });
  });

  it('connects at once with a refreshed token while not connected', () => {
    const socket = client();
    socket.setToken('t1');
    const first = latest();
    socket.setToken('t2');
    expect(first.closed).toBe(true);
    expect(FakeSocket.all).toHaveLength(2);
    // The old socket's late close must not schedule a reconnect of its own.
    first.onclose?.(new CloseEvent('close'));
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('asks for a refresh once per token when the edge closes the socket as unauthorized', () => {
    const socket = client();
    const unauthorized = vi.fn();
    socket.onUnauthorized(unauthorized);
    socket.setToken('t1');
    latest().serverOpens();
    latest().serverDrops(4401);
    expect(unauthorized).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    latest().serverDrops(4401);
    expect(unauthorized).toHaveBeenCalledTimes(1);
    // The refreshed token opens a socket at once; a later 4401 for it is reported again.
    socket.setToken('t2');
    latest().serverOpens();
    expect(latest().sent[0]).toEqual({ event: 'authenticate', data: 't2' });
    latest().serverDrops(1006);
    expect(unauthorized).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    latest().serverDrops(4401);
    expect(unauthorized).toHaveBeenCalledTimes(2);
  });

  it('delivers frames by event suffix whatever the company id, and stops after unsubscribe', () => {
    const socket = client();
    const onTicket = vi.fn();
    const unsubscribe = socket.subscribe('ticket', onTicket);
    const onAuth = vi.fn();
    socket.subscribe('auth', onAuth);
    socket.setToken('t1');
    latest().serverOpens();
    latest().serverSends({ event: 'company-2-ticket', data: { action: 'update', ticket: { id: 1 } } });
    latest().serverSends({ event: 'company-2-auth', data: { action: 'update', user: { id: 7 } } });
    latest().serverSends({ event: 'company-2-contact', data: {} });
    latest().onmessage?.(new MessageEvent('message', { data: 'not json' }));
    expect(onTicket).toHaveBeenCalledWith({ action: 'update', ticket: { id: 1 } }, 'company-2-ticket');
    expect(onAuth).toHaveBeenCalledTimes(1);
    unsubscribe();
    latest().serverSends({ event: 'company-2-ticket', data: {} });
    expect(onTicket).toHaveBeenCalledTimes(1);
  });

  it('stops reconnecting after disconnect (logout)', () => {
    const socket = client();
    socket.setToken('t1');
    latest().serverOpens();
    socket.setToken(null);
    expect(latest().closed).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(socket.state).toBe('idle');
  });

  it('resumes after the last frame sequence it saw instead of refetching, drops repeats, and refetches when the edge says so', () => {
    const socket = client();
    const reconnected = vi.fn();
    const onNote = vi.fn();
    socket.onReconnect(reconnected);
    socket.subscribe('dashboard', onNote);
    socket.setToken('t1');
    latest().serverUpgrades();
    latest().serverSends({ event: 'authenticated', seq: 4 });
    latest().serverSends({ event: 'company-2-dashboard', data: { n: 5 }, seq: 5 });
    latest().serverSends({ event: 'company-2-presence', data: { p: 1 } });
    latest().serverDrops();
    vi.advanceTimersByTime(1000);
    latest().serverUpgrades();
    expect(latest().sent[0]).toEqual({ event: 'authenticate', data: 't1', resume: 5 });
    latest().serverSends({ event: 'authenticated' });
    // What it missed comes as frames; one it had already (seen on another edge) is dropped.
    latest().serverSends({ event: 'company-2-dashboard', data: { n: 5 }, seq: 5 });
    latest().serverSends({ event: 'company-2-dashboard', data: { n: 6 }, seq: 6 });
    expect(reconnected).not.toHaveBeenCalled();
    expect(onNote.mock.calls.map(([data]) => data)).toEqual([{ n: 5 }, { n: 6 }]);
    // Away longer than the edge's window: told to read the lists again.
    latest().serverDrops();
    vi.advanceTimersByTime(1000);
    latest().serverUpgrades();
    expect(latest().sent[0]).toEqual({ event: 'authenticate', data: 't1', resume: 6 });
    latest().serverSends({ event: 'authenticated' });
    latest().serverSends({ event: 'refetch', seq: 40 });
    expect(reconnected).toHaveBeenCalledTimes(1);
    // The lists read then hold everything up to 40: the next resume starts there.
    latest().serverDrops();
    vi.advanceTimersByTime(1000);
    latest().serverUpgrades();
    expect(latest().sent[0]).toEqual({ event: 'authenticate', data: 't1', resume: 40 });
  });

  it('reconnects at once when the browser comes back online, whatever the backoff', () => {
    const network = new EventTarget();
    const socket = client(network);
    socket.setToken('t1');
    latest().serverOpens();
    for (let i = 0; i < 4; i++) {
      latest().serverDrops();
      vi.advanceTimersByTime(8000);
    }
    latest().serverDrops();
    expect(socket.state).toBe('closed');
    const tries = FakeSocket.all.length;
    network.dispatchEvent(new Event('online'));
    expect(FakeSocket.all).toHaveLength(tries + 1);
    expect(socket.state).toBe('reconnecting');
    latest().serverOpens();
    expect(socket.state).toBe('open');
    // Back to the first delay after that.
    latest().serverDrops();
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(tries + 2);
    // Online while open changes nothing.
    latest().serverOpens();
    network.dispatchEvent(new Event('online'));
    expect(FakeSocket.all).toHaveLength(tries + 2);
  });
});
