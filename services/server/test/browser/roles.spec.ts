/// <reference lib="dom" />
import { launchBrowser, screenshot } from '@conversa/testing/browser';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, settle, signupCompany, startTestServer, type TestServer } from '../harness';

/**
 * The attendant's role walk in Debian's Chromium (docs/roles.md): a plain attendant's menu, the admin paths she types,
 * the admin-only buttons of the screens she shares, then the administration section, live, once an admin gives her
 * allowConnections, where she creates a campaign. No console error along the way.
 */
let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let adminToken: string;
let companyId: number;
const consoleErrors: string[] = [];

const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
  const response = await server.app.inject({ method, url, headers: bearer(adminToken), ...(payload ? { payload } : {}) });
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json();
};
/** Client-side navigations fire no load event; wait for the path itself. */
const atPath = (path: string) => page.waitForFunction((expected) => location.pathname === expected, path);
const menuIds = () => page.$$eval('[data-testid^="menu-item-"]', (items) => items.map((item) => item.getAttribute('data-testid')!.slice('menu-item-'.length)));
const adminGroup = () => page.getByRole('group', { name: 'Administração' });

/** What a plain attendant's menu holds on a plan with every feature (docs/roles.md: the rows whose screen is everyone). */
const attendantMenu = ['home', 'tickets', 'quick-messages', 'kanban', 'tagsKanban', 'contacts', 'schedules', 'todolist', 'tags', 'chats', 'helps'];
/** The administration section allowConnections opens (the rows whose screen is `administration`). */
const sectionMenu = ['campaigns', 'contactLists', 'campaignsConfig', 'files', 'connections', 'onDuty', 'users', 'queues'];

