/// <reference lib="dom" />
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchBrowser, screenshot, signIn } from '@conversa/testing/browser';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, settle, signupCompany, startTestServer, type TestServer } from '../harness';

/**
 * The dashboard, the tickets report and the moments board in Debian's Chromium against the real
 * server: a manager watches the cards move while a sandbox conversation is accepted, answered,
 * closed and rated; opens a card on its tickets; then filters, pages and exports the report and
 * reads the downloaded file back.
 */
let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let admin: { email: string; password: string; token: string; userId: number; companyId: number };
let sandbox: { id: number; token: string };
let phone = 5511970000000;

const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = admin.token) => {
  const response = await server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json();
};
/** The contact writes on the sandbox channel. */
const contactWrites = async (from: string, body: string) => {
  const response = await server.app.inject({ method: 'POST', url: `/sandbox/${sandbox.id}/messages`, headers: bearer(sandbox.token), payload: { from, body } });
  if (response.statusCode !== 202) throw new Error(`sandbox: ${response.statusCode} ${response.body}`);
  await settle(server);
  return response.json() as { ticketId: number };
};
const card = (name: string) => page.getByTestId(`dashboard-value-${name}`);
const cardShows = (name: string, value: string) => expect.poll(() => card(name).textContent(), { timeout: 15_000 }).toBe(value);

beforeAll(async () => {
  server = await startTestServer({ listen: true, serveUi: true });
  await server.wiring.sessions.start();
  browser = await launchBrowser();
  const company = await signupCompany(server, 'Painel no navegador', 63);
  admin = { ...company, token: (await server.login(company.email, company.password)).token };
  sandbox = await call('POST', '/whatsapp', { name: 'Sandbox', channel: 'sandbox' });
  await call('PUT', '/settings/userRating', { value: 'enabled' });
  context = await browser.newContext({ viewport: { width: 1500, height: 1000 }, acceptDownloads: true });
  context.setDefaultTimeout(15_000);
  page = await context.newPage();
  await signIn(page, server.url, admin);
}, 120_000);

