/// <reference lib="dom" />
import { launchBrowser, screenshot, signIn } from '@conversa/testing/browser';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestServer, type TestServer } from '../harness';

/** The real started product (API, edge, built UI) driven in Debian's Chromium. */
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

const atPath = (page: Page, path: string) => page.waitForFunction((expected) => location.pathname === expected, path);

describe('the queues screen in a browser', { timeout: 120_000 }, () => {
  it('creates a queue with two options and a nested one, and shows them again after a reload', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    await signIn(page, server.url, ADMIN, { testId: 'side-menu' });

    await page.getByTestId('menu-item-queues').click();
    await atPath(page, '/queues');
    await page.getByTestId('queues-empty').waitFor();

    await page.getByTestId('queue-add').click();
    await page.getByTestId('queue-name').fill('Vendas');
    await page.getByTestId('queue-color').fill('#38A169');
    await page.getByTestId('queue-greetingMessage').fill('Bem-vindo ao setor de vendas');
    await screenshot(page, 'queue-dialog-data');
    await page.getByTestId('queue-tab-schedules').click();
    await page.getByTestId('schedule-saturday-startTimeB').fill('');
    await page.getByTestId('schedule-saturday-endTimeB').fill('');
    await screenshot(page, 'queue-dialog-schedules');

    await page.getByTestId('queue-tab-chatbot').click();
    await page.getByTestId('option-add-root').click();
    await page.getByTestId('option-add-root').click();
    await page.getByTestId('option-1-name').fill('Comercial');
    await page.getByTestId('option-1-message').fill('Escolha o plano');
    await page.getByTestId('option-2-name').fill('Sup');
    await page.getByTestId('option-1-add').click();
    await page.getByTestId('option-1.1-name').fill('Planos mensais');
    await screenshot(page, 'queue-dialog-option-tree');

    // Option names need 4 characters: the dialog says so and saves nothing.
    await page.getByTestId('queue-save').click();
    await expect(page.getByTestId('option-2-name-error').textContent()).resolves.toBe('muito curto');
    await page.getByTestId('option-2-name').fill('Suporte');
    await page.getByTestId('queue-save').click();
    await page.getByTestId('queue-dialog').waitFor({ state: 'detached' });

    const row = page.locator('[data-testid^="queue-row-"]').filter({ hasText: 'Vendas' });
    await row.waitFor();
    await screenshot(page, 'queues-list');
    const stored = await server.wiring.db.selectFrom('read.queue_options').select(['id', 'name', 'parent_id']).where('deleted', '=', false).execute();
    const idOf = (name: string) => stored.find((option) => option.name === name)?.id;
    expect(stored.map((option) => [option.name, option.parent_id]).sort()).toEqual([
      ['Comercial', null],
      ['Planos mensais', idOf('Comercial')],
      ['Suporte', null],
    ]);

    await page.reload();
    await page.getByTestId('queues-table').waitFor();
    const queueId = Number((await page.locator('[data-testid^="queue-row-"]').first().getAttribute('data-testid'))!.replace('queue-row-', ''));
    await page.getByTestId(`queue-edit-${queueId}`).click();
    await expect(page.getByTestId('queue-name').inputValue()).resolves.toBe('Vendas');
    await expect(page.getByTestId('queue-color').inputValue()).resolves.toBe('#38a169');
    await page.getByTestId('queue-tab-schedules').click();
    await expect(page.getByTestId('schedule-saturday-startTimeB').inputValue()).resolves.toBe('');
    await expect(page.getByTestId('schedule-monday-endTimeB').inputValue()).resolves.toBe('18:00');
    await page.getByTestId('queue-tab-chatbot').click();
    await expect(page.getByTestId('option-1-name').inputValue()).resolves.toBe('Comercial');
    await expect(page.getByTestId('option-1-message').inputValue()).resolves.toBe('Escolha o plano');
    await expect(page.getByTestId('option-1.1-name').inputValue()).resolves.toBe('Planos mensais');
    await expect(page.getByTestId('option-2-name').inputValue()).resolves.toBe('Suporte');
    await expect(page.getByTestId('option-2.1').count()).resolves.toBe(0);
    await screenshot(page, 'queue-dialog-reloaded');
    await context.close();
  });
});
