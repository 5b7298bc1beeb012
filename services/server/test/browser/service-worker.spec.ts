/// <reference lib="dom" />
import { launchBrowser } from '@conversa/testing/browser';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../harness';

/** The built service worker in Debian's Chromium against the real server: it installs, and a repeat visit is served from it. */
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer({ listen: true, serveUi: true });
  browser = await launchBrowser();
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the service worker', { timeout: 60_000 }, () => {
  it('installs on the first visit, then serves the shell and every script of a repeat visit, offline too', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    context.setDefaultTimeout(20_000);
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByTestId('login-submit').waitFor();

    // Active, or the reason it is not: an install whose precache fails leaves the worker redundant. The app registers
    // it a few seconds after the load event (afterPageLoad).
    const state = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          void navigator.serviceWorker.ready.then(() => resolve('activated'));
          const follow = (worker: ServiceWorker | null) =>
            worker?.addEventListener('statechange', () => {
              if (worker.state === 'redundant') resolve('redundant');
            });
          const poll = () =>
            void navigator.serviceWorker.getRegistration().then((registration) => {
              if (!registration) return void setTimeout(poll, 50);
              follow(registration.installing);
              registration.addEventListener('updatefound', () => follow(registration.installing));
            });
          poll();
        }),
    );
    expect(state).toBe('activated');
    const cached = await page.evaluate(async () => {
      const names = await caches.keys();
      const cache = await caches.open(names[0]!);
      return { names, paths: (await cache.keys()).map((request) => new URL(request.url).pathname) };
    });
    expect(cached.names).toHaveLength(1);
    expect(cached.names[0]).toMatch(/^conversa-shell-[0-9a-f]{16}$/);
    expect(cached.paths).toContain('/index.html');

    // The repeat visit: the page and every script from the worker, none from the network.
    const scripts: Array<{ url: string; fromWorker: boolean }> = [];
    const repeat = await context.newPage();
    repeat.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push({ url: response.url(), fromWorker: response.fromServiceWorker() });
    });
    const document = await repeat.goto(`${server.url}/login`);
    expect(document?.fromServiceWorker()).toBe(true);
    await repeat.getByTestId('login-submit').waitFor();
    expect(scripts.length).toBeGreaterThan(10);
    expect(scripts.filter((script) => !script.fromWorker)).toEqual([]);
    expect(cached.paths).toEqual(expect.arrayContaining(scripts.map((script) => new URL(script.url).pathname)));

    // Offline, the shell still opens.
    await context.setOffline(true);
    const offline = await context.newPage();
    await offline.goto(`${server.url}/login`);
    await offline.getByTestId('login-submit').waitFor();
    await context.close();
  });
});