afterEach(async (test) => {
  if (test.task.result?.state === 'fail') await screenshot(page, `failed-dashboard-${test.task.name.slice(0, 40).replace(/\W+/g, '-')}`).catch(() => undefined);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('dashboard, report and moments in a browser', { timeout: 240_000 }, () => {
  it('moves the cards as a sandbox conversation is accepted, answered, closed and rated', async () => {
    await page.goto(`${server.url}/`);
    await page.getByTestId('dashboard-page').waitFor();
    await cardShows('supportPending', '0');
    // No tickets yet: the charts say so instead of drawing zeros.
    await page.getByTestId('chart-per-day-empty').waitFor();
    await page.getByTestId('chart-per-queue-empty').waitFor();
    await page.getByTestId('chart-per-queue-empty').scrollIntoViewIfNeeded();
    await screenshot(page, 'dashboard-charts-empty');

    const from = String((phone += 1));
    const { ticketId } = await contactWrites(from, 'Olá, quero saber do meu pedido');
    await cardShows('supportPending', '1');
    await cardShows('leads', '1');

    await call('PUT', `/tickets/${ticketId}`, { status: 'open', userId: admin.userId });
    await cardShows('supportHappening', '1');
    await cardShows('supportPending', '0');
    await expect.poll(() => page.getByTestId(`attendant-live-${admin.userId}`).textContent()).toBe('1');

    await call('POST', `/messages/${ticketId}`, { body: 'Seu pedido sai hoje!' });
    await call('PUT', `/tickets/${ticketId}`, { status: 'closed' });
    await settle(server);
    await cardShows('supportFinished', '1');
    await cardShows('supportHappening', '0');

    // The bot asked for a rating; the contact answers 5.
    await contactWrites(from, '5');
    await expect.poll(() => page.getByTestId('dashboard-nps-good').textContent(), { timeout: 15_000 }).toBe('1');
    await expect.poll(() => page.getByTestId('dashboard-nps-total').textContent()).toBe('1');
    await expect.poll(() => page.getByTestId('chart-per-day').getAttribute('data-total')).toBe('1');
    // A count of one ticket: the axis ticks are whole numbers (no 0.5).
    await page.getByTestId('chart-per-day').locator('svg').waitFor();
    const numbers = (await page.getByTestId('chart-per-day').locator('svg text').allTextContents()).filter((text) => /^[\d.,]+$/.test(text));
    expect(numbers.length).toBeGreaterThan(1);
    expect(numbers.filter((text) => !/^\d+$/.test(text))).toEqual([]);
    await page.getByTestId('chart-per-queue').scrollIntoViewIfNeeded();
    await screenshot(page, 'dashboard-charts');
    await page.getByTestId('dashboard-featured-name').waitFor();

    await screenshot(page, 'dashboard');
    // The finished card opens on its ticket.
    await page.getByTestId('dashboard-open-supportFinished').click();
    await page.getByTestId(`figure-ticket-${ticketId}`).waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('figure-tickets-dialog').waitFor({ state: 'detached' });
    // So does an attendant's ticket count.
    await page.getByTestId(`attendant-tickets-${admin.userId}`).click();
    await page.getByTestId(`figure-ticket-${ticketId}`).waitFor();
    await page.keyboard.press('Escape');

    // A date range without its end asks for the filter.
    await page.getByTestId('dashboard-period').selectOption('range');
    await page.getByTestId('dashboard-no-filter').getByText('Parametrize o filtro').waitFor();
    await screenshot(page, 'dashboard-range');
  });

  it('filters, pages and exports the report, and the file reads back', async () => {
    for (let i = 0; i < 6; i++) {
      const contact = await call('POST', '/contacts', { name: `Relatório ${i}`, number: String((phone += 1)) });
      await call('POST', '/tickets', { contactId: contact.id, status: 'open', userId: admin.userId });
    }
    await settle(server);
    await page.goto(`${server.url}/reports`);
    await page.getByTestId('reports-page').waitFor();
    await expect.poll(() => page.getByTestId('report-total').textContent()).toContain('7');
    // Opened on "Conexão padrão" or by the contact: each ticket names the sandbox connection, with its icon.
    const connections = page.locator('[data-testid^="report-connection-"]');
    await expect.poll(() => connections.count()).toBeGreaterThan(0);
    expect(new Set(await connections.allTextContents())).toEqual(new Set(['Sandbox']));
    expect(new Set(await connections.evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-channel'))))).toEqual(new Set(['sandbox']));
    await screenshot(page, 'report-connections');

    await page.getByTestId('report-page-size').selectOption('5');
    await expect.poll(() => page.locator('[data-testid^="report-row-"]').count()).toBe(5);
    await page.getByTestId('report-next').click();
    await expect.poll(() => page.locator('[data-testid^="report-row-"]').count()).toBe(2);

    await page.getByTestId('report-status').selectOption('open');
    await page.getByTestId('report-filter').click();
    await expect.poll(() => page.getByTestId('report-total').textContent()).toContain('6');
    await expect.poll(() => page.getByTestId('report-page').textContent()).toContain('1');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-export').click()]);
    expect(download.suggestedFilename()).toBe('relatorio-de-atendimentos.xlsx');
    const file = join(mkdtempSync(join(tmpdir(), 'report-')), download.suggestedFilename());
    await download.saveAs(file);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.getWorksheet('RelatorioDeAtendimentos')!;
    expect(sheet.rowCount).toBe(7);
    expect(sheet.getRow(1).getCell(3).value).toBe('Contato');
    const contacts = sheet.getColumn(3).values.slice(2).map(String);
    expect(contacts.sort()).toEqual(['Relatório 0', 'Relatório 1', 'Relatório 2', 'Relatório 3', 'Relatório 4', 'Relatório 5']);

    // A row opens its ticket.
    const firstRow = page.locator('[data-testid^="report-open-"]').first();
    await firstRow.click();
    await page.waitForFunction(() => location.pathname.startsWith('/tickets/'));
  });

  it('shows the live board of attendants and waiting tickets', async () => {
    await page.goto(`${server.url}/moments`);
    const column = page.getByTestId(`moments-attendant-${admin.userId}`);
    await expect.poll(() => column.getAttribute('data-count')).toBe('6');
    const { ticketId } = await contactWrites(String((phone += 1)), 'Alguém aí?');
    await page.getByTestId('moments-pending').getByTestId(`moment-ticket-${ticketId}`).waitFor();
    await call('PUT', `/tickets/${ticketId}`, { status: 'open', userId: admin.userId });
    await expect.poll(() => column.getAttribute('data-count')).toBe('7');
    await screenshot(page, 'moments');
  });
});
