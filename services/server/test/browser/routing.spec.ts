/// <reference lib="dom" />
import { BOT_MARK, BOT_TEXTS } from '@conversa/core';
import { launchBrowser, screenshot, signIn } from '@conversa/testing/browser';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, signupCompany, startTestServer, type TestServer } from '../harness';

/**
 * The routing bot in Debian's Chromium against the real server: a contact writes on a sandbox
 * connection (its phone is the sandbox API: POST messages, GET outbox), gets the greeting and the
 * queue menu, answers 2 and waits in that queue; an attendant sees it in the queue's waiting tab,
 * accepts and resolves it; the contact rates 5 and the rating is on the ticket.
 */
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer({ listen: true, serveUi: true });
  // The sandbox connection's session delivers what the product sends to the contact's outbox.
  await server.wiring.sessions.start();
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const api = async (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
  const response = await server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json();
};

describe('the routing bot in a browser', { timeout: 120_000 }, () => {
  it('greets a sandbox contact with the menu, routes the answer 2 to that queue, and records the rating 5 after the attendant resolves', async () => {
    const company = await signupCompany(server, 'Roteamento', 61);
    const admin = (await server.login(company.email, company.password)).token;
    await api(admin, 'PUT', '/companySettings', { column: 'userRating', data: 'enabled' });
    const sales = await api(admin, 'POST', '/queue', { name: 'Vendas', color: '#2563eb', orderQueue: 1, greetingMessage: 'Vendas: já vamos te atender.' });
    const support = await api(admin, 'POST', '/queue', { name: 'Suporte', color: '#16a34a', orderQueue: 2, greetingMessage: 'Suporte: aguarde um momento.' });
    const ana = await createUser(server, company.companyId, 'Ana Suporte', { queueIds: [support.id] });
    const line = await api(admin, 'POST', '/whatsapp', {
      name: 'Sandbox',
      channel: 'sandbox',
      greetingMessage: 'Olá {{firstName}}! Escolha um setor:',
      ratingMessage: 'Como foi o atendimento?',
      complationMessage: 'Obrigado pelo contato!',
      queueIds: [sales.id, support.id],
    });

    // The contact's phone: what it sends, and what it has received.
    const from = '5511955554444';
    const say = async (body: string) => {
      const response = await server.app.inject({
        method: 'POST',
        url: `/sandbox/${line.id}/messages`,
        headers: bearer(line.token),
        payload: { from, name: 'Maria Souza', body },
      });
      if (response.statusCode !== 202) throw new Error(`sandbox: ${response.statusCode} ${response.body}`);
      return response.json() as { ticketId: number };
    };
    const inbox = async () => {
      const response = await server.app.inject({ method: 'GET', url: `/sandbox/${line.id}/outbox?to=${from}`, headers: bearer(line.token) });
      return (response.json().messages as { body: string }[]).map((message) => message.body);
    };
    const lastReceived = () => inbox().then((bodies) => bodies.at(-1));

    const { ticketId } = await say('oi');
    await expect.poll(lastReceived, { timeout: 15_000 }).toBe(`${BOT_MARK}Olá Maria! Escolha um setor:\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte`);
    await say('2');
    await expect.poll(lastReceived, { timeout: 15_000 }).toBe(`${BOT_MARK}Suporte: aguarde um momento.`);

    // Ana, of the Suporte queue, finds the ticket waiting there.
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    context.setDefaultTimeout(15_000);
    const page: Page = await context.newPage();
    await signIn(page, server.url, { email: ana.email, password: 'Secret-123' }, { testId: 'tickets-page' });
    await page.getByTestId('tickets-tab-pending').click();
    const row = page.getByTestId(`ticket-row-${ticketId}`);
    await row.waitFor();
    await expect(row.getByTestId('ticket-queue').textContent()).resolves.toBe('SUPORTE');
    // The preview is what the contact wrote, not the bot's greeting, menu or queue message.
    await expect(row.getByTestId('ticket-last-message').textContent()).resolves.toBe('2');
    await screenshot(page, 'routing-waiting-in-queue');

    // She accepts and resolves it: the contact is asked for a rating.
    await page.getByTestId(`ticket-accept-${ticketId}`).click();
    await page.getByTestId('ticket-header').waitFor();
    await page.getByTestId('header-resolve').click();
    await page.getByTestId('header-resolve-farewell').click();
    await page.waitForFunction(() => location.pathname === '/tickets');
    await expect.poll(lastReceived, { timeout: 15_000 }).toBe(`${BOT_MARK}Como foi o atendimento?\n\n${BOT_TEXTS.ratingScale}`);
    await expect.poll(async () => (await api(admin, 'GET', `/tickets/${ticketId}`)).status, { timeout: 15_000 }).toBe('nps');

    // The contact rates 5: the ticket closes with its rating, and the contact gets the farewell.
    expect((await say('5')).ticketId).toBe(ticketId);
    await expect.poll(lastReceived, { timeout: 15_000 }).toBe(`${BOT_MARK}Obrigado pelo contato!`);
    await expect.poll(async () => (await api(admin, 'GET', `/tickets/${ticketId}`)).userRating, { timeout: 15_000 }).toBe(5);

    // On the ticket: its history shows the contact's rating.
    await page.getByTestId('tickets-view-closed').click();
    await row.waitFor();
    // Her answer to the rating question is the bot's to read: the closed ticket has no unread badge.
    await expect(row.getByTestId('ticket-last-message').textContent()).resolves.toBe('5');
    await expect(row.getByTestId('ticket-unread').count()).resolves.toBe(0);
    await row.click();
    await page.getByTestId('ticket-header').waitFor();
    await page.getByTestId('header-more').click();
    await page.getByTestId('header-history').click();
    await page.getByTestId('history-verification').waitFor();
    const rated = page.locator('[data-testid^="history-event-"][data-type="TicketRated"]');
    await rated.waitFor();
    await expect(rated.textContent()).resolves.toMatch(/^O contato avaliou o atendimento com 5 de 5, \d{2}:\d{2}\.$/);
    await screenshot(page, 'routing-rated-ticket-history');
    await context.close();
  });
});
