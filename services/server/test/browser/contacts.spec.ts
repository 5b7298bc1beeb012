/// <reference lib="dom" />
import { launchBrowser, screenshot, signIn } from '@conversa/testing/browser';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestServer, type TestServer } from '../harness';

/** The real started product (API, edge, built UI) driven in Debian's Chromium. */
let server: TestServer;
let browser: Browser;
/** The import job waits after its first batch until the page has shown that step (on a quiet machine both batches land in one frame). */
let releaseFirstBatch: () => void = () => {};
const firstBatchShown = new Promise<void>((resolve) => (releaseFirstBatch = resolve));

beforeAll(async () => {
  server = await startTestServer({
    listen: true,
    serveUi: true,
    contactImportHooks: { afterBatch: (written) => (written < ROWS ? firstBatchShown : undefined) },
  });
  browser = await launchBrowser();
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const atPath = (page: Page, path: string) => page.waitForFunction((expected) => location.pathname === expected, path);

/** People named "Planilha <n>" with valid São Paulo mobiles, in two batches of the import worker (500 rows each), and one line that is no number. */
const ROWS = 700;
const sheet = () => {
  const lines = ['nome,numero,email'];
  for (let row = 0; row < ROWS; row++) lines.push(`Planilha ${String(row).padStart(4, '0')},55119${60_000_000 + row},planilha${row}@exemplo.com.br`);
  lines.push('Sem Número,abc,');
  return Buffer.from(`${lines.join('\n')}\n`);
};

describe('the contacts screen in a browser', { timeout: 180_000 }, () => {
  it('imports a spreadsheet with a progress bar, shows the new contacts live, searches them and refuses a broken file', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(20_000);
    const page = await context.newPage();
    await signIn(page, server.url, ADMIN, { testId: 'side-menu' });

    await page.getByTestId('menu-item-contacts').click();
    await atPath(page, '/contacts');
    await page.getByTestId('contacts-empty').waitFor();

    // A file that is not a workbook: the dialog stays, the error is said, nothing is listed.
    await page.getByTestId('contacts-import').click();
    await page
      .getByTestId('contacts-import-file')
      .setInputFiles({ name: 'quebrado.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('not a workbook') });
    await page.getByTestId('contacts-import-start').click();
    await page.getByText('Não foi possível ler a planilha', { exact: false }).first().waitFor();
    await page.getByTestId('contacts-import-file').setInputFiles({ name: 'contatos.csv', mimeType: 'text/csv', buffer: sheet() });
    // Every value the bar takes, as the page shows it.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { progressSeen: string[] }).progressSeen = seen;
      new MutationObserver(() => {
        const value = document.querySelector('[data-testid="contacts-import-progress"]')?.getAttribute('data-value');
        if (value && seen[seen.length - 1] !== value) seen.push(value);
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-value'] });
    });
    await page.getByTestId('contacts-import-start').click();

    // The bar moves to 100 % as the server works through the rows.
    const status = page.getByTestId('contacts-import-status');
    await status.waitFor();
    await page.waitForFunction(() => {
      const value = Number(document.querySelector('[data-testid="contacts-import-progress"]')?.getAttribute('data-value'));
      return value > 0 && value < 100;
    });
    await screenshot(page, 'contacts-import-progress');
    releaseFirstBatch();
    await page.waitForFunction(() => document.querySelector('[data-testid="contacts-import-status"]')?.getAttribute('data-state') === 'done', undefined, {
      timeout: 120_000,
    });
    await expect(page.getByTestId('contacts-import-progress').getAttribute('data-value')).resolves.toBe('100');
    const seen = (await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen)).map(Number);
    expect(
      seen.some((value) => value > 0 && value < 100),
      `bar values ${seen.join(', ')}`,
    ).toBe(true);
    await expect(page.getByTestId('contacts-import-summary').textContent()).resolves.toBe(`${ROWS} criados, 0 atualizados, 1 recusados`);
    await expect(page.getByTestId('contacts-import-refusals').textContent()).resolves.toContain('Número inválido');
    await screenshot(page, 'contacts-import-done');
    await page.getByTestId('contacts-import-close').click();
    await page.getByTestId('contacts-import-dialog').waitFor({ state: 'detached' });

    // The contacts came to the open list through their frames, in name order.
    await expect(page.getByTestId('contact-row-name').first().textContent()).resolves.toBe('Planilha 0000');
    await page.getByTestId('contacts-search').fill('planilha 039');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="contact-row-name"]').length === 10);
    await expect(page.getByTestId('contact-row-name').allTextContents()).resolves.toEqual(Array.from({ length: 10 }, (_, index) => `Planilha 039${index}`));
    await screenshot(page, 'contacts-search');

    // The server holds exactly one contact per imported number.
    const stored = await server.wiring.db
      .selectFrom('read.contacts')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('name', 'like', 'Planilha %')
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(ROWS);

    // "See the contact's tickets" opens the tickets screen narrowed to that contact.
    await page.locator('[data-testid^="contact-tickets-"]').first().click();
    await page.waitForURL(/\/tickets\?contactId=\d+/);
    await page.waitForFunction(() => document.querySelector('[data-testid="tickets-manager"]')?.getAttribute('data-view') === 'search');
    await page.getByText('Tickets do contato').waitFor();
    await page.getByTestId('tickets-contact-filter-clear').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="tickets-manager"]')?.getAttribute('data-view') === 'open');
    await context.close();
  });
});
