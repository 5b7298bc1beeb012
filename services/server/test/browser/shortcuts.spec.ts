/// <reference lib="dom" />
import { launchBrowser, screenshot } from '@conversa/testing/browser';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, signupCompany, startTestServer, type TestServer } from '../harness';

/**
 * The inbox by keyboard alone (issue 37) in Debian's Chromium: tabs, next / previous ticket, accept, note, reply,
 * quick replies, search, transfer, resolve and the `?` list, each a key press; plain keys stay out of text fields;
 * the user's switch turns them off.
 */
let server: TestServer;
let browser: Browser;
let admin: { token: string; companyId: number };
let ana: { userId: number; email: string; token: string };
let sales: number;
let phone = 5511980000000;

beforeAll(async () => {
  server = await startTestServer({ listen: true, serveUi: true });
  browser = await launchBrowser();
  const company = await signupCompany(server, 'Conversas Teclado', 52);
  admin = { token: (await server.login(company.email, company.password)).token, companyId: company.companyId };
  const queue = await server.app.inject({
    method: 'POST',
    url: '/queue',
    headers: bearer(admin.token),
    payload: { name: 'Vendas', color: '#2563eb', greetingMessage: 'Olá!' },
  });
  sales = queue.json().id;
  ana = await createUser(server, admin.companyId, 'Ana Teclado', { queueIds: [sales] });
  const reply = await server.app.inject({
    method: 'POST',
    url: '/quick-messages',
    headers: bearer(ana.token),
    payload: { shortcode: 'prazo', message: 'Entregamos em 3 dias.' },
  });
  if (reply.statusCode >= 300) throw new Error(`quick reply: ${reply.statusCode} ${reply.body}`);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function waitingTicket(name: string) {
  const contact = await server.app.inject({ method: 'POST', url: '/contacts', headers: bearer(admin.token), payload: { name, number: String((phone += 1)) } });
  const ticket = await server.app.inject({
    method: 'POST',
    url: '/tickets',
    headers: bearer(admin.token),
    payload: { contactId: contact.json().id, queueId: sales, status: 'pending' },
  });
  if (ticket.statusCode !== 201) throw new Error(`ticket: ${ticket.statusCode} ${ticket.body}`);
  return { ticketId: ticket.json().id as number, uuid: ticket.json().uuid as string };
}

const atPath = (page: Page, path: string) => page.waitForFunction((expected) => location.pathname === expected, path);
/** Dialogs and menus fade in: screenshots wait for the page's animations to end. */
const settled = (page: Page) => page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
const focusedTestId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);
const rowUuids = async (page: Page, ids: Map<number, string>) =>
  (
    await page
      .locator('[data-testid^="ticket-row-"]')
      .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-testid')!.slice('ticket-row-'.length))))
  ).map((id) => ids.get(id)!);

describe('the inbox by keyboard', { timeout: 120_000 }, () => {
  it('works every inbox action by key, never inside a text field, and not at all once turned off', async () => {
    const first = await waitingTicket('Cliente Um');
    const second = await waitingTicket('Cliente Dois');
    const ids = new Map([first, second].map((ticket) => [ticket.ticketId, ticket.uuid]));

    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByTestId('login-email').fill(ana.email);
    await page.getByTestId('login-password').fill('Secret-123');
    await page.getByTestId('login-password').press('Enter');
    await atPath(page, '/tickets');
    await page.getByTestId('tickets-page').waitFor();
    // Out of the login form: the focus is on the page, where plain keys are shortcuts.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

    // 2: the waiting tab; J / K walk its rows in their order.
    await page.keyboard.press('2');
    await page.waitForSelector('[data-testid="tickets-tab-pending"][aria-selected="true"]');
    await page.getByTestId(`ticket-row-${second.ticketId}`).waitFor();
    const order = await rowUuids(page, ids);
    expect(order).toHaveLength(2);
    // From inside the search field only the Alt chord walks the list.
    await page.keyboard.press('/');
    await page.keyboard.press('Alt+ArrowDown');
    await atPath(page, `/tickets/${order[0]}`);
    expect(await focusedTestId(page)).toBe('tickets-search');
    await page.keyboard.press('Escape');
    await page.keyboard.press('j');
    await atPath(page, `/tickets/${order[1]}`);
    await page.keyboard.press('k');
    await atPath(page, `/tickets/${order[0]}`);
    const current = order[0]!;

    // A: accept the open ticket.
    await page.waitForSelector('[data-testid="ticket-header"][data-status="pending"]');
    await page.keyboard.press('a');
    await page.waitForSelector('[data-testid="ticket-header"][data-status="open"]');
    await atPath(page, `/tickets/${current}`);

    // N: a private note, typed in the composer, where J and K are letters; Esc leaves the field.
    await page.getByTestId('composer-input').waitFor();
    await page.keyboard.press('n');
    await page.waitForSelector('[data-testid="composer"][data-private="true"]');
    expect(await focusedTestId(page)).toBe('composer-input');
    await page.keyboard.type('jk nota');
    await expect(page.getByTestId('composer-input').inputValue()).resolves.toBe('jk nota');
    expect(new URL(page.url()).pathname).toBe(`/tickets/${current}`);
    await settled(page);
    await screenshot(page, 'shortcuts-note');
    await page.keyboard.press('Escape');
    expect(await focusedTestId(page)).not.toBe('composer-input');
    await page.getByTestId('composer-input').fill('');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

    // R: reply (the note mode off); Q: quick replies open on a leading slash.
    await page.keyboard.press('r');
    await page.waitForSelector('[data-testid="composer"][data-private="false"]');
    expect(await focusedTestId(page)).toBe('composer-input');
    await page.keyboard.press('Escape');
    await page.keyboard.press('q');
    await page.getByTestId('quick-replies').waitFor();
    await expect(page.getByTestId('composer-input').inputValue()).resolves.toBe('/');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('composer-input').inputValue()).resolves.toBe('Entregamos em 3 dias.');
    await page.getByTestId('composer-input').fill('');
    await page.keyboard.press('Escape');

    // /: the search field, without typing the slash into it.
    await page.keyboard.press('/');
    expect(await focusedTestId(page)).toBe('tickets-search');
    await expect(page.getByTestId('tickets-search').inputValue()).resolves.toBe('');
    await page.keyboard.press('Escape');

    // ?: the list of shortcuts; Esc closes it.
    await page.keyboard.press('Shift+?');
    await page.getByTestId('shortcuts-dialog').waitFor();
    await page.getByTestId('shortcut-resolve').waitFor();
    await settled(page);
    await screenshot(page, 'shortcuts-dialog');
    await page.keyboard.press('Escape');
    await page.getByTestId('shortcuts-dialog').waitFor({ state: 'hidden' });

    // T: the transfer dialog; Esc closes it.
    await page.keyboard.press('t');
    await page.getByTestId('transfer-dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('transfer-dialog').waitFor({ state: 'hidden' });

    // E: the resolve menu, its choice made with the arrows and Enter.
    await page.keyboard.press('e');
    await page.getByTestId('header-resolve-silent').waitFor();
    await settled(page);
    await screenshot(page, 'shortcuts-resolve-menu');
    for (let step = 0; step < 3 && (await page.getByTestId('header-resolve-silent').getAttribute('data-highlighted')) === null; step++)
      await page.keyboard.press('ArrowDown');
    await page.waitForSelector('[data-testid="header-resolve-silent"][data-highlighted]');
    await page.keyboard.press('Enter');
    await atPath(page, '/tickets');

    // Off by the user's switch in the list (a checkbox: Space toggles it): 1 no longer switches tabs.
    await page.keyboard.press('Shift+?');
    await page.getByTestId('shortcuts-dialog').waitFor();
    await page.getByTestId('shortcuts-enabled').locator('input').focus();
    await page.keyboard.press('Space');
    await page.waitForSelector('[data-testid="shortcuts-enabled"][data-state="unchecked"]');
    await page.keyboard.press('Escape');
    await page.getByTestId('shortcuts-dialog').waitFor({ state: 'hidden' });
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('1');
    await page.keyboard.press('Shift+?');
    // The button still opens the list (and its switch): its opening is the sign both keys were handled.
    await page.getByTestId('tickets-shortcuts').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('shortcuts-dialog').waitFor();
    await expect(page.getByTestId('tickets-tab-pending').getAttribute('aria-selected')).resolves.toBe('true');
    await context.close();
  });
});
