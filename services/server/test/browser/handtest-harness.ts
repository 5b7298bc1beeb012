/// <reference lib="dom" />
import { screenshot } from '@conversa/testing/browser';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { bearer, type TestServer } from '../harness';

/**
 * The hand-test walk's tools: a signed-in page whose console errors, page errors and failed requests (4xx, 5xx,
 * network) are collected, steps that fail with the screen's name and whatever the page logged, and the checks every
 * screen and dialog gets (no two elements share an id).
 */
export interface Walk {
  page: Page;
  token: string;
  /** One screen of the menu: opened from its menu item, its main action done, then checked clean. */
  step(name: string, run: () => Promise<void>): Promise<void>;
  /** Opens a menu item and waits for its screen. */
  open(menuItem: string, path: string, ready: string): Promise<void>;
  /** The API as this walk's user: the body of a 2xx answer, or a thrown error. */
  api<T = any>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object): Promise<T>;
  /** No two elements of the page (and its open dialogs) share an id. */
  uniqueIds(): Promise<void>;
  /** The step's names and times, for the report. */
  timings: Array<{ name: string; ms: number }>;
  close(): Promise<void>;
}

export async function startWalk(
  server: TestServer,
  browser: Browser,
  who: { email: string; password: string },
  setup?: (page: Page) => Promise<void>,
): Promise<Walk> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  context.setDefaultTimeout(15_000);
  // Video hosts are refused: the help grid embeds them and this network has none.
  await context.route(/^https:\/\//, (route) => route.abort());
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    // The refused video hosts' thumbnails log a failed load: not the product's.
    if (message.type() === 'error' && !message.location().url.startsWith('https://')) problems.push(`console: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() < 400) return;
    const entry = `${response.status()} ${response.request().method()} ${response.url().replace(server.url, '')}`;
    problems.push(entry);
    // The answer's code, for the report, if the step has not ended meanwhile.
    void response.text().then(
      (body) => {
        const at = problems.indexOf(entry);
        if (at >= 0) problems[at] = `${entry} ${body.slice(0, 200)}`;
      },
      () => undefined,
    );
  });
  page.on('requestfailed', (request) => {
    const failure = request.failure()?.errorText ?? '';
    // A request a navigation or a closed dialog cancels is no fault; an https one is the refused video host.
    if (failure !== 'net::ERR_ABORTED' && !request.url().startsWith('https://')) problems.push(`failed ${request.method()} ${request.url()}: ${failure}`);
  });

  // Before the browser's login: a later one would end the browser's session (one session per user).
  const token = (await server.login(who.email, who.password)).token;
  await page.goto(`${server.url}/login`);
  await page.getByTestId('login-email').waitFor({ timeout: 60_000 });
  await setup?.(page);
  await page.getByTestId('login-email').fill(who.email);
  await page.getByTestId('login-password').fill(who.password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('side-menu').waitFor({ timeout: 30_000 });

  const timings: Walk['timings'] = [];
  const walk: Walk = {
    page,
    token,
    timings,
    async step(name, run) {
      const started = Date.now();
      try {
        await run();
        await walk.uniqueIds();
        expect(problems, `${name}: the console and the network`).toEqual([]);
      } catch (error) {
        await screenshot(page, `handtest-${name}`).catch(() => undefined);
        (error as Error).message = `[${name}] ${(error as Error).message}${problems.length ? `\nlogged: ${problems.join('\n')}` : ''}`;
        throw error;
      } finally {
        problems.length = 0;
        timings.push({ name, ms: Date.now() - started });
      }
    },
    async open(menuItem, path, ready) {
      await page.getByTestId(`menu-item-${menuItem}`).click();
      await page.waitForFunction((expected) => location.pathname === expected, path);
      await page.getByTestId(ready).first().waitFor();
    },
    async api(method, url, payload) {
      const response = await server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
      if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
      return (response.body ? response.json() : undefined) as never;
    },
    async uniqueIds() {
      const shared = await page.evaluate(() => {
        const seen = new Map<string, number>();
        for (const element of document.querySelectorAll('[id]')) seen.set(element.id, (seen.get(element.id) ?? 0) + 1);
        return [...seen].filter(([, count]) => count > 1).map(([id, count]) => `${id} ×${count}`);
      });
      expect(shared, `ids shared on ${await page.evaluate(() => location.pathname)}`).toEqual([]);
    },
    close: () => context.close(),
  };
  return walk;
}

/** Ticks the second and third option of a multi-select by their labels (the faulty dialogs ticked the first). */
export async function tickSecondAndThird(page: Page, testIds: [string, string]): Promise<void> {
  for (const testId of testIds) {
    await page.getByTestId(testId).click();
    await expect.poll(() => page.getByTestId(testId).getAttribute('data-state')).toBe('checked');
  }
}

/** A dialog closed after its save. */
export const saved = (page: Page, dialog: string) => page.getByTestId(dialog).waitFor({ state: 'detached' });

/** What the walks share: the product, a company admin and her attendant, three queues and two sandbox connections (the admin makes the third). */
export interface Company {
  server: TestServer;
  admin: { email: string; password: string; userId: number; companyId: number };
  attendant: { email: string; password: string; userId: number };
  colleagues: number[];
  queues: number[];
  connections: Array<{ id: number; token: string }>;
}

/** The rows of a list answer, whether a bare array or a page ({ records, hasMore }, { prompts }, …). */
export async function listOf(body: Promise<any>): Promise<any[]> {
  const value = await body;
  if (Array.isArray(value)) return value;
  const rows = Object.values(value ?? {}).find(Array.isArray);
  if (!rows) throw new Error(`no list in ${JSON.stringify(value).slice(0, 200)}`);
  return rows as any[];
}
