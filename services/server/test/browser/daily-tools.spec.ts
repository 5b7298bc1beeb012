/// <reference lib="dom" />
import { screenshot, signIn } from '@conversa/testing/browser';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samples } from '../../../media/test/samples';
import { bearer, type TestServer } from '../harness';
import { openFlow, type Flow } from './flow';

/**
 * The attendant's daily tools in Debian's Chromium against the real server and the sandbox channel: a fresh
 * company (no queues) accepts its first ticket and calls the contact; a quick reply with a picture is made on its screen and sent with
 * `/` in the conversation; a scheduled message made from /schedules?contactId= is sent by the automation's sender
 * and the list follows it live; the to-do list keeps its tasks in the browser.
 */
let flow: Flow;
let server: TestServer;
let context: BrowserContext;
let page: Page;
let admin: Flow['admin'];
let sandbox: { id: number; token: string };
let ticket: { id: number; uuid: string; contactId: number };
const from = '5511975550001';

type OutboxMessage = { body: string; mediaUrl: string | null };
const outbox = async (to: string) => {
  const response = await server.app.inject({ method: 'GET', url: `/sandbox/${sandbox.id}/outbox?to=${to}`, headers: bearer(sandbox.token) });
  return (response.json().messages ?? []) as OutboxMessage[];
};

/** The composer is usable once the ticket is the user's and loaded. */
const composerReady = () =>
  page.waitForFunction(() => {
    const composer = document.querySelector('[data-testid="composer-input"]') as HTMLTextAreaElement | null;
    return composer !== null && !composer.disabled;
  });

beforeAll(async () => {
  flow = await openFlow({ company: ['Ferramentas do Dia', 94], sessions: true, page: { viewport: { width: 1366, height: 860 }, timeout: 15_000 } });
  ({ server, context, page, admin } = flow);
  const created = await server.app.inject({ method: 'POST', url: '/whatsapp', headers: bearer(admin.token), payload: { name: 'Sandbox', channel: 'sandbox' } });
  expect(created.statusCode, created.body).toBe(201);
  sandbox = created.json();
  await signIn(page, server.url, admin, { path: '/tickets' });
}, 120_000);
afterAll(() => flow?.close());

