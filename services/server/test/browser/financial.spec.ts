/// <reference lib="dom" />
import { FakeAsaasServer } from '@conversa/automation/payments/fake-asaas';
import { launchBrowser, screenshot, signIn } from '@conversa/testing/browser';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, signupCompany, startTestServer, type TestServer } from '../harness';

/**
 * Invoices and the Pix checkout in Debian's Chromium against the real server and the fake Asaas: an overdue
 * company's admin logs in, lands on the invoices, goes through Dados, Personalizar (the custom plan) and
 * Revisar, copies the Pix code, and once the fake provider delivers its payment webhook the renewal message
 * shows and /tickets follows, now working.
 */
let server: TestServer;
let browser: Browser;
let context: BrowserContext | undefined;
const asaas = new FakeAsaasServer('$aact_browser');
const WEBHOOK_TOKEN = 'whk-browser-0123456789';
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

const call = async (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
  const response = await server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json();
};

beforeAll(async () => {
  await asaas.start();
  server = await startTestServer({ listen: true, serveUi: true, env: { ASAAS_API_URL: asaas.baseUrl, ASAAS_WEBHOOK_TOKEN: WEBHOOK_TOKEN } });
  asaas.webhook = { url: `${server.url}/subscription/webhook`, authToken: WEBHOOK_TOKEN };
  browser = await launchBrowser();
}, 120_000);

afterEach(async (test) => {
  if (test.task.result?.state === 'fail') for (const page of context?.pages() ?? []) await screenshot(page, 'failed-financial').catch(() => undefined);
  await context?.close().catch(() => undefined);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await asaas.close();
});

