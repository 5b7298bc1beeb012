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
    fetchMock.mockReset();
    fetchMock.mockImplementation(() => answer);
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
    expect(await takeEarly(refresh())).toBe(await answer);
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

  it('on /tickets asks the list the screen asked first last time, once the same user’s session is back, with its token', async () => {
    const session = { token: 'fresh', user: { id: 7, companyId: 3 } };
    const list = new Response('{"tickets":[]}');
    fetchMock.mockImplementation(((input: string) => Promise.resolve(input.includes('refresh') ? new Response(JSON.stringify(session)) : list)) as never);
    window.localStorage.setItem(storageKeys.token, 'stale');
    window.localStorage.setItem(storageKeys.firstTicketList, JSON.stringify({ user: 7, company: 3, query: 'pageNumber=1&showAll=false&status=open' }));
    await runBoot('/tickets');
    // The app reads the session from the same answer after the boot script has read its copy.
    expect(await (await takeEarly(refresh()))!.json()).toEqual(session);
    const address = `${window.location.origin}/tickets?pageNumber=1&showAll=false&status=open`;
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledWith(address, { headers: { Authorization: 'Bearer fresh' }, credentials: 'include' }));
    expect(await takeEarly(new Request(address))).toBe(list);
    expect(takeEarly(new Request(address))).toBeUndefined();
  });

  it('asks no list for another user, another screen or a filtered address', async () => {
    fetchMock.mockImplementation((() => Promise.resolve(new Response(JSON.stringify({ token: 'fresh', user: { id: 8, companyId: 3 } })))) as never);
    window.localStorage.setItem(storageKeys.token, 'stale');
    window.localStorage.setItem(storageKeys.firstTicketList, JSON.stringify({ user: 7, company: 3, query: 'pageNumber=1&showAll=false&status=open' }));
    for (const path of ['/tickets', '/contacts', '/tickets?contactId=4']) {
      fetchMock.mockClear();
      await runBoot(path);
      await takeEarly(refresh());
      // The boot script reads its copy of the answer in a few tasks; the same user's case above asks by then.
      for (let task = 0; task < 5; task++) await new Promise((resolve) => setTimeout(resolve, 0));
      expect(fetchMock).toHaveBeenCalledTimes(1);
    }
  });

  it('does nothing without a stored token (the login page needs neither)', async () => {
    await runBoot('/tickets');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(takeEarly(refresh())).toBeUndefined();
    expect(document.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
  });
});
