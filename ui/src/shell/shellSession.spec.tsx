import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer, renderApp } from '../test/harness';
import { session } from '../test/fixtures';
import { reloadPage } from '../app/browser';
import { SocketClient } from '../app/socket';

vi.mock('../app/browser', () => ({ reloadPage: vi.fn() }));

interface Fake {
  url: string;
  readyState: number;
  sent: unknown[];
  onopen: ((ev: Event) => unknown) | null;
  onclose: ((ev: CloseEvent) => unknown) | null;
  onerror: ((ev: Event) => unknown) | null;
  onmessage: ((ev: MessageEvent) => unknown) | null;
  send(data: string): void;
  close(): void;
}

function fakeEdge() {
  const sockets: Fake[] = [];
  const client = new SocketClient({
    createSocket: (url) => {
      const socket: Fake = {
        url,
        readyState: 0,
        sent: [],
        onopen: null,
        onclose: null,
        onerror: null,
        onmessage: null,
        send(data) {
          this.sent.push(JSON.parse(data));
        },
        close() {
          this.readyState = 3;
        },
      };
      sockets.push(socket);
      return socket;
    },
  });
  const open = () =>
    act(async () => {
      const socket = sockets[sockets.length - 1]!;
      socket.readyState = 1;
      socket.onopen?.(new Event('open'));
      // The edge accepts the token the client sent first.
      socket.onmessage?.(new MessageEvent('message', { data: JSON.stringify({ event: 'authenticated' }) }));
    });
  const frame = (event: string, data: unknown) =>
    act(async () => {
      sockets[sockets.length - 1]!.onmessage?.(new MessageEvent('message', { data: JSON.stringify({ event, data }) }));
    });
  const closeAs = (code: number) =>
    act(async () => {
      const socket = sockets[sockets.length - 1]!;
      socket.readyState = 3;
      socket.onclose?.(new CloseEvent('close', { code }));
    });
  return { client, sockets, open, frame, closeAs };
}

/** An access token shaped like the server's: a JWT whose payload names its session. */
const jwtWithSession = (sid: string) => `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify({ sub: '7', sid })).replace(/=+$/, '')}.signature`;

describe('shell real-time session', () => {
  it('opens the socket with the access token and joins notifications', async () => {
    fakeServer({});
    const edge = fakeEdge();
    renderApp({ signedIn: session(), socket: edge.client });
    await screen.findByTestId('app-shell');
    await waitFor(() => expect(edge.sockets).toHaveLength(1));
    expect(edge.sockets[0]!.url).toMatch(/\/socket$/);
    await edge.open();
    expect(edge.sockets[0]!.sent[0]).toEqual({ event: 'authenticate', data: 'access-1' });
    expect(edge.sockets[0]!.sent).toContainEqual({ event: 'joinNotification' });
  });

  it('refreshes the session when the edge closes the socket for an expired token, and reconnects with the new one', async () => {
    fakeServer({ 'POST /auth/refresh_token': { status: 200, body: session({}, 'access-2') } });
    const edge = fakeEdge();
    renderApp({ signedIn: session(), socket: edge.client });
    await screen.findByTestId('app-shell');
    await waitFor(() => expect(edge.sockets).toHaveLength(1));
    await edge.open();
    await edge.closeAs(4401);
    await waitFor(() => expect(edge.sockets).toHaveLength(2));
    await edge.open();
    expect(edge.sockets[1]!.sent[0]).toEqual({ event: 'authenticate', data: 'access-2' });
    expect(screen.getByTestId('app-shell')).toBeInTheDocument();
  });

  it('ends the session when the edge closed the socket of a revoked session (the refresh is refused)', async () => {
    fakeServer({ 'POST /auth/refresh_token': { status: 401, body: { error: 'ERR_SESSION_EXPIRED', message: 'expired' } } });
    const edge = fakeEdge();
    renderApp({ signedIn: session(), socket: edge.client });
    await screen.findByTestId('app-shell');
    await waitFor(() => expect(edge.sockets).toHaveLength(1));
    await edge.open();
    await edge.closeAs(4401);
    await waitFor(() => expect(edge.client.state).toBe('idle'));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('signs this browser out when the account is opened on another computer', async () => {
    fakeServer({});
    const edge = fakeEdge();
    renderApp({ signedIn: session({}, jwtWithSession('session-here')), socket: edge.client });
    await screen.findByTestId('app-shell');
    await waitFor(() => expect(edge.sockets).toHaveLength(1));
    await edge.open();
    await edge.frame('company-2-auth', { action: 'update', user: { id: 7 }, sessionId: 'session-elsewhere' });
    expect(await screen.findByText('Sua conta foi acessada em outro computador.')).toBeInTheDocument();
    await waitFor(() => expect(reloadPage).toHaveBeenCalled(), { timeout: 2000 });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('ignores the auth frame of a login from this browser and frames about other users', async () => {
    fakeServer({});
    vi.mocked(reloadPage).mockClear();
    const edge = fakeEdge();
    // Another tab of this browser logged in again: its token, with the new session, is in the shared storage.
    renderApp({ signedIn: session({}, jwtWithSession('session-old')), socket: edge.client });
    await screen.findByTestId('app-shell');
    await waitFor(() => expect(edge.sockets).toHaveLength(1));
    await edge.open();
    localStorage.setItem('token', jwtWithSession('session-new'));
    await edge.frame('company-2-auth', { action: 'update', user: { id: 7 }, sessionId: 'session-new' });
    await edge.frame('company-2-auth', { action: 'update', user: { id: 8 }, sessionId: 'session-other-user' });
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(screen.queryByText('Sua conta foi acessada em outro computador.')).not.toBeInTheDocument();
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it("follows an admin's change of this user's flags at once: the administration section appears, then goes", async () => {
    fakeServer({});
    const edge = fakeEdge();
    const signedIn = session({ profile: 'user' });
    renderApp({ signedIn, socket: edge.client });
    await screen.findByTestId('app-shell');
    await waitFor(() => expect(edge.sockets).toHaveLength(1));
    await edge.open();
    expect(screen.queryByTestId('menu-item-queues')).not.toBeInTheDocument();
    const me = { ...signedIn.user, queueIds: [] };
    await edge.frame(`company-${me.companyId}-user`, { action: 'update', user: { ...me, id: me.id + 1, allowConnections: true } });
    expect(screen.queryByTestId('menu-item-queues')).not.toBeInTheDocument();
    await edge.frame(`company-${me.companyId}-user`, { action: 'update', user: { ...me, allowConnections: true } });
    expect(await screen.findByTestId('menu-item-queues')).toBeInTheDocument();
    await edge.frame(`company-${me.companyId}-user`, { action: 'update', user: { ...me, allowConnections: false } });
    await waitFor(() => expect(screen.queryByTestId('menu-item-queues')).not.toBeInTheDocument());
  });
});
