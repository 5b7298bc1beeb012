/// <reference lib="dom" />
import { launchBrowser, screenshot, signIn } from '@conversa/testing/browser';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signupCompany, startTestServer, type TestServer } from '../harness';

/** The users and settings screens of the real started product (API, edge, built UI) in Debian's Chromium. */
let server: TestServer;
let browser: Browser;
let admin: { email: string; password: string; companyId: number; token: string };
let queues: { sales: number; support: number };

beforeAll(async () => {
  server = await startTestServer({ listen: true, serveUi: true });
  browser = await launchBrowser();
  const company = await signupCompany(server, 'Admin Browser', 61);
  admin = { ...company, token: (await server.login(company.email, company.password)).token };
  const queue = async (name: string, color: string) => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/queue',
      headers: bearer(admin.token),
      payload: { name, color, greetingMessage: `Bem-vindo a ${name}` },
    });
    if (response.statusCode !== 201) throw new Error(`queue: ${response.statusCode} ${response.body}`);
    return response.json().id as number;
  };
  queues = { sales: await queue('Vendas', '#2563eb'), support: await queue('Suporte', '#16a34a') };
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A context whose steps fail fast and name themselves, well inside the test's own time limit. */
async function newContext() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(15_000);
  return context;
}

const atPath = (page: Page, path: string) => page.waitForFunction((expected) => location.pathname === expected, path);

async function login(page: Page, email: string, password: string) {
  await signIn(page, server.url, { email, password }, { testId: 'side-menu' });
}

