/// <reference lib="dom" />
import { launchBrowser, screenshot, signIn } from '@conversa/testing/browser';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createUser, startTestServer, type TestServer } from '../harness';

/** The super user's administration (plans, companies, help entries) and the help videos grid, in Debian's Chromium. */
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

/** A context whose steps fail fast; video hosts are refused, so the flow never waits on a network it does not have. */
async function newContext(): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(15_000);
  await context.route(/^https:\/\/([a-z0-9-]+\.)*(youtube-nocookie\.com|youtube\.com|ytimg\.com|vimeo\.com)\//, (route) => route.abort());
  return context;
}

const atPath = (page: Page, path: string) => page.waitForFunction((expected) => location.pathname === expected, path);

async function login(page: Page, email: string, password: string) {
  await signIn(page, server.url, { email, password }, { testId: 'side-menu' });
}

const db = () => server.wiring.db;

describe('super administration in a browser', { timeout: 150_000 }, () => {
  it('creates a plan, a company on it and a help entry; a plain user watches the video and Escape closes it', async () => {
    const superContext = await newContext();
    const page = await superContext.newPage();
    await login(page, ADMIN.email, ADMIN.password);

    // Plans: a tab of the settings for the super user.
    await page.getByTestId('menu-item-settings').click();
    await atPath(page, '/settings');
    await page.getByTestId('settings-tab-plans').click();
    await page.getByTestId('plan-add').click();
    await page.getByTestId('plan-field-name').fill('Plano Navegador');
    await page.getByTestId('plan-field-amount').fill('149,90');
    await page.getByTestId('plan-field-users').fill('4');
    await page.getByTestId('plan-field-connections').fill('2');
    await page.getByTestId('plan-field-queues').fill('3');
    await page.getByTestId('plan-flag-useKanban').click();
    await expect.poll(() => page.getByTestId('plan-flag-useKanban').getAttribute('data-state')).toBe('unchecked');
    await screenshot(page, 'superadmin-plan-dialog');
    await page.getByTestId('plan-save').click();
    await page.getByTestId('plan-dialog').waitFor({ state: 'detached' });
    const plan = await db().selectFrom('read.plans').selectAll().where('name', '=', 'Plano Navegador').executeTakeFirstOrThrow();
    expect(plan).toMatchObject({ users: 4, connections: 2, queues: 3, use_kanban: false, use_campaigns: true, is_public: true });
    expect(Number(plan.amount)).toBe(149.9);
    await expect.poll(() => page.getByTestId(`plan-amount-${plan.id}`).textContent()).toMatch(/R\$\s149,90/);

    // Companies: the super user's menu item, last of the administration section.
    await page.getByTestId('menu-item-companies').click();
    await atPath(page, '/companies');
    await page.getByTestId('companies-table').waitFor();
    await page.getByTestId('company-add').click();
    await page.getByTestId('company-field-name').fill('Floricultura Ipê');
    await page.getByTestId('company-field-email').fill('contato@ipe.test');
    await page.getByTestId('company-field-password').fill('ipe-2026');
    await page.getByTestId('company-field-phone').fill('11987654321');
    await page.getByTestId('company-field-planId').selectOption(String(plan.id));
    await expect.poll(() => page.getByTestId('company-plan-limits').textContent()).toContain('Atendentes: 4');
    await page.getByTestId('company-field-dueDate').fill('2030-05-31');
    await page.getByTestId('company-field-recurrence').selectOption('TRIMESTRAL');
    await screenshot(page, 'superadmin-company-dialog');
    await page.getByTestId('company-save').click();
    await page.getByTestId('company-dialog').waitFor({ state: 'detached' });
    const company = await db().selectFrom('read.companies').selectAll().where('name', '=', 'Floricultura Ipê').executeTakeFirstOrThrow();
    expect(company).toMatchObject({ email: 'contato@ipe.test', plan_id: plan.id, recurrence: 'TRIMESTRAL', phone: '11987654321' });
    await expect.poll(() => page.getByTestId(`company-plan-${company.id}`).textContent()).toBe('Plano Navegador');
    await page.getByTestId(`company-advance-${company.id}`).click();
    await expect.poll(() => page.getByTestId(`company-due-${company.id}`).textContent()).toBe('31/08/2030');
    await screenshot(page, 'superadmin-companies');

    // Help entries: the helps tab of the settings.
    await page.getByTestId('menu-item-settings').click();
    await atPath(page, '/settings');
    await page.getByTestId('settings-tab-helps').click();
    await page.getByTestId('help-add').click();
    await page.getByTestId('help-field-title').fill('Como transferir um ticket');
    await page.getByTestId('help-field-description').fill('Passo a passo da transferência entre filas');
    await page.getByTestId('help-field-video').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await page.getByTestId('help-save').click();
    await page.getByTestId('help-dialog').waitFor({ state: 'detached' });
    const help = await db().selectFrom('read.helps').selectAll().where('title', '=', 'Como transferir um ticket').executeTakeFirstOrThrow();
    await page.getByTestId(`help-row-${help.id}`).waitFor();
    await screenshot(page, 'superadmin-helps');
    await superContext.close();

    // A plain user of the new company finds the video in the help grid.
    const plain = await createUser(server, company.id, 'Atendente Ipê');
    const userContext = await newContext();
    const userPage = await userContext.newPage();
    await login(userPage, plain.email, 'Secret-123');
    await expect(userPage.getByTestId('menu-item-companies').count()).resolves.toBe(0);
    await userPage.getByTestId('menu-item-helps').click();
    await atPath(userPage, '/helps');
    const card = userPage.getByTestId(`help-card-${help.id}`);
    await card.waitFor();
    expect(await card.textContent()).toContain('Passo a passo da transferência entre filas');
    await userPage.getByTestId(`help-card-open-${help.id}`).click();
    const modal = userPage.getByTestId('help-video-modal');
    await modal.waitFor();
    expect(await userPage.getByTestId('help-video-player').getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1');
    await screenshot(userPage, 'superadmin-help-video');
    await userPage.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    await screenshot(userPage, 'superadmin-helps-grid');
    await userContext.close();
  });
});
