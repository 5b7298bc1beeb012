import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { takeEarly } from './app/early';
import { storageKeys } from './app/storage';

/** boot.ts imports nothing of the app: these check that what it spells agrees with the app's modules. */
const refresh = () => new Request(`${window.location.origin}/auth/refresh_token`, { method: 'POST' });

async function runBoot(path: string, files = '/assets/TicketsPage-a.js /assets/live-b.js') {
  window.history.replaceState(null, '', path);
  const meta = document.createElement('meta');
  meta.name = 'conversa-tickets-files';
  meta.content = files;
  document.head.appendChild(meta);
  vi.resetModules();
  await import('./boot');
}

describe('the boot script', () => {
  const answer = Promise.resolve(new Response('{}'));
  const fetchMock = vi.fn(() => answer);
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockClear();
    document.head.innerHTML = '';
    window.localStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    delete (window as unknown as Record<string, unknown>).__conversaEarlyCalls;
  });

  it('starts the session refresh when a token is stored, and the app takes that call once', async () => {
    window.localStorage.setItem(storageKeys.token, 'stale');
    await runBoot('/login');
    expect(fetchMock).toHaveBeenCalledWith('/auth/refresh_token', { method: 'POST', credentials: 'include' });
    expect(takeEarly(refresh())).toBe(answer);
    expect(takeEarly(refresh())).toBeUndefined();
    // Only the conversations screen preloads its files.
    expect(document.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
  });

  it('preloads the conversations screen on /tickets', async () => {
    window.localStorage.setItem(storageKeys.token, 'stale');
    await runBoot('/tickets/12');
    const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')];
    expect(links.map((link) => new URL(link.href).pathname)).toEqual(['/assets/TicketsPage-a.js', '/assets/live-b.js']);
    expect(links.every((link) => link.crossOrigin === '')).toBe(true);
  });

  it('does nothing without a stored token (the login page needs neither)', async () => {
    await runBoot('/tickets');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(takeEarly(refresh())).toBeUndefined();
    expect(document.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
  });
});
