/// <reference lib="dom" />
import { launchBrowser, screenshot, signIn } from '@conversa/testing/browser';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, signupCompany, startTestServer, type TestServer } from '../harness';

/**
 * Tags in Debian's Chromium against the real server: the tags screen and its dialog, the tag editor in the ticket
 * header as the way out of the requiredTag rule, and the kanban board where a dragged card moves while a second
 * browser context watches it arrive.
 */
let server: TestServer;
let browser: Browser;
let admin: { token: string; companyId: number };
let sales: number;
let ana: { userId: number; email: string; token: string };
let beto: { userId: number; email: string; token: string };
let phone = 5511960000000;

const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin.token) => {
  const response = await server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json();
};

beforeAll(async () => {
  server = await startTestServer({ listen: true, serveUi: true });
  browser = await launchBrowser();
  const company = await signupCompany(server, 'Tags no navegador', 61);
  admin = { token: (await server.login(company.email, company.password)).token, companyId: company.companyId };
  sales = (await call('POST', '/queue', { name: 'Vendas', color: '#2563eb', greetingMessage: 'Olá!' })).id;
  ana = await createUser(server, admin.companyId, 'Ana Tags', { queueIds: [sales] });
  beto = await createUser(server, admin.companyId, 'Beto Tags', { queueIds: [sales] });
}, 120_000);

const contexts = new Set<BrowserContext>();
afterEach(async (test) => {
  const failed = test.task.result?.state === 'fail';
  let index = 0;
  for (const context of contexts) {
    for (const page of context.pages())
      if (failed) await screenshot(page, `failed-tags-${test.task.name.slice(0, 40).replace(/\W+/g, '-')}-${index++}`).catch(() => undefined);
    await context.close().catch(() => undefined);
  }
  contexts.clear();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function waitingTicket(name: string) {
  const contact = await call('POST', '/contacts', { name, number: String((phone += 1)) });
  const ticket = await call('POST', '/tickets', { contactId: contact.id, queueId: sales, status: 'pending' });
  return { contactId: contact.id as number, ticketId: ticket.id as number, uuid: ticket.uuid as string };
}

async function signedIn(email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  contexts.add(context);
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  await signIn(page, server.url, { email: email, password: 'Secret-123' }, { path: '/tickets' });
  return page;
}

/**
 * Reads a toast, then takes the pointer off it: toasts sit over the ticket header's right side, where the last click
 * left the pointer, and one the pointer rests on never expires.
 */
const toast = async (page: Page, text: string) => {
  await page.getByText(text, { exact: true }).first().waitFor();
  await page.mouse.move(0, 0);
};

/** Waits for a toast to expire, the pointer off it: one lying over the control it names takes the click meant for that control. */
const toastGone = async (page: Page, text: string) => {
  await page.mouse.move(0, 0);
  await page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: text }).waitFor({ state: 'detached' });
};

/** Drags with the pointer as a person does: press, a few steps past dnd-kit's 5 px threshold, then over the lane. */
async function drag(page: Page, fromTestId: string, toTestId: string) {
  const from = (await page.getByTestId(fromTestId).boundingBox())!;
  const to = (await page.getByTestId(toTestId).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + 20);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 12, from.y + 24, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + 80, { steps: 12 });
  await page.mouse.up();
}

