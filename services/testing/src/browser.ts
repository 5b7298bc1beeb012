import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

/** Debian's Chromium, headless, with the flags this closed network needs (ENVIRONMENT.md). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/** Screenshots of the main states land in test-results/screenshots (kept out of git). */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = join(process.cwd(), 'test-results', 'screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

/** A fresh browser context (its own storage: one signed-in person) and its page, waiting `timeout` ms by default. */
export async function openPage(browser: Browser, options: BrowserContextOptions & { timeout?: number } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const { timeout, ...contextOptions } = options;
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...contextOptions });
  if (timeout) context.setDefaultTimeout(timeout);
  return { context, page: await context.newPage() };
}

/**
 * Signs in on the login screen and waits until the app has taken the session: it left /login (default), reached
 * `{ path }`, or shows `{ testId }`. The first load of a run fetches and compiles the app's chunks, which alone takes
 * a while on a busy machine: the form gets 60 s.
 */
export async function signIn(
  page: Page,
  baseUrl: string,
  person: { email: string; password: string },
  until: { path: string } | { testId: string } | 'left-login' = 'left-login',
): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByTestId('login-email').waitFor({ timeout: 60_000 });
  await page.getByTestId('login-email').fill(person.email);
  await page.getByTestId('login-password').fill(person.password);
  await page.getByTestId('login-submit').click();
  if (until === 'left-login') await page.waitForFunction(() => location.pathname !== '/login');
  else if ('path' in until) await page.waitForFunction((path) => location.pathname === path, until.path);
  else await page.getByTestId(until.testId).waitFor();
}