describe('administration in a browser', { timeout: 120_000 }, () => {
  it('creates a user with queues in the users screen; they log in elsewhere and show online', async () => {
    const adminContext = await newContext();
    const page = await adminContext.newPage();
    await login(page, admin.email, admin.password);
    await page.getByTestId('menu-item-users').click();
    await atPath(page, '/users');
    await page.getByTestId('users-table').waitFor();

    await page.getByTestId('user-add').click();
    await page.getByTestId('user-field-name').fill('Rita Atendente');
    await page.getByTestId('user-field-email').fill('rita@admin-browser.test');
    await page.getByTestId('user-field-password').fill('Rita-2026');
    await page.getByTestId('user-field-profile').selectOption('user');
    await page.getByTestId(`user-queue-${queues.sales}`).click();
    await page.getByTestId(`user-queue-${queues.support}`).click();
    await page.getByTestId('user-field-startWork').fill('0800');
    await page.getByTestId('user-field-endWork').fill('1800');
    await page.getByTestId('user-field-farewellMessage').fill('Obrigada pelo contato!');
    await screenshot(page, 'admin-user-dialog');
    await page.getByTestId('user-save').click();

    const ritaRow = () =>
      server.wiring.db
        .selectFrom('read.users')
        .select(['name', 'profile', 'queue_ids', 'start_work', 'end_work', 'farewell_message'])
        .where('email', '=', 'rita@admin-browser.test')
        .executeTakeFirst();
    await expect.poll(ritaRow, { timeout: 15_000 }).toEqual({
      name: 'Rita Atendente',
      profile: 'user',
      queue_ids: [queues.sales, queues.support],
      start_work: '08:00',
      end_work: '18:00',
      farewell_message: 'Obrigada pelo contato!',
    });
    const rita = (await server.wiring.db.selectFrom('read.users').select('id').where('email', '=', 'rita@admin-browser.test').executeTakeFirstOrThrow())
      .id as number;
    const row = page.getByTestId(`user-row-${rita}`);
    await row.waitFor();
    await expect(row.getByTestId('user-row-queues').textContent()).resolves.toBe('VendasSuporte');
    await expect(row.getByTestId('user-row-status').getAttribute('data-online')).resolves.toBe('false');
    await screenshot(page, 'admin-users-list');

    // The new user logs in from another browser; its socket's first userStatus ping makes them online, live.
    const ritaContext = await newContext();
    const ritaPage = await ritaContext.newPage();
    await login(ritaPage, 'rita@admin-browser.test', 'Rita-2026');
    await expect(ritaPage.getByTestId('greeting').textContent()).resolves.toContain('Rita Atendente');
    await expect(ritaPage.getByTestId('menu-item-users').count()).resolves.toBe(0);
    await page.waitForFunction(
      (id) => document.querySelector(`[data-testid="user-row-${id}"] [data-testid="user-row-status"]`)?.getAttribute('data-online') === 'true',
      rita,
    );
    await screenshot(page, 'admin-users-online');

    // Searching finds her by e-mail.
    await page.getByTestId('users-search').fill('admin-browser');
    await expect.poll(() => page.locator('[data-testid="user-row-name"]').allTextContents(), { timeout: 10_000 }).toEqual(['Rita Atendente']);

    // Closing her browser closes her last socket: she shows offline at once, live.
    await ritaContext.close();
    await page.waitForFunction(
      (id) => document.querySelector(`[data-testid="user-row-${id}"] [data-testid="user-row-status"]`)?.getAttribute('data-online') === 'false',
      rita,
    );
    await screenshot(page, 'admin-users-offline');
    await adminContext.close();
  });

  it('a supervisor manages users without profiles or queues, leaves admins alone, and shows offline at once on logout', async () => {
    const created = await server.app.inject({
      method: 'POST',
      url: '/users',
      headers: bearer(admin.token),
      payload: { name: 'Sara Supervisora', email: 'sara@admin-browser.test', password: 'Sara-2026', profile: 'supervisor' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const sara = created.json().id as number;
    const adminId = (await server.wiring.db.selectFrom('read.users').select('id').where('email', '=', admin.email).executeTakeFirstOrThrow()).id as number;
    const rita = (await server.wiring.db.selectFrom('read.users').select('id').where('email', '=', 'rita@admin-browser.test').executeTakeFirstOrThrow())
      .id as number;

    const adminContext = await newContext();
    const adminPage = await adminContext.newPage();
    await login(adminPage, admin.email, admin.password);
    await adminPage.getByTestId('menu-item-users').click();
    await atPath(adminPage, '/users');
    await adminPage.getByTestId('users-table').waitFor();
    await adminPage.getByTestId(`user-row-${sara}`).waitFor();

    const saraContext = await newContext();
    const page = await saraContext.newPage();
    await login(page, 'sara@admin-browser.test', 'Sara-2026');
    await adminPage.waitForFunction(
      (id) => document.querySelector(`[data-testid="user-row-${id}"] [data-testid="user-row-status"]`)?.getAttribute('data-online') === 'true',
      sara,
    );
    await page.getByTestId('menu-item-users').click();
    await atPath(page, '/users');
    await page.getByTestId(`user-row-${adminId}`).waitFor();
    await expect(page.getByTestId(`user-edit-${adminId}`).count()).resolves.toBe(0);
    await expect(page.getByTestId(`user-delete-${adminId}`).count()).resolves.toBe(0);
    await expect(page.getByTestId('menu-item-connections').count()).resolves.toBe(0);
    await screenshot(page, 'supervisor-users-list');

    await page.getByTestId(`user-edit-${rita}`).click();
    await page.getByTestId('user-field-name').waitFor();
    await expect(page.getByTestId('user-field-profile').count()).resolves.toBe(0);
    await expect(page.getByTestId('user-field-queues').count()).resolves.toBe(0);
    await page.getByTestId('user-field-endWork').fill('1700');
    await screenshot(page, 'supervisor-user-dialog');
    await page.getByTestId('user-save').click();
    await expect
      .poll(
        async () =>
          await server.wiring.db.selectFrom('read.users').select(['end_work', 'queue_ids', 'profile']).where('id', '=', rita).executeTakeFirstOrThrow(),
        { timeout: 15_000 },
      )
      .toEqual({ end_work: '17:00', queue_ids: [queues.sales, queues.support], profile: 'user' });

    // Logging out takes her offline at once, on the admin's screen too.
    await page.getByTestId('user-dialog').waitFor({ state: 'hidden' });
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-logout').click();
    await atPath(page, '/login');
    await adminPage.waitForFunction(
      (id) => document.querySelector(`[data-testid="user-row-${id}"] [data-testid="user-row-status"]`)?.getAttribute('data-online') === 'false',
      sara,
    );
    const offline = await server.wiring.store.readStream(`userpresence-${sara}`);
    // The logout took her offline before her socket closed, which then had nothing more to record.
    expect(offline.at(-1)).toMatchObject({ type: 'UserWentOffline', data: { userId: sara, reason: 'logout' } });
    await saraContext.close();
    await adminContext.close();
  });

  it('changes settings and the company week; both persist after a reload', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await login(page, admin.email, admin.password);
    await page.getByTestId('menu-item-settings').click();
    await atPath(page, '/settings');
    await page.getByTestId('setting-userRating').waitFor();
    await expect(page.getByTestId('setting-userCreation').count()).resolves.toBe(0);

    await page.getByTestId('setting-userRating').selectOption('enabled');
    await page.getByText('Configurações salvas').first().waitFor();
    await page.getByTestId('setting-scheduleType').selectOption('company');
    await page.getByTestId('settings-tab-schedules').waitFor();
    await page.getByTestId('setting-lgpdLink').fill('https://exemplo.test/privacidade');
    await page.getByTestId('setting-lgpdLink-save').click();
    await expect
      .poll(
        async () =>
          (
            await server.wiring.db
              .selectFrom('read.company_settings')
              .select('value')
              .where('company_id', '=', admin.companyId)
              .where('key', '=', 'lgpdLink')
              .executeTakeFirst()
          )?.value,
      )
      .toBe('https://exemplo.test/privacidade');
    // Retention: bounded days (the server's code shown as its text), then the last run once one has happened.
    await page.getByTestId('setting-messageRetentionDays').fill('0');
    await page.getByTestId('setting-messageRetentionDays-save').click();
    await page.getByText('A retenção de mensagens é um número inteiro de dias entre 1 e 36500').first().waitFor();
    await page.getByTestId('setting-messageRetentionDays').fill('30');
    await page.getByTestId('setting-messageRetentionDays-save').click();
    await expect
      .poll(
        async () =>
          (
            await server.wiring.db
              .selectFrom('read.company_settings')
              .select('value')
              .where('company_id', '=', admin.companyId)
              .where('key', '=', 'messageRetentionDays')
              .executeTakeFirst()
          )?.value,
      )
      .toBe('30');
    await expect(page.getByTestId('settings-retention-last-run').textContent()).resolves.toBe('A retenção ainda não foi executada.');
    expect((await server.wiring.retention.runner.tick()).expired).toContain(admin.companyId);
    await expect
      .poll(
        async () =>
          (await server.wiring.db.selectFrom('read.company_retention').select('days').where('company_id', '=', admin.companyId).executeTakeFirst())?.days,
      )
      .toBe(30);
    await screenshot(page, 'admin-settings-options');

    await page.getByTestId('settings-tab-schedules').click();
    await page.getByTestId('schedule-sunday-startTimeA').fill('');
    await page.getByTestId('schedule-sunday-endTimeA').fill('');
    await page.getByTestId('schedule-sunday-startTimeB').fill('');
    await page.getByTestId('schedule-sunday-endTimeB').fill('');
    await page.getByTestId('schedule-saturday-endTimeB').fill('1500');
    await page.getByTestId('settings-schedules-save').click();
    await page.getByText('Horários atualizados com sucesso.').first().waitFor();
    await screenshot(page, 'admin-settings-schedules');

    await page.reload();
    await page.getByTestId('setting-userRating').waitFor();
    await expect(page.getByTestId('setting-userRating').inputValue()).resolves.toBe('enabled');
    await expect(page.getByTestId('setting-scheduleType').inputValue()).resolves.toBe('company');
    await expect(page.getByTestId('setting-lgpdLink').inputValue()).resolves.toBe('https://exemplo.test/privacidade');
    await expect(page.getByTestId('setting-messageRetentionDays').inputValue()).resolves.toBe('30');
    await page.getByText('Última execução da retenção:').waitFor();
    await screenshot(page, 'admin-settings-retention');
    await page.getByTestId('settings-tab-schedules').click();
    await expect(page.getByTestId('schedule-saturday-endTimeB').inputValue()).resolves.toBe('15:00');
    await expect(page.getByTestId('schedule-sunday-startTimeA').inputValue()).resolves.toBe('');
    await expect(page.getByTestId('schedule-monday-startTimeA').inputValue()).resolves.toBe('08:00');
    await context.close();
  });
});
