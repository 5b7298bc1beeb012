/// <reference lib="dom" />
import { launchBrowser, screenshot } from '@conversa/testing/browser';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, cpf, startTestServer, type TestServer } from '../harness';

/** The real started product (API, edge, built UI) driven in Debian's Chromium. */
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer({ listen: true, serveUi: true });
  browser = await launchBrowser();
}, 90_000);

/** What the browser refused under the server's Content-Security-Policy, from every context. */
const cspViolations: string[] = [];

/** A context whose steps fail fast and name themselves, well inside the test's own time limit. */
async function newContext(width: number) {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  context.setDefaultTimeout(10_000);
  // Both channels: the DOM event names the directive; the console also reports what it could not dispatch as one.
  await context.exposeBinding('reportCspViolation', (_source, text: string) => void cspViolations.push(text));
  await context.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { reportCspViolation(text: string): void }).reportCspViolation(`${event.violatedDirective} ${event.blockedURI}`),
    ),
  );
  context.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) cspViolations.push(message.text());
  });
  return context;
}
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Client-side navigations fire no load event; wait for the path itself. */
const atPath = (page: Page, path: string) => page.waitForFunction((expected) => location.pathname === expected, path);

async function login(page: Page, email: string, password: string) {
  await page.goto(`${server.url}/login`);
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

describe('the shell in a browser', { timeout: 60_000 }, () => {
  it('logs in, shows the shell, switches language and theme, and logs out', async () => {
    const context = await newContext(1280);
    const page = await context.newPage();
    const first = await page.goto(`${server.url}/tickets`);
    // The page is served under the policy whose violations the end of this test counts.
    expect(first?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await atPath(page, '/login');
    await screenshot(page, 'login');

    // Login lands on the conversations screen; an admin's / is the dashboard.
    await login(page, ADMIN.email, ADMIN.password);
    await atPath(page, '/tickets');
    await page.getByTestId('tickets-page').waitFor();
    await page.goto(`${server.url}/`);
    await page.getByTestId('dashboard-page').waitFor();
    await expect(page.getByTestId('greeting').textContent()).resolves.toContain('Olá, Administrador');
    await expect(page.getByTestId('due-date').textContent()).resolves.toContain('31/12/2999');
    await expect(page.getByTestId('side-menu').isVisible()).resolves.toBe(true);
    await screenshot(page, 'shell-home');

    await page.getByTestId('user-menu').click();
    await page.getByTestId('language-option-en').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="greeting"]')?.textContent?.startsWith('Hello'));
    await expect
      .poll(async () => (await server.wiring.db.selectFrom('read.users').select('language').where('id', '=', 1).executeTakeFirst())?.language)
      .toBe('en');

    const before = await page.evaluate(() => document.documentElement.classList.contains('dark'));
    await page.getByTestId('theme-toggle').click();
    await page.waitForFunction((wasDark) => document.documentElement.classList.contains('dark') !== wasDark, before);
    await expect(page.evaluate(() => localStorage.getItem('preferredTheme'))).resolves.toBe(before ? 'light' : 'dark');
    await screenshot(page, 'shell-en-theme-toggled');

    await page.reload();
    await page.getByTestId('dashboard-page').waitFor();
    await expect(page.getByTestId('greeting').textContent()).resolves.toMatch(/^Hello/);

    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-logout').click();
    await atPath(page, '/login');
    await page.goto(`${server.url}/`);
    await atPath(page, '/login');
    await context.close();
    // Login, the conversations screen, home, language, theme and logout ran under the server's CSP.
    expect(cspViolations).toEqual([]);
  });

  it('signs a company up, and a second login logs the first browser out', async () => {
    const first = await newContext(1280);
    const page = await first.newPage();
    await page.goto(`${server.url}/signup`);
    const values = {
      name: 'Maria Souza',
      companyName: 'Floricultura Maria',
      email: 'maria@flores.test',
      phone: '11987654321',
      document: cpf(77),
      password: 'Flores2026',
    };
    for (const [field, value] of Object.entries(values)) await page.getByTestId(`signup-${field}`).fill(value);
    await page.getByTestId('plan-1').click();
    await page.getByTestId('signup-terms').click();
    await screenshot(page, 'signup-filled');
    await page.getByTestId('signup-submit').click();
    await atPath(page, '/login');

    await login(page, values.email, values.password);
    await page.getByTestId('tickets-page').waitFor();
    // Through the menu, not a page load: the socket that must hear of the second login stays up.
    await page.getByTestId('menu-item-home').click();
    await page.getByTestId('dashboard-page').waitFor();
    await expect(page.getByTestId('greeting').textContent()).resolves.toContain('Maria Souza');

    // The notice shows for a second before the page signs out and reloads: on a loaded machine a polling
    // wait can miss it, so the page itself reports it the moment it appears.
    let noticeShown!: () => void;
    const notice = new Promise<void>((resolve) => (noticeShown = resolve));
    await page.exposeFunction('accessedElsewhereShown', () => noticeShown());
    await page.evaluate((text) => {
      const observer = new MutationObserver(() => {
        if (!document.body.innerText.includes(text)) return;
        observer.disconnect();
        (window as unknown as { accessedElsewhereShown(): void }).accessedElsewhereShown();
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    }, 'Sua conta foi acessada em outro computador.');

    const second = await newContext(1280);
    const other = await second.newPage();
    await login(other, values.email, values.password);
    await other.getByTestId('tickets-page').waitFor();

    await notice;
    await atPath(page, '/login');
    await expect(other.getByTestId('tickets-page').isVisible()).resolves.toBe(true);
    await first.close();
    await second.close();
    // The signup form's validation runs the contracts' schemas: they must not probe eval.
    expect(cspViolations).toEqual([]);
  });

  it('uses a temporary drawer on a small screen', async () => {
    const context = await newContext(390);
    const page = await context.newPage();
    await login(page, ADMIN.email, ADMIN.password);
    await page.getByTestId('tickets-page').waitFor();
    await page.getByTestId('menu-toggle').click();
    const drawer = page.locator('[data-testid="side-drawer"][data-variant="temporary"]');
    await drawer.waitFor();
    await screenshot(page, 'small-screen-drawer');
    await context.close();
  });
});
