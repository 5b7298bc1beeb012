import { render } from '@testing-library/react';
import { MemoryRouter, useLocation, type Location } from 'react-router';
import { vi } from 'vitest';
import type { SessionResponse } from '@conversa/contracts';
import { App } from '../shell/App';
import type { AppRoute } from '../app/access';
import { AppRoutes, buildRouteObjects } from '../shell/router';
import { appRoutes } from '../shell/routes';
import { SocketClient } from '../app/socket';
import { createAppStore } from '../app/store';

/** The registry the app is rendered with, for tests that derive an expectation from it. */
export { appRoutes };
import { sessionStarted } from '../app/sessionSlice';

export interface Reply {
  status: number;
  body?: unknown;
}

export type Handler = (request: Request) => Reply | Promise<Reply>;

/** A JSON body as its value; anything else (a multipart upload) as its text. */
const parseBody = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** Fakes the backend: handlers keyed by "METHOD /path"; every request is recorded with its body and headers. */
export function fakeServer(handlers: Record<string, Handler | Reply>) {
  const calls: { method: string; path: string; body: unknown; authorization: string | null }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const text = await request.clone().text();
    const key = `${request.method} ${url.pathname}`;
    calls.push({ method: request.method, path: url.pathname, body: text ? parseBody(text) : undefined, authorization: request.headers.get('Authorization') });
    const handler = handlers[key];
    const reply =
      handler === undefined
        ? { status: 404, body: { error: 'ERR_ROUTE_NOT_FOUND', message: key } }
        : typeof handler === 'function'
          ? await handler(request)
          : handler;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** A socket client whose transport never connects, for screens that do not test real-time behaviour. */
export const idleSocket = () =>
  new SocketClient({
    createSocket: () => ({ readyState: 0, onopen: null, onclose: null, onerror: null, onmessage: null, send: () => undefined, close: () => undefined }),
  });

export function renderApp({
  path = '/',
  signedIn,
  routes = appRoutes,
  socket = idleSocket(),
}: { path?: string; signedIn?: SessionResponse; routes?: readonly AppRoute[]; socket?: SocketClient } = {}) {
  const store = createAppStore();
  if (signedIn) store.dispatch(sessionStarted(signedIn));
  // What the specs read of the router: where it is now.
  const router = { state: { location: { pathname: path, search: '', hash: '', state: null, key: 'default' } as Location } };
  function LocationProbe() {
    router.state.location = useLocation();
    return null;
  }
  const view = render(
    <App
      store={store}
      router={
        <MemoryRouter initialEntries={[path]}>
          <LocationProbe />
          <AppRoutes routes={buildRouteObjects(routes)} />
        </MemoryRouter>
      }
      socket={socket}
    />,
  );
  return { ...view, store, router };
}
