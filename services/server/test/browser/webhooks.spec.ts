/// <reference lib="dom" />
import { createWebhookDeliverer, createWebhookPoster, type WebhookDeliverer } from '@conversa/automation';
import { WEBHOOK_PAUSE_AFTER_MS } from '@conversa/contracts';
import { launchBrowser, screenshot, signIn } from '@conversa/testing/browser';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signupCompany, startTestServer, type TestServer } from '../harness';
import { startReceiver, verifySignature, verifyStandard } from '../webhook-receiver';

/**
 * The webhooks screen in Chromium against the real server and deliverer: an admin adds an endpoint, sees its
 * secret once, a contact is created, and the delivery shows in the endpoint's log with its body; an endpoint the
 * deliverer pauses after three days of failures is told to the admin wherever they are, and "Retomar agora" sends its
 * queue in order.
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
    await signIn(page, server.url, admin, { path: '/tickets' });
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

    const contact = await server.app.inject({
      method: 'POST',
      url: '/contacts',
      headers: bearer(admin.token),
      payload: { name: 'Cliente Webhook', number: '5511955554444' },
    });
    expect(contact.statusCode).toBe(201);
    await receiver.until(1);
    expect(verifySignature(secret, receiver.received[0]!)).toBe(true);

    await page.getByTestId(`webhook-deliveries-${hook.id}`).click();
    const deliveryId = receiver.received[0]!.headers['x-conversa-delivery']!;
    const row = page.getByTestId(`webhook-delivery-${deliveryId}`);
    await row.getByTestId('webhook-delivery-status').filter({ hasText: 'Entregue' }).waitFor();
    await page.getByTestId(`webhook-delivery-view-${deliveryId}`).click();
    await page.getByTestId('webhook-delivery-body').filter({ hasText: 'Cliente Webhook' }).waitFor();
    expect(verifyStandard(secret, receiver.received[0]!)).toBe(true);
  });

  it('tells the admin an endpoint was paused after failing for three days, and "Retomar agora" sends its queue in order', async () => {
    // The product's deliverer gives way to one whose clock the test moves three days on.
    await server.wiring.webhooks.deliverer.stop();
    let skew = 0;
    let up = false;
    const failing = await startReceiver({ answer: (_d, response) => response.writeHead(up ? 200 : 503).end() });
    const deliverer: WebhookDeliverer = createWebhookDeliverer({
      db: server.wiring.db,
      ctx: server.wiring.ctx,
      secrets: server.wiring.ctx.webhooks.secrets,
      connectionString: server.wiring.databaseUrl,
      post: createWebhookPoster({ allowPrivateUrls: true }),
      now: () => new Date(Date.now() + skew),
      backoffMs: [3_600_000],
      giveUpAfterMs: 7 * 86_400_000,
      pollMs: 50,
    });
    deliverer.start();
    try {
      const created = await server.app.inject({
        method: 'POST',
        url: '/webhooks',
        headers: bearer(admin.token),
        payload: { url: failing.url, events: ['contact.created'], description: 'CRM em manutenção' },
      });
      expect(created.statusCode).toBe(201);
      const hook = created.json() as { id: number; secret: string };
      for (const [name, number] of [
        ['Primeiro Na Fila', '5511955550001'],
        ['Segundo Na Fila', '5511955550002'],
      ]) {
        expect((await server.app.inject({ method: 'POST', url: '/contacts', headers: bearer(admin.token), payload: { name, number } })).statusCode).toBe(201);
      }
      await failing.until(1);
      // The first failure recorded (on the true clock) before the clock moves.
      const attempts = async () =>
        (await server.app.inject({ method: 'GET', url: `/webhooks/${hook.id}/deliveries`, headers: bearer(admin.token) }))
          .json()
          .deliveries.map((d: { attempts: number }) => d.attempts);
      await expect.poll(attempts).toContain(1);

      context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
      context.setDefaultTimeout(15_000);
      const page = await context.newPage();
      await page.goto(`${server.url}/login`);
      await page.getByTestId('login-email').fill(admin.email);
      await page.getByTestId('login-password').fill(admin.password);
      // The shell's notices read the endpoints once (nothing paused yet): what is paused after that is news.
      const listed = page.waitForResponse(
        (response) => new URL(response.url()).pathname.endsWith('/webhooks') && response.request().method() === 'GET' && response.ok(),
      );
      await page.getByTestId('login-submit').click();
      await page.waitForFunction(() => location.pathname === '/tickets');
      await page.getByTestId('tickets-page').waitFor();
      await listed;
      expect(await page.getByTestId('webhook-notices-button').count()).toBe(0);

      // Three days on, the head fails again: paused, and the admin, on the tickets screen, is told at once.
      skew = WEBHOOK_PAUSE_AFTER_MS;
      deliverer.wake();
      const toast = page.getByTestId('toast-warning').filter({ hasText: 'Webhook pausado' });
      await toast.filter({ hasText: failing.url }).waitFor();
      skew = 0;
      await page.getByTestId('webhook-notices-count').filter({ hasText: '1' }).waitFor();
      await screenshot(page, 'webhooks-paused-toast');
      await toast.getByRole('button', { name: 'Abrir webhooks' }).waitFor();
      await toast.locator('[data-part=close-trigger]').click();
      await toast.waitFor({ state: 'detached' });

      await page.getByTestId('webhook-notices-button').click();
      await page.getByTestId(`webhook-notice-${hook.id}`).filter({ hasText: 'HTTP 503' }).waitFor();
      await screenshot(page, 'webhooks-paused-notice');
      await page.getByTestId('webhook-notices-open').click();
      await page.waitForFunction(() => location.pathname === '/webhooks');
      await page.getByTestId(`webhook-status-${hook.id}`).filter({ hasText: 'Pausado por falhas' }).waitFor();
      await page.getByTestId(`webhook-paused-${hook.id}`).filter({ hasText: 'HTTP 503' }).waitFor();

      // Its queue waits, held: nothing is due while it is paused.
      await page.getByTestId(`webhook-deliveries-${hook.id}`).click();
      await page.getByTestId('webhook-delivery-next').filter({ hasText: 'Pausado' }).nth(1).waitFor();
      await screenshot(page, 'webhooks-paused-deliveries');
      await page.getByTestId('webhook-deliveries-close').click();
      await page.getByTestId('webhook-deliveries-dialog').waitFor({ state: 'detached' });
      expect(failing.received).toHaveLength(2);

      up = true;
      await page.getByTestId(`webhook-resume-${hook.id}`).click();
      await page.getByTestId('toast-success').filter({ hasText: 'Entregas retomadas' }).waitFor();
      await failing.until(4);
      expect(failing.received.map((d) => d.json.data.name)).toEqual(['Primeiro Na Fila', 'Primeiro Na Fila', 'Primeiro Na Fila', 'Segundo Na Fila']);
      for (const delivery of [failing.received[0]!, ...failing.received.slice(2)]) expect(verifyStandard(hook.secret, delivery)).toBe(true);
      await page.getByTestId(`webhook-status-${hook.id}`).filter({ hasText: 'Ativo' }).waitFor();
      await page.getByTestId('webhook-notices-button').waitFor({ state: 'detached' });
      await page.getByTestId(`webhook-deliveries-${hook.id}`).click();
      await expect.poll(() => page.getByTestId('webhook-delivery-status').filter({ hasText: 'Entregue' }).count(), { timeout: 15_000 }).toBe(2);
      await screenshot(page, 'webhooks-resumed');
    } finally {
      await deliverer.stop();
      await failing.close();
      server.wiring.webhooks.deliverer.start();
    }
  });

  it("renders the API reference under the product's CSP", async () => {
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
    expect(
      await page.evaluate(() =>
        (window as unknown as { ui: { specSelectors: { paths(): { has(path: string): boolean } } } }).ui.specSelectors
          .paths()
          .has('/webhooks/{id}/rotate-secret'),
      ),
    ).toBe(true);
    expect(refused.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);
    expect(await page.locator('.errors-wrapper').count()).toBe(0);
  });
});
