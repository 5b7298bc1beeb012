/// <reference lib="dom" />
import { screenshot, signIn } from '@conversa/testing/browser';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type TestServer } from '../harness';
import { openFlow, type Flow } from './flow';

/**
 * Campaigns in Debian's Chromium against the real server, the dispatch engine ticking under its lease: settings,
 * a contact list imported from a spreadsheet, a campaign created in the dialog on a sandbox connection whose report
 * reaches FINALIZADA, one cancelled and restarted from the table, a queue given a file list in its dialog whose files
 * reach a contact on the sandbox phone, and a confirmation answered from the sandbox phone.
 */
let flow: Flow;
let server: TestServer;
let page: Page;
let admin: Flow['admin'];
let sandbox: { id: number; token: string };
const numbers = ['5511944440001', '5511944440002', '5511944440003'];

const call: Flow['call'] = (...request) => flow.call(...request);
const toast = (text: string) => page.getByText(text, { exact: true }).first().waitFor();
const statusOf = (id: number) => page.getByTestId(`campaign-status-${id}`).getAttribute('data-status');

beforeAll(async () => {
  flow = await openFlow({ company: ['Campanhas no navegador', 95], sessions: true, page: { viewport: { width: 1400, height: 900 }, timeout: 20_000 } });
  ({ server, page, admin } = flow);
  server.wiring.campaigns.scheduler.start();
  sandbox = await call('POST', '/whatsapp', { name: 'Sandbox Campanhas', channel: 'sandbox', isDefault: true });
  await server.wiring.sessions.reconcile();
}, 120_000);

afterEach((test) => flow.shotsOnFailure(test, 'campaigns'));
afterAll(() => flow?.close());

