import { describe, expect, it, vi } from 'vitest';
import { afterPageLoad, REGISTER_AFTER_LOAD_MS, registerServiceWorker } from './serviceWorker';

function environment(response: Response, options: { registrations?: number; controller?: boolean; waiting?: boolean } = {}) {
  const unregister = vi.fn(async () => true);
  const listeners = new Map<string, () => void>();
  const waiting = options.waiting ? { postMessage: vi.fn() } : null;
  const registration = { waiting, installing: null, addEventListener: vi.fn() };
  const container = {
    controller: options.controller ? {} : null,
    getRegistrations: vi.fn(async () => Array.from({ length: options.registrations ?? 0 }, () => ({ unregister }))),
    register: vi.fn(async () => registration),
    addEventListener: vi.fn((type: string, listener: () => void) => listeners.set(type, listener)),
  };
  const location = { reload: vi.fn() };
  const env = {
    navigator: { serviceWorker: container } as unknown as Navigator,
    location: location as unknown as Location,
    fetch: vi.fn(async () => response),
  };
  return { env, container, unregister, location, waiting, listeners };
}

describe('service worker registration', () => {
  it('unregisters every worker and reloads when the script answers 404', async () => {
    const { env, container, unregister, location } = environment(new Response('', { status: 404 }), { registrations: 2 });
    expect(await registerServiceWorker(vi.fn(), env)).toBe('unregistered');
    expect(unregister).toHaveBeenCalledTimes(2);
    expect(location.reload).toHaveBeenCalledTimes(1);
    expect(container.register).not.toHaveBeenCalled();
  });

  it('treats an HTML answer (a server falling back to index.html) like a missing script', async () => {
    const { env, location, unregister } = environment(new Response('<html>', { status: 200, headers: { 'Content-Type': 'text/html' } }), { registrations: 1 });
    expect(await registerServiceWorker(vi.fn(), env)).toBe('unregistered');
    expect(unregister).toHaveBeenCalledTimes(1);
    expect(location.reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload when there was nothing to unregister', async () => {
    const { env, location } = environment(new Response('', { status: 404 }));
    await registerServiceWorker(vi.fn(), env);
    expect(location.reload).not.toHaveBeenCalled();
  });

  it('registers a JavaScript worker and offers a waiting update that posts SKIP_WAITING and reloads on controllerchange', async () => {
    const js = new Response('self.x=1', { status: 200, headers: { 'Content-Type': 'application/javascript; charset=utf-8' } });
    const { env, container, waiting, listeners, location } = environment(js, { controller: true, waiting: true });
    const onUpdate = vi.fn();
    expect(await registerServiceWorker(onUpdate, env)).toBe('registered');
    expect(container.register).toHaveBeenCalledWith('/service-worker.js');
    expect(onUpdate).toHaveBeenCalledTimes(1);
    onUpdate.mock.calls[0]![0].apply();
    expect(waiting!.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    listeners.get('controllerchange')!();
    expect(location.reload).toHaveBeenCalledTimes(1);
  });

  it('offers nothing on the very first install', async () => {
    const js = new Response('', { status: 200, headers: { 'Content-Type': 'text/javascript' } });
    const { env } = environment(js, { controller: false, waiting: true });
    const onUpdate = vi.fn();
    await registerServiceWorker(onUpdate, env);
    expect(onUpdate).not.toHaveBeenCalled();
  });
});

describe('registration after the page has loaded', () => {
  function page(readyState: 'loading' | 'complete') {
    const listeners = new Map<string, () => void>();
    const idle: Array<() => void> = [];
    const timers: Array<{ run: () => void; ms: number }> = [];
    const win = {
      document: { readyState },
      addEventListener: vi.fn((type: string, listener: () => void) => listeners.set(type, listener)),
      requestIdleCallback: vi.fn((callback: () => void) => idle.push(callback)),
      setTimeout: vi.fn((run: () => void, ms: number) => timers.push({ run, ms })),
    } as unknown as Window;
    return { win, listeners, idle, timers };
  }

  it('waits for the load event, then a while, then an idle moment', () => {
    const { win, listeners, idle, timers } = page('loading');
    const start = vi.fn();
    afterPageLoad(start, win);
    expect(timers).toHaveLength(0);
    listeners.get('load')!();
    expect(timers).toEqual([{ run: expect.any(Function), ms: REGISTER_AFTER_LOAD_MS }]);
    expect(idle).toHaveLength(0);
    timers[0]!.run();
    expect(start).not.toHaveBeenCalled();
    idle[0]!();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('waits only the while and the idle moment when the page has loaded already', () => {
    const { win, idle, timers } = page('complete');
    const start = vi.fn();
    afterPageLoad(start, win);
    timers[0]!.run();
    idle[0]!();
    expect(start).toHaveBeenCalledTimes(1);
  });
});