beforeAll(async () => {
  server = await startTestServer({ listen: true, serveUi: true });
  await server.wiring.sessions.start();
  browser = await launchBrowser();
  const company = await signupCompany(server, 'Papeis no navegador', 96);
  companyId = company.companyId;
  adminToken = (await server.login(company.email, company.password)).token;
  context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  context.setDefaultTimeout(20_000);
  page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => consoleErrors.push(`${page.url()}: ${error.message}`));
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe("the attendant's role walk", { timeout: 300_000 }, () => {
  it('shows a plain attendant only what the role table allows, and the administration section once she has allowConnections', async () => {
    const sandbox = await call('POST', '/whatsapp', { name: 'Sandbox Papeis', channel: 'sandbox', isDefault: true });
    await server.wiring.sessions.reconcile();
    const queue = await call('POST', '/queue', { name: 'Vendas', color: '#1e88e5', greetingMessage: '' });
    const contact = await call('POST', '/contacts', { name: 'Carla Mendes', number: '5511955550001' });
    const general = await call('POST', '/quick-messages', { shortcode: 'bomdia', message: 'Bom dia! Como posso ajudar?', geral: true });
    const list = await call('POST', '/contact-lists', { name: 'Clientes Papeis' });
    await call('POST', '/contact-list-items', { contactListId: list.id, name: 'Davi Rocha', number: '5511955550002' });
    const ana = await createUser(server, companyId, 'Ana Atendente', { queueIds: [queue.id] });
    await settle(server);

    // Her menu: exactly the main screens, no administration section.
    await page.goto(`${server.url}/login`);
    await page.getByTestId('login-email').waitFor({ timeout: 60_000 });
    await page.getByTestId('login-email').fill(ana.email);
    await page.getByTestId('login-password').fill('Secret-123');
    await page.getByTestId('login-submit').click();
    await atPath('/tickets');
    await page.getByTestId('tickets-page').waitFor();
    await page.getByTestId('menu-item-helps').waitFor();
    expect(await menuIds()).toEqual(attendantMenu);
    expect(await adminGroup().count()).toBe(0);
    // The plan has campaigns, so the session set the cshow flag: the campaign paths exist and are refused, not unknown.
    expect(await page.evaluate(() => localStorage.getItem('cshow'))).not.toBeNull();
    await screenshot(page, 'roles-attendant-menu');

    // Admin paths typed in the address bar: the permission message, then home.
    for (const path of ['/campaigns', '/contact-lists', '/files', '/settings', '/connections', '/users', '/financeiro', '/reports']) {
      await page.goto(`${server.url}${path}`);
      await page.getByText('Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.').first().waitFor();
      await atPath('/');
      await page.getByTestId('home-page').or(page.getByTestId('dashboard-page')).first().waitFor();
      expect(await page.getByTestId('dashboard-page').count(), path).toBe(0);
    }
    // A path the product does not have is not found.
    await page.goto(`${server.url}/campaigns-admin`);
    await page.getByTestId('not-found').waitFor();

    // Shared screens without their admin-only buttons.
    await page.getByTestId('menu-item-contacts').click();
    await page.getByTestId('contacts-page').waitFor();
    await page.getByText('Carla Mendes').first().waitFor();
    expect(await page.getByTestId(`contact-delete-${contact.id}`).count()).toBe(0);

    await page.getByTestId('menu-item-quick-messages').click();
    await page.getByTestId('quick-messages-page').waitFor();
    await page.getByTestId(`quick-message-shortcode-${general.id}`).waitFor();
    expect(await page.getByTestId(`quick-message-edit-${general.id}`).count()).toBe(0);
    await page.getByTestId('quick-message-add').click();
    await page.getByTestId('quick-message-shortcode').waitFor();
    expect(await page.getByTestId('quick-message-geral').count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.getByTestId('quick-message-dialog').waitFor({ state: 'detached' });

    await page.getByTestId('menu-item-tickets').click();
    await page.getByTestId('tickets-page').waitFor();
    await page.getByTestId('tickets-speed-dial').click();
    await page.getByTestId('speed-dial-new').waitFor();
    expect(await page.getByTestId('speed-dial-close-all').count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.getByTestId('speed-dial-new').waitFor({ state: 'hidden' });
    expect(consoleErrors).toEqual([]);

    // An admin gives her allowConnections: the administration section appears at once, without a reload.
    await call('PUT', `/users/${ana.userId}`, { allowConnections: true });
    await adminGroup().waitFor();
    const menu = await menuIds();
    expect(menu.filter((id) => !attendantMenu.includes(id))).toEqual(sectionMenu);
    expect(menu.filter((id) => attendantMenu.includes(id))).toEqual(attendantMenu);
    await screenshot(page, 'roles-allow-connections-menu');

    // Inside the section, what stays admin-only is hidden: queue changes, connection add/edit/delete.
    await page.getByTestId('menu-item-queues').click();
    await page.getByTestId(`queue-row-${queue.id}`).waitFor();
    expect(await page.getByTestId('queue-add').count()).toBe(0);
    expect(await page.getByTestId(`queue-edit-${queue.id}`).count()).toBe(0);
    await page.getByTestId('menu-item-connections').click();
    await page.getByText('Sandbox Papeis').first().waitFor();
    expect(await page.getByTestId('connection-add').count()).toBe(0);
    // And still refused: the settings screen stays with admins.
    await page.goto(`${server.url}/settings`);
    await page.getByText('Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.').first().waitFor();
    await atPath('/');

    // The section's main action: she creates a campaign in the dialog.
    await page.getByTestId('menu-item-campaigns').click();
    await page.getByTestId('campaigns-page').waitFor();
    await page.getByTestId('campaign-add').click();
    await page.getByTestId('campaign-field-name').fill('Campanha da Ana');
    await page.getByTestId('campaign-field-message-1').fill('Olá {firstName}!');
    await page.getByTestId(`campaign-connection-${sandbox.id}`).click();
    await page.getByTestId('campaign-field-contactList').selectOption(String(list.id));
    await page.getByTestId('campaign-save').click();
    await page.getByTestId('campaign-dialog').waitFor({ state: 'detached' });
    const created = (await call('GET', '/campaigns')).records.find((campaign: { name: string }) => campaign.name === 'Campanha da Ana');
    expect(created).toMatchObject({ contactListId: list.id });
    await page.getByTestId(`campaign-row-${created.id}`).waitFor();
    await screenshot(page, 'roles-allow-connections-campaign');
    expect(consoleErrors).toEqual([]);
  });
});