describe('tags in a browser', { timeout: 180_000 }, () => {
  it('creates a tag on /tags, tags a ticket in its header and then closes it under the requiredTag rule', async () => {
    await call('PUT', '/settings/requiredTag', { value: 'enabled' });
    const ticket = await waitingTicket('Cliente Etiquetado');
    const page = await signedIn(ana.email);

    // The tags screen: the dialog refuses a two-letter name with the spec's words, then creates the tag.
    await page.getByTestId('menu-item-tags').click();
    await page.getByTestId('tags-page').waitFor();
    await page.getByTestId('tag-add').click();
    await page.getByTestId('tag-field-name').fill('VI');
    await page.getByTestId('tag-save').click();
    await expect(page.getByTestId('tag-field-name-error').textContent()).resolves.toBe('Tag muito curta!');
    await page.getByTestId('tag-field-name').fill('Cliente VIP');
    await page.getByTestId('tag-field-color').fill('#D97706');
    await page.getByTestId('tag-save').click();
    await page.getByTestId('tag-dialog').waitFor({ state: 'detached' });
    const created = (await call('GET', '/tags/list')).find((tag: { name: string }) => tag.name === 'Cliente VIP');
    await page.getByTestId(`tag-name-${created.id}`).waitFor();
    await expect(page.getByTestId(`tag-tickets-${created.id}`).textContent()).resolves.toBe('0');

    // The ticket: accepted, then refused closing without a tag.
    await page.goto(`${server.url}/tickets/${ticket.uuid}`);
    await page.getByTestId('ticket-header').waitFor();
    await page.getByTestId('header-accept').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="ticket-header"]')?.getAttribute('data-status') === 'open');
    await page.getByTestId('header-resolve').click();
    await page.getByTestId('header-resolve-silent').click();
    await toast(page, 'Você deve atribuir uma tag antes de fechar o ticket.');
    expect((await call('GET', `/tickets/${ticket.ticketId}`)).status).toBe('open');
    // The refusal's toast lies over the tag editor it points to.
    await toastGone(page, 'Você deve atribuir uma tag antes de fechar o ticket.');

    // The editor is the way out: tick the tag, see its chip in the header and in the list row, then close.
    await page.getByTestId('ticket-tags-open').click();
    await page.getByTestId(`ticket-tags-option-${created.id}`).click();
    await page.getByTestId(`ticket-tags-chip-${created.id}`).waitFor();
    await page.keyboard.press('Escape');
    // The contact drawer shows the same tags, through its own editor.
    await page.getByTestId('header-contact').click();
    await page.getByTestId(`contact-tags-chip-${created.id}`).waitFor();
    await screenshot(page, 'tags-ticket-header');
    // At this width the panel lies over the conversation: its own close button puts it away.
    await page.getByTestId('contact-drawer-close').click();
    await page.getByTestId('contact-drawer').waitFor({ state: 'detached' });
    await page.getByTestId('header-resolve').click();
    await page.getByTestId('header-resolve-silent').click();
    await page.waitForFunction(() => location.pathname === '/tickets');
    await expect.poll(async () => (await call('GET', `/tickets/${ticket.ticketId}`)).status).toBe('closed');
    expect((await call('GET', `/contactTags/${ticket.contactId}`)).tags.map((tag: { id: number }) => tag.id)).toEqual([created.id]);
    await call('PUT', '/settings/requiredTag', { value: 'disabled' });
  });

  it('moves a kanban card by drag while a second browser watches it arrive', async () => {
    const doing = await call('POST', '/tags', { name: 'Em negociação', color: '#16A34A', kanban: 1 });
    const card = await waitingTicket('Cliente do Quadro');
    const other = await waitingTicket('Outro Cliente');
    const [mover, watcher] = [await signedIn(ana.email), await signedIn(beto.email)];
    for (const page of [mover, watcher]) {
      await page.getByTestId('menu-item-kanban').click();
      await page.getByTestId('kanban-lane-0').getByTestId(`kanban-card-${card.ticketId}`).waitFor();
      await page.getByTestId(`kanban-lane-${doing.id}`).waitFor();
    }
    await expect(mover.getByTestId(`kanban-card-${card.ticketId}`).getByText(`Ticket nº ${card.ticketId}`).count()).resolves.toBe(1);

    // "Adicionar lane" opens the tag dialog in kanban mode; the new lane appears on both boards.
    await mover.getByTestId('kanban-add-lane').click();
    await mover.getByTestId('tag-field-name').fill('Fechamento');
    await expect(mover.getByTestId('tag-field-kanban').locator('input').isChecked()).resolves.toBe(true);
    await mover.getByTestId('tag-save').click();
    await mover.getByTestId('tag-dialog').waitFor({ state: 'detached' });
    const closing = (await call('GET', '/tags/kanban')).lista.find((tag: { name: string }) => tag.name === 'Fechamento');
    await watcher.getByTestId(`kanban-lane-${closing.id}`).waitFor();

    await drag(mover, `kanban-card-${card.ticketId}`, `kanban-lane-${doing.id}`);
    await toast(mover, 'Ticket Tag Removido!');
    await toast(mover, 'Ticket Tag Adicionado com Sucesso!');
    await watcher.getByTestId(`kanban-lane-${doing.id}`).getByTestId(`kanban-card-${card.ticketId}`).waitFor();
    await expect(watcher.getByTestId(`kanban-lane-count-${doing.id}`).textContent()).resolves.toBe('1');
    await watcher.getByTestId('kanban-lane-0').getByTestId(`kanban-card-${other.ticketId}`).waitFor();
    await screenshot(watcher, 'kanban-after-move');
    expect((await call('GET', `/contactTags/${card.contactId}`)).tags.map((tag: { id: number }) => tag.id)).toEqual([doing.id]);

    // "Ver Ticket" opens the conversation.
    await watcher.getByTestId(`kanban-open-${card.ticketId}`).click();
    await watcher.waitForFunction((uuid) => location.pathname === `/tickets/${uuid}`, card.uuid);
  });
});
