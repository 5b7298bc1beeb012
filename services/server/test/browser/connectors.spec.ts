/// <reference lib="dom" />
import { launchBrowser, screenshot, signIn } from '@conversa/testing/browser';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConnectorFakes, type ConnectorFakes } from '../connector-fakes';
import { bearer, signupCompany, startTestServer, type TestServer } from '../harness';

/**
 * Connectors in Debian's Chromium against the real server and the local connector fakes: a webhook
 * integration configured on the integrations screen and bound to a queue answers the sandbox phone;
 * a prompt made on the prompts screen answers, then hands over; the composer drafts a reply with it.
 */
let server: TestServer;
let fakes: ConnectorFakes;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let admin: { token: string; email: string; password: string; userId: number };

const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
  const response = await server.app.inject({ method, url, headers: bearer(admin.token), ...(payload ? { payload } : {}) });
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json();
};

beforeAll(async () => {
  fakes = await startConnectorFakes();
  server = await startTestServer({ listen: true, serveUi: true, env: fakes.env });
  // The sandbox connection's session delivers what the product sends to the contact's outbox.
  await server.wiring.sessions.start();
  browser = await launchBrowser();
  const company = await signupCompany(server, 'Conectores no navegador', 63);
  admin = { token: (await server.login(company.email, company.password)).token, email: company.email, password: company.password, userId: company.userId };
  context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  context.setDefaultTimeout(20_000);
  page = await context.newPage();
  await signIn(page, server.url, company, { path: '/tickets' });
}, 120_000);

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close();
  await server?.close();
  await fakes?.close();
});

/** The sandbox phone page playing contact `from`: writes `text` and waits for a received bubble containing `expected`. */
async function phoneSays(phone: Page, text: string, expected: string) {
  await phone.getByTestId('sandbox-input').fill(text);
  await phone.getByTestId('sandbox-send').click();
  await phone.locator('[data-testid="sandbox-received"]', { hasText: expected }).first().waitFor({ timeout: 30_000 });
}