describe('campaigns in a browser', { timeout: 240_000 }, () => {
  let listId: number;

  it('shows the campaign screens under the cshow flag, and saves the settings', async () => {
    await signIn(page, server.url, admin);
    // The session sets the flag for a plan with useCampaigns (the access spec covers the screens' absence without it).
    await page.getByTestId('menu-item-campaigns').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('cshow'))).not.toBeNull();
    await page.getByTestId('menu-item-campaignsConfig').click();
    await page.getByTestId('campaign-settings-page').waitFor();
    await expect(page.getByTestId('settings-messageInterval').inputValue()).resolves.toBe('20');
    await page.getByTestId('settings-messageInterval').selectOption('0');
    await page.getByTestId('settings-longerIntervalAfter').selectOption('0');
    await page.getByTestId('settings-greaterInterval').selectOption('0');
    await page.getByTestId('settings-variable-add').click();
    await page.getByTestId('settings-variable-key-0').fill('loja');
    await page.getByTestId('settings-variable-value-0').fill('Loja Centro');
    await page.getByTestId('settings-save').click();
    await toast('Configurações salvas');
    expect(await call('GET', '/campaign-settings')).toMatchObject({ messageInterval: 0, variables: [{ key: 'loja', value: 'Loja Centro' }] });
  });

  it('creates a contact list and imports a spreadsheet: a result per row, the WhatsApp icons', async () => {
    await page.getByTestId('menu-item-contactLists').click();
    await page.getByTestId('contact-lists-page').waitFor();
    await page.getByTestId('contact-list-add').click();
    await page.getByTestId('contact-list-field-name').fill('C');
    await page.getByTestId('contact-list-save').click();
    await page.getByText('Muito curto!').waitFor();
    await page.getByTestId('contact-list-field-name').fill('Clientes da campanha');
    await page.getByTestId('contact-list-save').click();
    await page.getByTestId('contact-list-dialog').waitFor({ state: 'detached' });
    listId = (await call('GET', '/contact-lists/list')).find((list: { name: string }) => list.name === 'Clientes da campanha').id;
    await page.getByTestId(`contact-list-open-${listId}`).click();
    await page.getByTestId('contact-list-items-page').waitFor();

    const dir = mkdtempSync(join(tmpdir(), 'campaign-sheet-'));
    const sheet = join(dir, 'clientes.csv');
    writeFileSync(
      sheet,
      ['nome,numero,email', `Ana Souza,${numbers[0]},ana@example.com`, `Beto Lima,${numbers[1]},`, `Caio Reis,${numbers[2]},`, 'Sem número,abc,'].join('\n'),
    );
    await page.getByTestId('items-import-file').setInputFiles(sheet);
    await page.getByTestId('items-import-dialog').waitFor();
    await page.getByTestId('items-import-confirm').click();
    await toast('3 contatos importados, 1 recusados.');
    await page.getByTestId('items-import-refusals').waitFor();
    const items = (await call('GET', `/contact-list-items?contactListId=${listId}`)).contacts as Array<{ id: number }>;
    expect(items).toHaveLength(3);
    for (const item of items) await page.getByTestId(`item-valid-${item.id}`).waitFor();
    await screenshot(page, 'campaigns-list-items');
    await expect(page.getByTestId(`contact-list-title`).textContent()).resolves.toBe('Clientes da campanha');
  });

  it('creates a campaign in the dialog and watches its report reach FINALIZADA', async () => {
    await page.getByTestId('menu-item-campaigns').click();
    await page.getByTestId('campaigns-page').waitFor();
    await page.getByTestId('campaign-add').click();
    await page.getByTestId('campaign-field-name').fill('Black Friday');
    await page.getByTestId('campaign-field-message-1').fill('Olá {firstName}, ofertas na {loja}!');
    await page.getByTestId(`campaign-connection-${sandbox.id}`).click();
    await page.getByTestId('campaign-field-contactList').selectOption(String(listId));
    const now = new Date();
    const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    await page.getByTestId('campaign-field-scheduledAt').fill(local);
    await page.getByTestId('campaign-save').click();
    await page.getByTestId('campaign-dialog').waitFor({ state: 'detached' });
    const campaign = (await call('GET', '/campaigns')).records.find((c: { name: string }) => c.name === 'Black Friday');
    await page.getByTestId(`campaign-row-${campaign.id}`).waitFor();
    await page.getByTestId(`campaign-report-${campaign.id}`).click();
    await page.getByTestId('campaign-report').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="campaign-report-progress"]')?.getAttribute('data-value') === '100', undefined, {
      timeout: 60_000,
    });
    await page.waitForFunction(() => document.querySelector('[data-testid="campaign-report-status"]')?.getAttribute('data-status') === 'FINALIZADA');
    await expect(page.getByTestId('campaign-report-delivered').textContent()).resolves.toBe('3');
    await expect(page.getByTestId('campaign-report-status').textContent()).resolves.toContain('3 de 3');
    await screenshot(page, 'campaigns-report');
    const outbox = (await server.app.inject({ method: 'GET', url: `/sandbox/${sandbox.id}/outbox?to=${numbers[0]}`, headers: bearer(sandbox.token) })).json()
      .messages;
    expect(outbox.map((m: { body: string }) => m.body)).toEqual(['Olá Ana, ofertas na Loja Centro!']);

    // The report of a campaign that does not exist: a not-found state with the way back to the campaigns.
    await page.goto(`${server.url}/campaign/999999/report`);
    const missing = page.getByTestId('campaign-report-missing');
    await missing.waitFor();
    await expect(missing.getAttribute('data-reason')).resolves.toBe('missing');
    await expect(missing.textContent()).resolves.toContain('Registro não encontrado');
    await screenshot(page, 'campaign-report-missing');
    await page.getByTestId('campaign-report-missing-back').click();
    await page.getByTestId('campaigns-page').waitFor();
  });

  it('stops a running campaign from the table and restarts it', async () => {
    await call('POST', '/campaign-settings', { messageInterval: 20, longerIntervalAfter: 0, greaterInterval: 0 });
    const campaign = await call('POST', '/campaigns', {
      name: 'Lenta',
      message1: 'Devagar, {firstName}',
      contactListId: listId,
      whatsappId: String(sandbox.id),
      scheduledAt: new Date().toISOString(),
    });
    await page.getByTestId('menu-item-campaigns').click();
    await page.getByTestId(`campaign-row-${campaign.id}`).waitFor();
    await expect.poll(() => statusOf(campaign.id), { timeout: 30_000 }).toBe('EM_ANDAMENTO');
    await page.getByTestId(`campaign-stop-${campaign.id}`).click();
    await toast('Campanha parada.');
    await expect.poll(() => statusOf(campaign.id)).toBe('CANCELADA');
    await page.getByTestId(`campaign-restart-${campaign.id}`).click();
    await toast('Campanha reiniciada.');
    await expect.poll(() => statusOf(campaign.id)).toBe('EM_ANDAMENTO');
    await call('POST', `/campaigns/${campaign.id}/cancel`);
    await call('POST', '/campaign-settings', { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 });
  });

  it('keeps a file list on /files: the name rule, a file uploaded with it', async () => {
    await page.getByTestId('menu-item-files').click();
    await page.getByTestId('files-page').waitFor();
    await page.getByTestId('file-list-add').click();
    await page.getByTestId('file-list-field-name').fill('ab');
    await page.getByTestId('file-list-field-message').fill('Nosso catálogo');
    await page.getByTestId('file-list-save').click();
    await expect(page.getByTestId('file-list-field-name-error').textContent()).resolves.toBe('nome muito curto');
    await page.getByTestId('file-list-field-name').fill('Catálogo');
    const dir = mkdtempSync(join(tmpdir(), 'campaign-files-'));
    const file = join(dir, 'tabela.txt');
    writeFileSync(file, 'preços');
    await page.getByTestId('file-list-file').setInputFiles(file);
    await page.getByTestId('file-list-save').click();
    await page.getByTestId('file-list-dialog').waitFor({ state: 'detached' });
    const created = (await call('GET', '/files')).files.find((list: { name: string }) => list.name === 'Catálogo');
    expect(created.options.map((option: { name: string }) => option.name)).toEqual(['tabela.txt']);
    await page.getByTestId(`file-list-name-${created.id}`).waitFor();
  });

  it('gives a queue the file list in its dialog; a contact the bot places in that queue receives the files on the sandbox phone', async () => {
    const list = (await call('GET', '/files')).files.find((found: { name: string }) => found.name === 'Catálogo');
    await page.getByTestId('menu-item-queues').click();
    await page.getByTestId('queue-add').click();
    await page.getByTestId('queue-name').fill('Vendas');
    await page.getByTestId('queue-color').fill('#38A169');
    await page.getByTestId('queue-greetingMessage').fill('Bem-vindo ao setor de vendas');
    await page.getByTestId('queue-fileListId').selectOption(String(list.id));
    await page.getByTestId('queue-save').click();
    await page.getByTestId('queue-dialog').waitFor({ state: 'detached' });
    const queue = (await call('GET', '/queue')).find((found: { name: string }) => found.name === 'Vendas');
    expect(queue.fileListId).toBe(list.id);
    await call('PUT', `/whatsapp/${sandbox.id}`, { queueIds: [queue.id] });

    const phone = await page.context().newPage();
    await phone.goto(`${server.url}/sandbox/${sandbox.id}`);
    await phone.getByTestId('sandbox-phone').waitFor();
    await phone.getByTestId('sandbox-from').fill('5511944448888');
    await phone.getByTestId('sandbox-input').fill('oi');
    await phone.getByTestId('sandbox-send').click();
    await phone.getByText('Bem-vindo ao setor de vendas').waitFor({ timeout: 60_000 });
    await phone.getByText('Nosso catálogo').waitFor({ timeout: 60_000 });
    await phone.getByText('tabela.txt').first().waitFor({ timeout: 60_000 });
    await screenshot(phone, 'routing-queue-file-list-phone');
    await phone.close();
    await call('PUT', `/whatsapp/${sandbox.id}`, { queueIds: [] });
  });

  it('asks for confirmation first and sends the message after the contact answers on the sandbox phone', async () => {
    const phoneNumber = '5511944449999';
    const list = await call('POST', '/contact-lists', { name: 'Confirmar' });
    await call('POST', '/contact-list-items', { contactListId: list.id, name: 'Dora Alves', number: phoneNumber });
    const campaign = await call('POST', '/campaigns', {
      name: 'Com confirmação',
      message1: 'Aqui está seu cupom, {firstName}.',
      confirmation: true,
      confirmationMessage1: 'Oi {firstName}, quer receber o cupom?',
      contactListId: list.id,
      whatsappId: String(sandbox.id),
      scheduledAt: new Date().toISOString(),
    });
    const phone = await page.context().newPage();
    await phone.goto(`${server.url}/sandbox/${sandbox.id}`);
    await phone.getByTestId('sandbox-phone').waitFor();
    await phone.getByTestId('sandbox-from').fill(phoneNumber);
    await phone.getByText('Oi Dora, quer receber o cupom?').waitFor({ timeout: 60_000 });
    await phone.getByTestId('sandbox-input').fill('Sim');
    await phone.getByTestId('sandbox-send').click();
    await phone.getByText('Aqui está seu cupom, Dora.').waitFor({ timeout: 60_000 });
    await screenshot(phone, 'campaigns-confirmation-phone');
    await expect
      .poll(async () => (await call('GET', `/campaigns/${campaign.id}`)).counts, { timeout: 30_000 })
      .toMatchObject({ confirmationRequested: 1, confirmed: 1, delivered: 1 });
    await phone.close();
  });
});
