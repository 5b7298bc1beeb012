import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

/** The worker script as the build stamps it (ui/scripts/serviceWorkerManifest.ts), run against fake worker globals. */
const source = readFileSync(join(import.meta.dirname, '../../public/service-worker.js'), 'utf8');
const PRECACHE = ['/assets/index-abc.js', '/assets/TicketsPage-def.js', '/favicon.svg', '/index.html'];

interface Answer {
  url: string;
}

function worker(options: { version?: string; failing?: string; caches?: Record<string, Map<string, Answer>> } = {}) {
  const stores = new Map(Object.entries(options.caches ?? {}));
  const listeners = new Map<string, (event: unknown) => void>();
  const fetched: Array<{ url: string; cache?: string }> = [];
  const origin = 'http://conversa.test';
  const network = vi.fn(async (request: string | { url: string; cache?: string }): Promise<Answer> => {
    const url = typeof request === 'string' ? request : request.url;
    fetched.push({ url: url.replace(origin, ''), cache: typeof request === 'string' ? undefined : request.cache });
    if (url.endsWith(options.failing ?? '\0')) throw new Error('404');
    return { url: url.replace(origin, '') };
  });
  const caches = {
    open: async (name: string) => {
      const store = stores.get(name) ?? new Map<string, Answer>();
      stores.set(name, store);
      return {
        // addAll is all or nothing, as in browsers.
        addAll: async (requests: Array<{ url: string; cache?: string }>) => {
          const answers = await Promise.all(requests.map((request) => network(request)));
          answers.forEach((answer) => store.set(answer.url, answer));
        },
      };
    },
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
    match: async (key: string | { url: string }, { cacheName }: { cacheName: string }) =>
      stores.get(cacheName)?.get(typeof key === 'string' ? key : new URL(key.url).pathname),
  };
  class FakeRequest {
    url: string;
    cache?: string;
    constructor(path: string, init: { cache?: string }) {
      this.url = `${origin}${path}`;
      this.cache = init.cache;
    }
  }
  const self = {
    location: new URL(origin),
    clients: { claim: vi.fn(async () => undefined) },
    skipWaiting: vi.fn(),
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
  };
  const stamped = source
    .replace("const VERSION = 'dev';", `const VERSION = '${options.version ?? 'v1'}';`)
    .replace('const PRECACHE = [];', `const PRECACHE = ${JSON.stringify(PRECACHE)};`);
  // The service worker's own script, run against the fakes.
  // oxlint-disable-next-line typescript/no-implied-eval
  new Function('self', 'caches', 'fetch', 'Request', 'URL', stamped)(self, caches, network, FakeRequest, URL);

  const lifecycle = async (type: 'install' | 'activate') => {
    let done: Promise<unknown> = Promise.resolve();
    listeners.get(type)!({ waitUntil: (promise: Promise<unknown>) => (done = promise) });
    await done;
  };
  /** What the worker answers a request with: undefined when it leaves it to the network. */
  const request = async (path: string, init: { mode?: string; method?: string } = {}) => {
    let answer: Promise<Answer> | undefined;
    listeners.get('fetch')!({
      request: { url: `${origin}${path}`, method: init.method ?? 'GET', mode: init.mode ?? 'cors' },
      respondWith: (promise: Promise<Answer>) => (answer = promise),
    });
    return answer;
  };
  return { stores, fetched, lifecycle, request, self };
}

describe('the service worker script', () => {
  it('precaches the built index by its path, revalidated, and every listed file', async () => {
    const { stores, fetched, lifecycle } = worker();
    await lifecycle('install');
    expect([...stores.get('conversa-shell-v1')!.keys()].sort()).toEqual([...PRECACHE].sort());
    expect(fetched.find((entry) => entry.url === '/index.html')?.cache).toBe('no-cache');
    expect(fetched.map((entry) => entry.url)).not.toContain('/');
  });

  it('fails the install when a file cannot be fetched', async () => {
    const { lifecycle } = worker({ failing: '/assets/TicketsPage-def.js' });
    await expect(lifecycle('install')).rejects.toThrow('404');
  });

  it('deletes every other version of its cache on activate and keeps other caches', async () => {
    const { stores, lifecycle, self } = worker({
      version: 'v2',
      caches: { 'conversa-shell-v1': new Map(), 'conversa-shell-v0': new Map(), 'someone-else': new Map() },
    });
    await lifecycle('install');
    await lifecycle('activate');
    expect([...stores.keys()].sort()).toEqual(['conversa-shell-v2', 'someone-else']);
    expect(self.clients.claim).toHaveBeenCalled();
  });

  it('answers page navigations with the cached shell and the built files from the cache', async () => {
    const { lifecycle, request, fetched } = worker();
    await lifecycle('install');
    fetched.length = 0;
    expect(await request('/tickets', { mode: 'navigate' })).toEqual({ url: '/index.html' });
    expect(await request('/tickets/42?tab=open', { mode: 'navigate' })).toEqual({ url: '/index.html' });
    expect(await request('/assets/index-abc.js')).toEqual({ url: '/assets/index-abc.js' });
    expect(fetched).toEqual([]);
  });

  it('leaves API calls, the socket, media, the API reference and writes to the network, uncached', async () => {
    const { lifecycle, request } = worker();
    await lifecycle('install');
    expect(await request('/tickets?pageNumber=1')).toBeUndefined();
    expect(await request('/auth/refresh_token', { method: 'POST' })).toBeUndefined();
    expect(await request('/socket')).toBeUndefined();
    expect(await request('/media/1/photo.jpg', { mode: 'navigate' })).toBeUndefined();
    expect(await request('/api/docs', { mode: 'navigate' })).toBeUndefined();
    expect(await request('/assets/unknown-zzz.js')).toBeUndefined();
  });
});