describe('connectors in a browser', { timeout: 180_000 }, () => {
  let promptQueue: number;

  it('configures a webhook integration, tests it, binds it to a queue, and the sandbox phone gets its answer', async () => {
    fakes.webhook('loja', (body) => ({ json: { reply: `Loja: recebi "${body.message.body}"` } }));
    await page.goto(`${server.url}/queue-integration`);
    await page.getByTestId('integrations-page').waitFor();
    await page.getByTestId('integration-add').click();
    await page.getByTestId('integration-field-type').selectOption('webhook');
    await page.getByTestId('integration-field-name').fill('L');
    await page.getByTestId('integration-field-urlN8N').fill(`${fakes.url}/hooks/loja`);
    await page.getByTestId('integration-save').click();
    await expect(page.getByTestId('integration-field-name-error').textContent()).resolves.toBe('Muito curto!');
    await page.getByTestId('integration-field-name').fill('Loja');
    await page.getByTestId('integration-test').click();
    await page.getByTestId('integration-test-result').getByText('Loja: recebi "Olá"').waitFor();
    await screenshot(page, 'integration-dialog-tested');
    await page.getByTestId('integration-save').click();
    await page.getByTestId('integration-dialog').waitFor({ state: 'detached' });
    const { queueIntegrations } = await call('GET', '/queueIntegration');
    const integrationId = queueIntegrations[0].id;
    await page.getByTestId(`integration-row-${integrationId}`).waitFor();
    await expect(page.getByTestId(`integration-icon-${integrationId}`).getAttribute('data-type')).resolves.toBe('webhook');

    // The queue dialog's picker lists it.
    const queue = await call('POST', '/queue', { name: 'Loja', color: '#0ea5e9', greetingMessage: 'Bem-vindo à loja' });
    await page.goto(`${server.url}/queues`);
    await page.getByTestId(`queue-edit-${queue.id}`).click();
    await page.getByTestId('queue-integrationId').selectOption(String(integrationId));
    await page.getByTestId('queue-save').click();
    await page.getByTestId('queue-dialog').waitFor({ state: 'detached' });
    await expect.poll(async () => (await call('GET', `/queue/${queue.id}`)).integrationId).toBe(integrationId);

    const line = await call('POST', '/whatsapp', { name: 'Sandbox loja', channel: 'sandbox', queueIds: [queue.id] });
    const phone = await context.newPage();
    await phone.goto(`${server.url}/sandbox/${line.id}`);
    await phone.getByTestId('sandbox-from').fill('5511944440001');
    await phoneSays(phone, 'tem promoção?', 'Loja: recebi "tem promoção?"');
    await screenshot(phone, 'sandbox-webhook-answer');
    await phone.close();
  });

  it('creates a prompt (the sector is required) whose assistant answers, then hands over', async () => {
    fakes.ai('sk-browser-key-0001', (messages) => {
      const last = messages.at(-1)!.content;
      if (messages[0]!.content.includes('próxima resposta')) return 'Olá! Posso ajudar com o seu pedido.';
      return /frete/i.test(last) ? 'O frete é grátis acima de R$ 100.' : 'Ação: Transferir para o setor de atendimento';
    });
    promptQueue = (await call('POST', '/queue', { name: 'Assistente', color: '#a855f7', greetingMessage: 'Olá' })).id;
    await page.goto(`${server.url}/prompts`);
    await page.getByTestId('prompts-page').waitFor();
    await page.getByTestId('prompt-add').click();
    await page.getByTestId('prompt-field-name').fill('Assistente da loja');
    await page.getByTestId('prompt-field-apiKey').fill('sk-browser-key-0001');
    await expect(page.getByTestId('prompt-field-apiKey').getAttribute('type')).resolves.toBe('password');
    await page.getByTestId('prompt-toggle-key').click();
    await expect(page.getByTestId('prompt-field-apiKey').getAttribute('type')).resolves.toBe('text');
    await page.getByTestId('prompt-field-prompt').fill('Você é o assistente da loja. Responda sobre frete e pedidos.');
    await expect(page.getByTestId('prompt-field-maxTokens').inputValue()).resolves.toBe('100');
    await page.getByTestId('prompt-save').click();
    await expect(page.getByTestId('prompt-field-queueId-error').textContent()).resolves.toBe('Informe o setor');
    await page.getByTestId('prompt-field-queueId').selectOption(String(promptQueue));
    await page.getByTestId('prompt-save').click();
    await page.getByTestId('prompt-dialog').waitFor({ state: 'detached' });
    const { prompts } = await call('GET', '/prompt');
    await page.getByTestId(`prompt-row-${prompts[0].id}`).getByText('Assistente', { exact: true }).waitFor();
    expect(prompts[0].apiKey).toBe('sk-…0001');

    await call('PUT', `/queue/${promptQueue}`, { promptId: prompts[0].id });
    const line = await call('POST', '/whatsapp', { name: 'Sandbox assistente', channel: 'sandbox', queueIds: [promptQueue] });
    const phone = await context.newPage();
    await phone.goto(`${server.url}/sandbox/${line.id}`);
    await phone.getByTestId('sandbox-from').fill('5511944440002');
    await phoneSays(phone, 'quanto é o frete?', 'O frete é grátis acima de R$ 100.');
    await phoneSays(phone, 'e para devolver?', 'atendentes vai continuar');
    await screenshot(phone, 'sandbox-prompt-handover');
    await phone.close();
  });

  it('suggests a reply in the composer from the conversation', async () => {
    const tickets = await call('GET', '/tickets?showAll=true&status=pending');
    const ticket = tickets.tickets.find((row: any) => row.queueId === promptQueue);
    // The attendant takes the ticket the assistant handed over, and asks the AI for a draft.
    await call('PUT', `/tickets/${ticket.id}`, { status: 'open', userId: admin.userId });
    await page.goto(`${server.url}/tickets/${ticket.uuid}`);
    await page.getByTestId('ticket-integration-toggle').waitFor();
    await page.getByTestId('composer-ai').click();
    await page.getByTestId('composer-ai-suggest').click();
    await expect.poll(() => page.getByTestId('composer-input').inputValue()).toBe('Olá! Posso ajudar com o seu pedido.');
    await screenshot(page, 'composer-ai-suggestion');
    // The AI service down: the failure stays on screen saying what to do, until the attendant closes it.
    fakes.failing('/ai/', 503);
    await page.getByTestId('composer-ai').click();
    await page.getByTestId('composer-ai-suggest').click();
    const failure = page.getByTestId('toast-error').filter({ hasText: 'O serviço de IA não respondeu. Tente de novo em instantes' });
    await failure.waitFor();
    await screenshot(page, 'composer-ai-failure');
    await failure.getByRole('button').click();
    await failure.waitFor({ state: 'detached' });
    fakes.failing('/ai/', 0);
  });
});