describe("the attendant's daily tools in a browser", { timeout: 120_000 }, () => {
  it('accepts the first ticket of a company without queues straight away', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/queue', headers: bearer(admin.token) })).json()).toEqual([]);
    const delivered = await fetch(`${server.url}/sandbox/${sandbox.id}/messages`, {
      method: 'POST',
      headers: { ...bearer(sandbox.token), 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'tools-1', from, name: 'Lia Primeira', body: 'Oi! Primeira mensagem' }),
    });
    expect(delivered.status).toBe(202);
    const { ticketId } = (await delivered.json()) as { ticketId: number };

    await page.getByTestId('tickets-tab-pending').click();
    await page.getByTestId(`ticket-row-${ticketId}`).waitFor();
    await page.getByTestId(`ticket-accept-${ticketId}`).click();
    await page.waitForFunction(() => /^\/tickets\/[0-9a-f-]{36}$/.test(location.pathname));
    await expect(page.getByTestId('accept-dialog').count()).resolves.toBe(0);
    await composerReady();
    const view = (await server.app.inject({ method: 'GET', url: `/tickets/${ticketId}`, headers: bearer(admin.token) })).json();
    expect(view).toMatchObject({ status: 'open', userId: admin.userId, queueId: null });
    ticket = { id: ticketId, uuid: view.uuid, contactId: view.contactId };
    await screenshot(page, 'tools-first-ticket-accepted');
  });

  it('calls the contact from the header with the connection’s call token, and says so when there is none', async () => {
    await page.getByTestId('header-call').click();
    await page.getByText('Erro: Token ou número de telefone não disponível.').waitFor();

    const token = await server.app.inject({ method: 'PUT', url: `/whatsapp/${sandbox.id}`, headers: bearer(admin.token), payload: { wavoip: 'call-token-1' } });
    expect(token.statusCode, token.body).toBe(200);
    await page.reload();
    await composerReady();
    // The call page is outside the machine: the browser gets a stand-in for it.
    await context.route('https://app.wavoip.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<p>chamada</p>' }));
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('header-call').click()]);
    await popup.waitForURL(/wavoip/);
    const url = new URL(popup.url());
    expect(url.origin + url.pathname).toBe('https://app.wavoip.com/call');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      token: 'call-token-1',
      phone: from,
      name: 'Lia Primeira',
      start_if_ready: 'true',
      close_after_call: 'true',
    });
    await popup.close();
  });

  it('makes a quick reply with a picture and sends its file with / in the conversation', async () => {
    await page.goto(`${server.url}/quick-messages`);
    await page.getByTestId('quick-messages-page').waitFor();
    await page.getByTestId('quick-message-add').click();
    await page.getByTestId('quick-message-shortcode').fill('cardapio');
    await page.getByTestId('quick-message-message').fill('Nosso cardápio do dia');
    await page.getByTestId('quick-message-file').setInputFiles({ name: 'cardapio.png', mimeType: 'image/png', buffer: samples.png });
    await expect(page.getByTestId('quick-message-media-name').textContent()).resolves.toBe('cardapio.png');
    await page.getByTestId('quick-message-save').click();
    const row = page.locator('[data-testid^="quick-message-row-"]', { hasText: 'cardapio' });
    await row.waitFor();
    await row.getByText('cardapio.png').waitFor();
    await screenshot(page, 'tools-quick-replies');

    await page.goto(`${server.url}/tickets/${ticket.uuid}`);
    await composerReady();
    await page.getByTestId('composer-input').fill('/card');
    const option = page.locator('[data-testid^="quick-reply-"][role="option"]', { hasText: 'cardapio' });
    await option.getByTestId('quick-reply-file').waitFor();
    await option.click();
    await expect
      .poll(async () => (await outbox(from)).some((message) => message.mediaUrl !== null && message.body.includes('Nosso cardápio do dia')), {
        timeout: 20_000,
      })
      .toBe(true);
    await screenshot(page, 'tools-quick-reply-sent');
  });

  it('schedules a message from /schedules?contactId=, and the sender delivers it to the sandbox while the list follows', async () => {
    await page.goto(`${server.url}/schedules?contactId=${ticket.contactId}`);
    const dialog = page.getByTestId('schedule-form-dialog');
    await expect(dialog.getByTestId('schedule-form-contact').textContent()).resolves.toBe('Lia Primeira');
    await expect(page.evaluate(() => location.search)).resolves.toBe('');
    await dialog.getByTestId('schedule-form-body').fill('Lembrete: sua consulta é amanhã às 10h');
    // A minute ago in the browser's own time, so the next tick finds it due.
    const due = await page.evaluate(() => {
      const at = new Date(Date.now() - 60_000);
      const pad = (value: number) => String(value).padStart(2, '0');
      return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
    });
    await dialog.getByTestId('schedule-form-send-at').fill(due);
    await dialog.getByTestId('schedule-form-save').click();
    const row = page.locator('[data-testid^="schedule-row-"]', { hasText: 'Lia Primeira' });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('Lembrete: sua consulta é ...');
    const id = Number((await row.getAttribute('data-testid'))!.replace('schedule-row-', ''));
    await expect(page.getByTestId(`schedule-status-${id}`).getAttribute('data-status')).resolves.toBe('PENDENTE');
    await page.getByTestId(`schedule-edit-${id}`).waitFor();

    const report = await server.wiring.automation.sender.tick(new Date());
    expect(report.sent).toContain(id);
    await page.locator(`[data-testid="schedule-status-${id}"][data-status="ENVIADA"]`).waitFor();
    await expect(page.getByTestId(`schedule-edit-${id}`).count()).resolves.toBe(0);
    await expect(page.getByTestId(`schedule-delete-${id}`).count()).resolves.toBe(0);
    await expect
      .poll(async () => (await outbox(from)).some((message) => message.body.includes('Lembrete: sua consulta é amanhã às 10h')), { timeout: 20_000 })
      .toBe(true);
    await screenshot(page, 'tools-schedules');
  });

  it('keeps to-do tasks in the browser: add, edit with Salvar, blank ignored, delete', async () => {
    await page.goto(`${server.url}/todolist`);
    await page.getByTestId('todolist-page').waitFor();
    await page.getByTestId('todo-input').fill('Ligar para a Lia');
    await page.getByTestId('todo-submit').click();
    await page.getByTestId('todo-input').fill('   ');
    await page.getByTestId('todo-submit').click();
    await expect(page.locator('[data-testid^="todo-item-"]').count()).resolves.toBe(1);
    await page.getByTestId('todo-edit-0').click();
    await expect(page.getByTestId('todo-submit').textContent()).resolves.toBe('Salvar');
    await page.getByTestId('todo-input').fill('Ligar para a Lia às 15h');
    await page.getByTestId('todo-submit').click();
    await page.reload();
    await expect(page.getByTestId('todo-text-0').textContent()).resolves.toBe('Ligar para a Lia às 15h');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('tasks') ?? '[]') as Array<{ text: string }>);
    expect(stored.map((task) => task.text)).toEqual(['Ligar para a Lia às 15h']);
    await page.getByTestId('todo-delete-0').click();
    await page.getByTestId('todo-empty').waitFor();
  });
});