describe('financial in the browser', () => {
  it('an overdue admin pays the invoice by Pix and gets back to /tickets', async () => {
    const root = (await server.login()).token;
    await call(root, 'PUT', '/settings/asaas', { value: asaas.apiKey });
    const plan = await call(root, 'POST', '/plans', { name: 'Plano Bronze', users: 3, connections: 1, queues: 2, amount: '79.90', useExternalApi: false });
    const company = await signupCompany(server, 'Padaria Vencida', 301);
    await call(root, 'PUT', `/companies/${company.companyId}`, { dueDate: yesterday(), planId: plan.id });
    await server.wiring.invoices.generator.tick();

    context = await browser.newContext({ viewport: { width: 1400, height: 950 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    await signIn(page, server.url, company, { path: '/financeiro-aberto' });
    await page
      .getByText(/Opss! Sua assinatura venceu/)
      .first()
      .waitFor();
    await expect(page.getByTestId('overdue-page').getAttribute('data-state')).resolves.toBe('expired');
    await expect(page.getByTestId('overdue-title').textContent()).resolves.toBe('Assinatura vencida');

    // The invoice: overdue, its row tinted, PAGAR offered.
    const row = page.locator('[data-testid^="invoice-row-"]').first();
    await row.waitFor();
    const invoiceId = Number((await row.getAttribute('data-testid'))!.replace('invoice-row-', ''));
    expect(await row.getAttribute('data-overdue')).toBe('true');
    expect(await page.getByTestId(`invoice-status-${invoiceId}`).textContent()).toBe('Vencido');
    expect(await page.getByTestId(`invoice-value-${invoiceId}`).textContent()).toBe('R$ 79,90');
    await page.getByTestId(`invoice-pay-${invoiceId}`).click();

    // Dados: the required fields with the spec's messages, then filled.
    await page.getByTestId('checkout-next').click();
    await page.getByText('O nome completo é obrigatório').waitFor();
    await page.getByText('CEP é obrigatório').waitFor();
    await page.getByTestId('checkout-firstName').fill('Maria');
    await page.getByTestId('checkout-lastName').fill('Padeira');
    await page.getByTestId('checkout-zipcode').fill('529.982.247-25');
    await page.getByTestId('checkout-next').click();

    // Personalizar: the plan's card, and the custom plan from R$ 49,00 stepping by 11 per user and 20 per connection.
    expect(await page.getByTestId('checkout-price-plan').textContent()).toContain('R$ 79,90');
    expect(await page.getByTestId('checkout-price-custom').textContent()).toContain('R$ 49,00');
    await page.getByTestId('checkout-users-less').click();
    expect(await page.getByTestId('checkout-users').textContent()).toBe('3');
    await page.getByTestId('checkout-users-more').click();
    await page.getByTestId('checkout-connections-more').click();
    expect(await page.getByTestId('checkout-price-custom').textContent()).toContain('R$ 80,00');
    expect(await page.getByTestId('checkout-plan-custom').getAttribute('data-selected')).toBe('true');
    await page.getByTestId('checkout-next').click();

    // Revisar, then the Pix step.
    expect(await page.getByTestId('checkout-total').textContent()).toContain('R$ 80,00');
    await page.getByTestId('checkout-submit').click();
    const pix = page.getByTestId('checkout-pix');
    await pix.waitFor();
    const paymentId = (await pix.getAttribute('data-payment-id'))!;
    expect(await page.getByTestId('checkout-pix-amount').textContent()).toBe('Valor: R$ 80,00');
    expect(await page.getByTestId('checkout-qrcode').getAttribute('data-qrcode')).toBe(asaas.payments.get(paymentId)!.pixPayload);
    await page.getByTestId('checkout-copy').click();
    await page.getByTestId('checkout-copy').getByText('Copiado').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(asaas.payments.get(paymentId)!.pixPayload);
    await page.waitForFunction(() => document.querySelector('[data-testid="checkout-copy"]')?.getAttribute('data-copied') === 'false');

    // The payer pays; Asaas calls the webhook; the frame brings the renewal and, 5 s later, /tickets.
    expect(await asaas.pay(paymentId)).toBe(200);
    await page.waitForFunction(() => document.querySelector('[data-testid="checkout-pix-status"]')?.getAttribute('data-confirmed') === 'true');
    await page
      .getByText(/Pagamento confirmado! Sua assinatura foi renovada/)
      .first()
      .waitFor();
    const confirmedAt = Date.now();
    await page.waitForFunction(() => location.pathname === '/tickets', undefined, { timeout: 15_000 });
    expect(Date.now() - confirmedAt).toBeGreaterThan(3_500);
    await page.getByTestId('app-shell').waitFor();
    // Working again: the invoice reads as paid on /financeiro.
    await page.goto(`${server.url}/financeiro`);
    expect(await page.getByTestId(`invoice-status-${invoiceId}`).textContent()).toBe('Pago');
    await page.getByTestId(`invoice-paid-${invoiceId}`).waitFor();
    // The overdue screen agrees with the renewal: its title and its text both say active.
    await page.goto(`${server.url}/financeiro-aberto`);
    await expect(page.getByTestId('overdue-page').getAttribute('data-state')).resolves.toBe('active');
    await expect(page.getByTestId('overdue-title').textContent()).resolves.toBe('Assinatura em dia');
    await expect(page.getByTestId('overdue-message').textContent()).resolves.toMatch(/está ativa até/);
    await screenshot(page, 'financial-overdue-page-active');

    // The messages API screen (the new plan keeps useExternalApi off: denied, then /).
    await page.goto(`${server.url}/messages-api`);
    await page.getByText('Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.').first().waitFor();
    await page.waitForFunction(() => location.pathname === '/');
    await call(root, 'PUT', `/plans/${plan.id}`, { useExternalApi: true });
    // Another admin of the company makes the connection (a second login of the same account would log the browser out).
    const other = await createUser(server, company.companyId, 'Outra Admin', { profile: 'admin' });
    const sandbox = await call(other.token, 'POST', '/whatsapp', { name: 'Sandbox API', channel: 'sandbox' });
    await server.wiring.sessions.start();
    // A fresh page restores the session with the plan as it is now.
    await page.goto(`${server.url}/messages-api`);
    await page.getByTestId('messages-api-page').waitFor();
    await page.getByTestId('api-text-send').click();
    await page.getByTestId('api-text-form').getByText('Obrigatório').first().waitFor();
    expect(await page.getByTestId('api-text-form').getByText('Obrigatório').count()).toBe(3);
    await page.getByTestId('api-text-token').fill(sandbox.token);
    await page.getByTestId('api-text-number').fill('5511977770001');
    await page.getByTestId('api-text-body').fill('Olá pela API');
    await page.getByTestId('api-text-send').click();
    await page.getByText('Mensagem enviada com sucesso').first().waitFor();
    await expect
      .poll(async () => (await call(sandbox.token, 'GET', `/sandbox/${sandbox.id}/outbox?to=5511977770001`)).messages.map((m: { body: string }) => m.body), {
        timeout: 15_000,
      })
      .toEqual(['Olá pela API']);
    // A wrong token is refused and does not end the user's session.
    await page.getByTestId('api-text-token').fill('WRONG');
    await page.getByTestId('api-text-body').fill('de novo');
    await page.getByTestId('api-text-send').click();
    await page.getByText('Não foi possível enviar a mensagem').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/messages-api');
  }, 120_000);
});
