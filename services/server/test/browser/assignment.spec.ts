/// <reference lib="dom" />
import { launchBrowser, screenshot, signIn as signInAt } from '@conversa/testing/browser';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, signupCompany, startTestServer, type TestServer } from '../harness';

/**
 * Assignment and SLA in Debian's Chromium against the real server: the admin turns a queue's
 * assignment on with SLA targets and a capacity in the queue's Assignment & SLA dialog; Ana goes
 * online from the top bar and receives tickets up to her capacity, the rest waiting; the list's
 * time-left chip turns amber then red as her browser's clock runs on; the ticket history says why
 * she got it; the breach reaches the dashboard's SLA card.
 */
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

async function signIn(page: Page, email: string, password: string) {
  await signInAt(page, server.url, { email, password }, { testId: 'side-menu' });
}

describe('assignment and SLA in a browser', { timeout: 180_000 }, () => {
  it('sets a queue up, goes online from the top bar, gets tickets up to capacity, and sees the SLA chip turn amber and red', async () => {
    const company = await signupCompany(server, 'Atribuicao Browser', 981);
    const adminToken = (await server.login(company.email, company.password)).token;
    const api = async (method: 'GET' | 'POST', url: string, payload?: object) => {
      const response = await server.app.inject({ method, url, headers: bearer(adminToken), ...(payload ? { payload } : {}) });
      if (response.statusCode >= 300) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      return response.json();
    };
    const queue = await api('POST', '/queue', { name: 'Suporte', color: '#2b6cb0', greetingMessage: 'Fila Suporte.' });
    const ana = await createUser(server, company.companyId, 'Ana Lima', { queueIds: [queue.id] });
    const line = await api('POST', '/whatsapp', { name: 'Sandbox', channel: 'sandbox', greetingMessage: 'Olá!', queueIds: [queue.id] });

    // The admin: the queue's Assignment & SLA dialog.
    const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    adminContext.setDefaultTimeout(15_000);
    const admin = await adminContext.newPage();
    await signIn(admin, company.email, company.password);
    await admin.goto(`${server.url}/queues`);
    await admin.getByTestId(`queue-work-${queue.id}`).click();
    await admin.getByTestId('queue-work-dialog').waitFor();
    await admin.getByTestId('queue-work-autoAssign').click();
    await admin.getByTestId('queue-work-firstResponseMinutes').fill('5');
    await admin.getByTestId('queue-work-resolutionMinutes').fill('0');
    await admin.getByTestId(`queue-work-capacity-${ana.userId}`).fill('2');
    await admin.getByTestId('queue-work-save').click();
    // Zero minutes is no target: the dialog says so and saves nothing.
    await admin.getByText('Informe minutos inteiros de 1 a 100000, ou deixe vazio').waitFor();
    await admin.getByTestId('queue-work-resolutionMinutes').fill('60');
    // The corrected field no longer shows the error.
    await admin.getByText('Informe minutos inteiros de 1 a 100000, ou deixe vazio').waitFor({ state: 'detached' });
    await screenshot(admin, 'assignment-queue-dialog');
    await admin.getByTestId('queue-work-save').click();
    await admin.getByTestId('queue-work-dialog').waitFor({ state: 'detached' });
    expect(await api('GET', `/queues/${queue.id}/work`)).toMatchObject({
      autoAssign: true,
      firstResponseMinutes: 5,
      resolutionMinutes: 60,
      capacities: [{ userId: ana.userId, capacity: 2 }],
    });

    // Ana: her browser's clock runs on demand, so the SLA chip's colours can be seen without waiting.
    const anaContext = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    anaContext.setDefaultTimeout(15_000);
    const page = await anaContext.newPage();
    await page.clock.install({ time: new Date() });
    await signIn(page, ana.email, 'Secret-123');
    // She never chose a status: her first socket puts her online. She sets herself offline for now.
    await page.locator('[data-testid="status-dot"][data-status="online"]').waitFor();
    await page.getByTestId('status-select').selectOption('offline');
    await page.locator('[data-testid="status-dot"][data-status="offline"]').waitFor();

    // Three contacts write while she is offline: all wait in the line.
    const tickets: number[] = [];
    for (const [index, name] of ['Rita', 'Saulo', 'Tito'].entries()) {
      const response = await server.app.inject({
        method: 'POST',
        url: `/sandbox/${line.id}/messages`,
        headers: bearer(line.token),
        payload: { from: String(5511960001000 + index), name, body: 'oi' },
      });
      if (response.statusCode !== 202) throw new Error(response.body);
      tickets.push(response.json().ticketId);
    }
    await page.goto(`${server.url}/tickets`);
    await page.getByTestId('tickets-tab-pending').click();
    for (const ticketId of tickets) await page.getByTestId(`ticket-row-${ticketId}`).waitFor();

    // Online from the top bar: the two oldest come to her (capacity 2), the third keeps waiting.
    await page.getByTestId('status-select').selectOption('online');
    await page.locator('[data-testid="status-dot"][data-status="online"]').waitFor();
    await screenshot(page, 'assignment-status-online');
    await expect.poll(async () => (await api('GET', `/tickets/${tickets[1]}`)).userId, { timeout: 15_000 }).toBe(ana.userId);
    expect((await api('GET', `/tickets/${tickets[0]}`)).userId).toBe(ana.userId);
    expect((await api('GET', `/tickets/${tickets[2]}`)).status).toBe('pending');

    // A status set in her other tab reaches this one's top bar live, without a reload.
    const otherTab = await page.context().newPage();
    await otherTab.goto(`${server.url}/tickets`);
    await otherTab.getByTestId('status-select').selectOption('away');
    await page.locator('[data-testid="status-dot"][data-status="away"]').waitFor();
    await otherTab.getByTestId('status-select').selectOption('online');
    await page.locator('[data-testid="status-dot"][data-status="online"]').waitFor();
    await otherTab.close();

    await page.getByTestId('tickets-tab-open').click();
    const first = page.getByTestId(`ticket-row-${tickets[0]}`);
    await first.waitFor();
    const chip = first.getByTestId('ticket-sla');
    await expect(chip.getAttribute('data-sla')).resolves.toBe('ok');
    await expect(chip.textContent()).resolves.toMatch(/^SLA [45] min$/);
    await screenshot(page, 'assignment-sla-ok');

    // Past 80 % of the 5 minutes: amber; past the 5: red, with the overrun.
    await page.clock.fastForward('04:30');
    await page.locator(`[data-testid="ticket-row-${tickets[0]}"] [data-sla="warning"]`).waitFor();
    await screenshot(page, 'assignment-sla-warning');
    await page.clock.fastForward('02:00');
    await page.locator(`[data-testid="ticket-row-${tickets[0]}"] [data-sla="breached"]`).waitFor();
    await expect(chip.textContent()).resolves.toMatch(/^SLA estourado há \d+ min$/);
    await screenshot(page, 'assignment-sla-breached');

    // The history says why she got it.
    await first.click();
    await page.getByTestId('ticket-header').waitFor();
    await page.getByTestId('header-more').click();
    await page.getByTestId('header-history').click();
    const assigned = page.locator('[data-testid^="history-event-"][data-type="TicketTransferred"]');
    await assigned.waitFor();
    await expect(assigned.textContent()).resolves.toMatch(/^Atribuído a Ana Lima na fila Suporte \(capacidade 1\/2, ocioso há 0 min\), \d{2}:\d{2}\.$/);
    await screenshot(page, 'assignment-history-reason');

    // The breach timer records it (the webhook ticket.sla_breached); the dashboard counts it.
    const report = await server.wiring.routing.timers.tick(new Date(Date.now() + 10 * 60_000));
    expect(report.slaBreached).toEqual(expect.arrayContaining(tickets));
    await admin.goto(`${server.url}/`);
    const queueRow = admin.getByTestId(`dashboard-sla-queue-${queue.id}`);
    await queueRow.waitFor();
    await expect(queueRow.textContent()).resolves.toBe('Suporte0300');
    await admin.getByTestId('dashboard-sla').scrollIntoViewIfNeeded();
    await screenshot(admin, 'assignment-dashboard-sla');
    await adminContext.close();
    await anaContext.close();
  });
});
