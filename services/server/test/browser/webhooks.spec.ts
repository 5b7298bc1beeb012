/// <reference lib="dom" />
import { launchBrowser, screenshot } from '@conversa/testing/browser';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signupCompany, startTestServer, type TestServer } from '../harness';
import { startReceiver, verifySignature } from '../webhook-receiver';

/**
 * The webhooks screen in Chromium against the real server and deliverer: an admin adds an endpoint, sees its
 * secret once, a contact is created, and the delivery shows in the endpoint's log with its body.
 */
let server: TestServer;
let browser: Browser;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let admin: { email: string; password: string; token: string };
let context: BrowserContext | undefined;

beforeAll(async () => {
  server = await startTestServer({ listen: true, serveUi: true, env: { WEBHOOKS_ALLOW_PRIVATE_URLS: 'true' } });
  server.wiring.webhooks.deliverer.start();
  browser = await launchBrowser();
  receiver = await startReceiver();
  const company = await signupCompany(server, 'Webhooks no navegador', 71);
  admin = { ...company, token: (await server.login(company.email, company.password)).token };
}, 120_000);

afterEach(async (test) => {
  if (test.task.result?.state === 'fail') for (const page of context?.pages() ?? []) await screenshot(page, 'failed-webhooks').catch(() => undefined);
  await context?.close().catch(() => undefined);
});

afterAll(async () => {
  await browser?.close();
  await receiver?.close();
  await server?.close();
});

describe('webhooks screen', () => {
  it('adds an endpoint, shows its secret once, and lists the delivery it received', async () => {
    context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByTestId('login-email').fill(admin.email);
    await page.getByTestId('login-password').fill(admin.password);
    await page.getByTestId('login-submit').click();
    await page.waitForFunction(() => location.pathname === '/tickets');
    // The administration menu's entry opens the screen.
    await page.getByTestId('menu-item-webhooks').click();
    await page.getByTestId('webhooks-empty').waitFor();

    await page.getByTestId('webhook-add').click();
    await page.getByTestId('webhook-save').click();
    await page.getByTestId('webhook-field-url-error').waitFor();
    await page.getByTestId('webhook-field-url').fill(receiver.url);
    await page.getByTestId('webhook-field-all').click();
    await page.getByTestId('webhook-event-contact.created').click();
    await page.getByTestId('webhook-save').click();

    const secret = (await page.getByTestId('webhook-secret').textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await page.getByTestId('webhook-secret-done').click();
    await page.getByTestId('webhook-secret-dialog').waitFor({ state: 'detached' });
    const [hook] = (await server.app.inject({ method: 'GET', url: '/webhooks', headers: bearer(admin.token) })).json();
    await page.getByTestId(`webhook-row-${hook.id}`).waitFor();
    // Shown once: nowhere on the screen any more.
    expect(await page.content()).not.toContain(secret);

    const contact = await server.app.inject({ method: 'POST', url: '/contacts', headers: bearer(admin.token), payload: { name: 'Cliente Webhook', number: '5511955554444' } });
    expect(contact.statusCode).toBe(201);
    await receiver.until(1);
    expect(verifySignature(secret, receiver.received[0]!)).toBe(true);

    await page.getByTestId(`webhook-deliveries-${hook.id}`).click();
    const deliveryId = receiver.received[0]!.headers['x-conversa-delivery']!;
    const row = page.getByTestId(`webhook-delivery-${deliveryId}`);
    await row.getByTestId('webhook-delivery-status').filter({ hasText: 'Entregue' }).waitFor();
    await page.getByTestId(`webhook-delivery-view-${deliveryId}`).click();
    await page.getByTestId('webhook-delivery-body').filter({ hasText: 'Cliente Webhook' }).waitFor();
  });

  it('renders the API reference under the product\'s CSP', async () => {
    context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') refused.push(message.text());
    });
    await page.goto(`${server.url}/api/docs`);
    // Swagger UI renders sections as they scroll into view: the first ones show the document loaded and rendered.
    await page.locator('.opblock-tag', { hasText: /^auth/ }).first().waitFor({ timeout: 30_000 });
    await page.getByText('/auth/login', { exact: true }).first().waitFor();
    expect(await page.evaluate(() => (window as unknown as { ui: { specSelectors: { paths(): { has(path: string): boolean } } } }).ui.specSelectors.paths().has('/webhooks/{id}/rotate-secret'))).toBe(true);
    expect(refused.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);
    expect(await page.locator('.errors-wrapper').count()).toBe(0);
  });
});
