/// <reference lib="dom" />
import { inboundContext } from '@conversa/channels';
import { receiveMessage } from '@conversa/core';
import { launchBrowser, screenshot, signIn } from '@conversa/testing/browser';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, signupCompany, startTestServer, type TestServer } from '../harness';

/**
 * The conversations screen in Debian's Chromium against the real server: two attendants in two
 * browser contexts watch each other's accept, transfer and close arrive live; search; tab counts; the new-ticket
 * dialog; the small-screen layout; screenshots of the main states.
 */
let server: TestServer;
let browser: Browser;
let admin: { token: string; companyId: number; email: string; password: string };
let sales: number;
let support: number;
let ana: { userId: number; email: string };
let beto: { userId: number; email: string };
let phone = 5511970000000;

beforeAll(async () => {
  server = await startTestServer({ listen: true, serveUi: true });
  browser = await launchBrowser();
  const company = await signupCompany(server, 'Conversas Live', 51);
  admin = {
    token: (await server.login(company.email, company.password)).token,
    companyId: company.companyId,
    email: company.email,
    password: company.password,
  };
  sales = await createQueue('Vendas', '#2563eb', 'Olá! Escolha: 1 Vendas, 2 Suporte');
  support = await createQueue('Suporte', '#16a34a', 'Olá! Escolha: 1 Vendas, 2 Suporte');
  ana = await createUser(server, admin.companyId, 'Ana Atendente', { queueIds: [sales] });
  beto = await createUser(server, admin.companyId, 'Beto Atendente', { queueIds: [sales, support] });
}, 120_000);

/** Contexts of the running test: a failing test leaves a screenshot of each page, and none outlives its test. */
const contexts = new Set<BrowserContext>();
afterEach(async (test) => {
  const failed = test.task.result?.state === 'fail';
  let index = 0;
  for (const context of contexts) {
    for (const page of context.pages())
      if (failed) await screenshot(page, `failed-${test.task.name.slice(0, 40).replace(/\W+/g, '-')}-${index++}`).catch(() => undefined);
    await context.close().catch(() => undefined);
  }
  contexts.clear();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function createQueue(name: string, color: string, greetingMessage: string): Promise<number> {
  const response = await server.app.inject({ method: 'POST', url: '/queue', headers: bearer(admin.token), payload: { name, color, greetingMessage } });
  if (response.statusCode !== 201 && response.statusCode !== 200) throw new Error(`queue: ${response.statusCode} ${response.body}`);
  return response.json().id;
}

/** A contact of the company (POST /contacts) and a ticket waiting in a queue for it (POST /tickets). */
async function waitingTicket(name: string, queueId: number) {
  const number = String((phone += 1));
  const contact = await server.app.inject({ method: 'POST', url: '/contacts', headers: bearer(admin.token), payload: { name, number } });
  if (contact.statusCode !== 201) throw new Error(`contact: ${contact.statusCode} ${contact.body}`);
  const ticket = await server.app.inject({
    method: 'POST',
    url: '/tickets',
    headers: bearer(admin.token),
    payload: { contactId: contact.json().id, queueId, status: 'pending' },
  });
  if (ticket.statusCode !== 201) throw new Error(`ticket: ${ticket.statusCode} ${ticket.body}`);
  return { number, name, contactId: contact.json().id as number, ticketId: ticket.json().id as number, uuid: ticket.json().uuid as string };
}

/** The contact writes on the channel (the inbound path the channel adapters use). */
async function inbound(contact: { number: string; name: string }, body: string) {
  const received = await receiveMessage(inboundContext(server.wiring.ctx), {
    companyId: admin.companyId,
    whatsappId: null,
    channel: 'whatsapp',
    contact: { number: contact.number, name: contact.name, isGroup: false },
    providerId: `browser-${contact.number}-${Math.random()}`,
    body,
    mediaType: 'chat',
    receivedAt: server.wiring.ctx.now(),
  });
  await server.wiring.ctx.waitForProjections(received.position);
  return received;
}

async function signedIn(email: string, width = 1280, password = 'Secret-123', height = 860): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height } });
  contexts.add(context);
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  // After login the user lands on /tickets.
  await page.waitForFunction(() => location.pathname === '/tickets');
  await page.getByTestId('tickets-page').waitFor();
  return { context, page };
}

const row = (page: Page, ticketId: number) => page.getByTestId(`ticket-row-${ticketId}`);
const count = (page: Page, tab: 'open' | 'pending' | 'group') => page.getByTestId(`ticket-count-${tab}`);
const countIs = (page: Page, tab: 'open' | 'pending' | 'group', value: number) =>
  page.waitForFunction(([id, expected]) => document.querySelector(`[data-testid="${id}"]`)?.textContent === String(expected), [
    `ticket-count-${tab}`,
    value,
  ] as const);
const atPath = (page: Page, path: string) => page.waitForFunction((expected) => location.pathname === expected, path);

describe('the conversations screen in a browser', { timeout: 120_000 }, () => {
  it('shows two attendants each other’s accept, transfer and close live, with tab counts', async () => {
    const first = await waitingTicket('Cliente Aceite', sales);
    await inbound(first, 'Bom dia, quero comprar um plano');
    const second = await waitingTicket('Cliente Ignorado', sales);

    const a = await signedIn(ana.email);
    const b = await signedIn(beto.email);
    for (const { page } of [a, b]) {
      await page.getByTestId('tickets-tab-pending').click();
      await row(page, first.ticketId).waitFor();
      await row(page, second.ticketId).waitFor();
      await countIs(page, 'pending', 2);
    }
    // The ticket row: name, last message, queue chip in upper case, unread count, time, last-contact badge.
    const firstRow = row(a.page, first.ticketId);
    await expect(firstRow.getByTestId('ticket-contact-name').textContent()).resolves.toBe('Cliente Aceite');
    // Cut to 30 characters, the cut marked with an ellipsis.
    await expect(firstRow.getByTestId('ticket-last-message').textContent()).resolves.toBe('Bom dia, quero comprar um plan…');
    await expect(firstRow.getByTestId('ticket-queue').textContent()).resolves.toBe('VENDAS');
    await expect(firstRow.getByTestId('ticket-unread').textContent()).resolves.toBe('1');
    await expect(firstRow.getByTestId('ticket-time').textContent()).resolves.toMatch(/^\d{2}:\d{2}$/);
    await expect(firstRow.getByTestId('ticket-last-contact').textContent()).resolves.toBe('0 min');
    await screenshot(a.page, 'tickets-pending-tab');

    // Ana accepts: she lands in the conversation; Beto sees the ticket leave the waiting list.
    await a.page.getByTestId(`ticket-accept-${first.ticketId}`).click();
    await atPath(a.page, `/tickets/${first.uuid}`);
    await a.page.getByTestId('ticket-header').waitFor();
    await expect(a.page.getByTestId('ticket-header-name').textContent()).resolves.toContain(`#${first.ticketId}`);
    await expect(a.page.getByTestId('ticket-header-user').textContent()).resolves.toContain('Ana Atendente');
    await row(b.page, first.ticketId).waitFor({ state: 'detached' });
    await countIs(b.page, 'pending', 1);
    await countIs(a.page, 'open', 1);
    await screenshot(a.page, 'ticket-open-conversation');

    // Ana transfers it to Beto: it arrives in Beto's open tab and leaves Ana's.
    await a.page.getByTestId('header-transfer').click();
    await a.page.getByTestId('transfer-user-search').fill('Bet');
    await a.page.getByTestId(`transfer-user-option-${beto.userId}`).click();
    await expect(a.page.getByTestId('transfer-queue').inputValue()).resolves.toBe(String(sales));
    await screenshot(a.page, 'ticket-transfer-dialog');
    await a.page.getByTestId('transfer-confirm').click();
    await atPath(a.page, '/tickets');
    await b.page.getByTestId('tickets-tab-open').click();
    await row(b.page, first.ticketId).waitFor();
    await countIs(b.page, 'open', 1);
    await countIs(a.page, 'open', 0);
    await expect(row(b.page, first.ticketId).getByTestId('ticket-user').textContent()).resolves.toBe('Beto Atendente');

    // Ana ignores the other waiting ticket (a close without farewell): Beto watches it go.
    await b.page.getByTestId('tickets-tab-pending').click();
    await row(b.page, second.ticketId).waitFor();
    await a.page.getByTestId('tickets-tab-pending').click();
    await a.page.getByTestId(`ticket-ignore-${second.ticketId}`).click();
    await row(b.page, second.ticketId).waitFor({ state: 'detached' });
    await countIs(b.page, 'pending', 0);

    // Beto returns his ticket to the queue: Ana sees it waiting again.
    await b.page.getByTestId('tickets-tab-open').click();
    await row(b.page, first.ticketId).click();
    await b.page.getByTestId('header-return').click();
    await row(a.page, first.ticketId).waitFor();
    await countIs(a.page, 'pending', 1);

    // Beto takes it again and resolves it: it leaves Ana's waiting list and shows in his closed view.
    await b.page.getByTestId('tickets-tab-pending').click();
    await b.page.getByTestId(`ticket-accept-${first.ticketId}`).click();
    await atPath(b.page, `/tickets/${first.uuid}`);
    await row(a.page, first.ticketId).waitFor({ state: 'detached' });
    await b.page.getByTestId('header-resolve').click();
    await b.page.getByTestId('header-resolve-silent').click();
    await atPath(b.page, '/tickets');
    await b.page.getByTestId('tickets-view-closed').click();
    await row(b.page, first.ticketId).waitFor();
    await expect(row(b.page, first.ticketId).getAttribute('data-status')).resolves.toBe('closed');
    await screenshot(b.page, 'tickets-closed-view');

    // The history of the ticket, with its verified hash chain.
    await b.page.getByTestId(`ticket-row-${first.ticketId}`).click();
    await b.page.getByTestId('header-more').click();
    await b.page.getByTestId('header-history').click();
    await b.page.getByTestId('history-verification').waitFor();
    await expect(b.page.getByTestId('history-verification').getAttribute('data-verified')).resolves.toBe('true');
    // Every event reads as a sentence naming people and queues, with its time (historySentences.ts).
    const said = (type: string) => b.page.locator(`[data-testid^="history-event-"][data-type="${type}"]`).first().textContent();
    await expect(said('TicketAccepted')).resolves.toMatch(/^Aceito por Ana Atendente na fila Vendas, \d{2}:\d{2}\.$/);
    await expect(said('TicketTransferred')).resolves.toMatch(/^Transferido para Beto Atendente na fila Vendas por Ana Atendente, \d{2}:\d{2}\.$/);
    await expect(said('TicketReturnedToQueue')).resolves.toMatch(/^Devolvido à fila Vendas por Beto Atendente, \d{2}:\d{2}\.$/);
    await expect(said('TicketClosed')).resolves.toMatch(/^Resolvido por Beto Atendente, \d{2}:\d{2}\.$/);
    await expect(b.page.getByTestId('history-dialog').textContent()).resolves.not.toMatch(/Ticket[A-Z]\w+|userId|queueId/);
    await screenshot(b.page, 'ticket-history-dialog');

    await a.context.close();
    await b.context.close();
  });

  it('moves a ticket with a new message to the top, rings the bell, searches, and opens a new ticket', async () => {
    const older = await waitingTicket('Paula Pereira', sales);
    const newer = await waitingTicket('Quitéria Quintas', sales);
    const a = await signedIn(ana.email);
    await a.page.getByTestId('tickets-tab-pending').click();
    await row(a.page, newer.ticketId).waitFor();
    const order = () =>
      a.page.$$eval('[data-testid^="ticket-row-"]', (rows) => rows.map((element) => Number(element.getAttribute('data-testid')!.slice('ticket-row-'.length))));
    const top = async () => {
      const rows = await a.page.$$eval('[data-testid^="ticket-row-"]', (elements) =>
        elements.map((element) => ({ id: Number(element.getAttribute('data-testid')!.slice('ticket-row-'.length)), y: element.getBoundingClientRect().top })),
      );
      return rows.sort((x, y) => x.y - y.y)[0]?.id;
    };
    expect(await top()).toBe(newer.ticketId);
    expect(await order()).toContain(older.ticketId);

    await inbound(older, 'Ainda espero o orçamento');
    await a.page.waitForFunction(([id]) => document.querySelector(`[data-testid="ticket-row-${id}"] [data-testid="ticket-unread"]`)?.textContent === '1', [
      older.ticketId,
    ] as const);
    await expect.poll(top).toBe(older.ticketId);
    await expect(row(a.page, older.ticketId).getByTestId('ticket-last-message').textContent()).resolves.toBe('Ainda espero o orçamento');
    await countIs(a.page, 'pending', 2);
    await screenshot(a.page, 'tickets-new-message-on-top');

    // Search by contact name and by a word of a message (500 ms debounce, then the search view).
    await a.page.getByTestId('tickets-search').fill('Quitéria');
    await a.page.waitForFunction(() => document.querySelector('[data-testid="tickets-manager"]')?.getAttribute('data-view') === 'search');
    await row(a.page, newer.ticketId).waitFor();
    await row(a.page, older.ticketId).waitFor({ state: 'detached' });
    await a.page.getByTestId('tickets-search').fill('orçamento');
    await row(a.page, older.ticketId).waitFor();
    await row(a.page, newer.ticketId).waitFor({ state: 'detached' });
    await screenshot(a.page, 'tickets-search');
    await a.page.getByTestId('tickets-search').fill('');
    await a.page.waitForFunction(() => document.querySelector('[data-testid="tickets-manager"]')?.getAttribute('data-view') === 'open');

    // Deselecting the queue empties the list; selecting it again brings the tickets back.
    await a.page.getByTestId('tickets-tab-pending').click();
    await row(a.page, older.ticketId).waitFor();
    await a.page.getByTestId('tickets-queues').click();
    await a.page.getByTestId(`tickets-queues-option-${sales}`).click();
    await a.page.keyboard.press('Escape');
    await a.page.getByTestId('ticket-list-empty').waitFor();
    await countIs(a.page, 'pending', 0);
    await a.page.getByTestId('tickets-queues').click();
    await a.page.getByTestId(`tickets-queues-option-${sales}`).click();
    await a.page.keyboard.press('Escape');
    await row(a.page, older.ticketId).waitFor();

    // New ticket: contact search from 3 characters, queue, confirm → the new conversation.
    const contact = await server.app.inject({
      method: 'POST',
      url: '/contacts',
      headers: bearer(admin.token),
      payload: { name: 'Rogério Ramos', number: String((phone += 1)) },
    });
    await a.page.getByTestId('tickets-new').click();
    await a.page.getByTestId('new-ticket-contact-input').fill('Rog');
    await a.page.getByTestId(`new-ticket-contact-option-${contact.json().id}`).click();
    // Her only queue comes chosen; without one, a plain user is told 'Selecione uma fila'.
    await expect(a.page.getByTestId('new-ticket-queue').inputValue()).resolves.toBe(String(sales));
    await a.page.getByTestId('new-ticket-queue').selectOption('');
    await a.page.getByTestId('new-ticket-confirm').click();
    await a.page.getByText('Selecione uma fila').waitFor();
    await a.page.getByTestId('new-ticket-queue').selectOption(String(sales));
    await screenshot(a.page, 'ticket-new-dialog');
    await a.page.getByTestId('new-ticket-confirm').click();
    await a.page.getByTestId('ticket-header').waitFor();
    await expect(a.page.getByTestId('ticket-header-name').textContent()).resolves.toContain('Rogério Ramos');
    await a.page.getByTestId('tickets-tab-open').click();
    await countIs(a.page, 'open', 1);

    // A message on her own open ticket while she reads another: the bell lists it.
    const opened = await server.wiring.db
      .selectFrom('read.tickets')
      .select(['id', 'uuid'])
      .where('contact_id', '=', contact.json().id)
      .executeTakeFirstOrThrow();
    await a.page.goto(`${server.url}/tickets`);
    await a.page.getByTestId('tickets-page').waitFor();
    // Frames flow once the socket is open; what a page read before that and missed meanwhile is a known window (see the note).
    await a.page.locator('[data-testid="app-shell"][data-socket="open"]').waitFor();
    await inbound({ number: contact.json().number, name: 'Rogério Ramos' }, 'Oi Ana, tudo certo?');
    await a.page.getByTestId('notifications-button').click();
    await a.page.getByTestId(`notification-${opened.id}`).waitFor();
    await screenshot(a.page, 'tickets-notifications');
    await a.page.getByTestId(`notification-${opened.id}`).click();
    await atPath(a.page, `/tickets/${opened.uuid}`);
    await a.context.close();
  });

  it('uses two tabs on a small screen: the list, then the ticket, and back', async () => {
    const waiting = await waitingTicket('Sônia Small', sales);
    const small = await signedIn(ana.email, 390);
    await expect(small.page.getByTestId('tickets-page').getAttribute('data-layout')).resolves.toBe('tabs');
    await small.page.getByTestId('tickets-tab-pending').click();
    await row(small.page, waiting.ticketId).waitFor();
    await screenshot(small.page, 'tickets-small-list');
    await row(small.page, waiting.ticketId).click();
    await small.page.getByTestId('ticket-header').waitFor();
    await expect(small.page.getByTestId('ticket-header').isVisible()).resolves.toBe(true);
    await expect(small.page.getByTestId('tickets-manager').isVisible()).resolves.toBe(false);
    await screenshot(small.page, 'tickets-small-ticket');
    await small.page.getByTestId('ticket-back').click();
    await atPath(small.page, '/tickets');
    await small.page.getByTestId('tickets-manager').waitFor({ state: 'visible' });
    await small.page.getByTestId('tickets-pane-ticket').click();
    await small.page.getByTestId('no-ticket-selected').waitFor();
    await small.page.getByTestId('pick-ticket').click();
    await small.page.getByTestId('tickets-manager').waitFor({ state: 'visible' });
    await small.context.close();
  });

  it('tells the reader of a deleted ticket and goes back to the list; resynchronises after a lost connection', async () => {
    const waiting = await waitingTicket('Tadeu Temporário', sales);
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    contexts.add(context);
    context.setDefaultTimeout(15_000);
    // The socket runs through Playwright, so the test can cut it and keep it down for a while.
    let online = true;
    const live: Array<{ page: { close(): Promise<void> }; server: { close(): Promise<void> } }> = [];
    await context.routeWebSocket(/\/socket/, (socket) => {
      if (!online) {
        void socket.close();
        return;
      }
      live.push({ page: socket, server: socket.connectToServer() });
    });
    const page = await context.newPage();
    await signIn(page, server.url, { email: ana.email, password: 'Secret-123' }, { testId: 'tickets-page' });
    await page.goto(`${server.url}/tickets/${waiting.uuid}`);
    await page.getByTestId('ticket-header').waitFor();
    await expect.poll(() => live.length).toBeGreaterThan(0);

    const deleted = await server.app.inject({ method: 'DELETE', url: `/tickets/${waiting.ticketId}`, headers: bearer(admin.token) });
    expect(deleted.statusCode).toBe(200);
    await page.getByText('Ticket encerrado com sucesso.').waitFor();
    await atPath(page, '/tickets');

    // Connection lost: frames sent meanwhile never arrive. Back online, the socket resumes and gets what it missed.
    await page.getByTestId('tickets-tab-pending').click();
    await count(page, 'pending').waitFor();
    const waitingBefore = Number(await count(page, 'pending').textContent());
    online = false;
    for (const socket of live.splice(0)) {
      await socket.server.close();
      await socket.page.close();
    }
    await page.getByTestId('socket-offline').waitFor();
    const during = await waitingTicket('Ulisses Offline', sales);
    await expect(row(page, during.ticketId).count()).resolves.toBe(0);
    online = true;
    await row(page, during.ticketId).waitFor({ timeout: 45_000 });
    await countIs(page, 'pending', waitingBefore + 1);
    await context.close();
  });

  it('lets an admin close every waiting ticket of the tab after the yes/no prompt', async () => {
    const waiting = await waitingTicket('Vera Fechamento', support);
    const { page } = await signedIn(admin.email, 1280, admin.password);
    // Show-all is on by default for admins: a ticket of a queue the admin is not in shows.
    await expect(page.getByTestId('tickets-show-all').locator('input').isChecked()).resolves.toBe(true);
    await page.getByTestId('tickets-tab-pending').click();
    await row(page, waiting.ticketId).waitFor();
    await page.getByTestId('tickets-speed-dial').click();
    await page.getByTestId('speed-dial-close-all').click();
    await page.getByTestId('close-all-dialog').waitFor();
    await screenshot(page, 'tickets-close-all-prompt');
    await page.getByTestId('close-all-dialog-confirm').click();
    await page.getByText('Tickets fechados com sucesso.').waitFor();
    await row(page, waiting.ticketId).waitFor({ state: 'detached' });
    await countIs(page, 'pending', 0);
    const left = await server.wiring.db.selectFrom('read.tickets').select('status').where('id', '=', waiting.ticketId).executeTakeFirstOrThrow();
    expect(left.status).toBe('closed');
  });
  it('says once what each action did, keeps the last row clear of the + button, and the composer usable beside the contact panel', async () => {
    // Enough waiting tickets to scroll; the oldest is the last row.
    const waiting: Array<Awaited<ReturnType<typeof waitingTicket>>> = [];
    for (let i = 1; i <= 12; i++) waiting.push(await waitingTicket(`Fila Longa ${String(i).padStart(2, '0')}`, support));
    // The first one's message moves it to the top; the second is then the oldest, the last row.
    await inbound(waiting[0]!, '*Ana*: quero _comprar_');
    const last = waiting[1]!;
    const { page } = await signedIn(beto.email, 1366, 'Secret-123', 768);
    const toasts = (text: string) => page.getByText(text, { exact: true }).count();
    await page.getByTestId('tickets-tab-pending').click();
    await row(page, waiting[11]!.ticketId).waitFor();
    // The preview drops WhatsApp's marks.
    await expect(row(page, waiting[0]!.ticketId).getByTestId('ticket-last-message').textContent()).resolves.toBe('Ana: quero comprar');

    // Scrolled to the end, the last row's accept is clickable: the floating + leaves it room.
    await page.getByTestId('ticket-list').evaluate((list) => list.scrollTo({ top: list.scrollHeight }));
    await row(page, last.ticketId).waitFor();
    await page.waitForFunction(() => {
      const list = document.querySelector('[data-testid="ticket-list"]')!;
      return Math.ceil(list.scrollTop + list.clientHeight) >= list.scrollHeight;
    });
    await screenshot(page, 'tickets-list-end-1366');
    // Nothing lies over the last row's accept and ignore buttons (the + button floats at the list's foot).
    const uncovered = (testId: string) =>
      page.getByTestId(testId).evaluate((button) => {
        const box = button.getBoundingClientRect();
        return button.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2));
      });
    await expect(uncovered(`ticket-accept-${last.ticketId}`)).resolves.toBe(true);
    await expect(uncovered(`ticket-ignore-${last.ticketId}`)).resolves.toBe(true);
    await page.getByTestId(`ticket-accept-${last.ticketId}`).click();
    await atPath(page, `/tickets/${last.uuid}`);
    await page.getByText('Ticket aceito.', { exact: true }).waitFor();
    expect(await toasts('Ticket aceito.')).toBe(1);

    // At 1366 px the contact panel opens over the conversation: the composer keeps its width.
    await page.getByTestId('composer-input').waitFor();
    await page.getByTestId('header-contact').click();
    await page.getByTestId('contact-drawer').waitFor();
    const composer = async () => (await page.getByTestId('composer-input').boundingBox())!.width;
    expect(await composer()).toBeGreaterThan(400);
    // Once it has slid in, the whole panel is on screen: its right edge is the window's.
    const drawerRight = async () => {
      const box = await page.getByTestId('contact-drawer').boundingBox();
      return box ? Math.round(box.x + box.width) : undefined;
    };
    await expect.poll(drawerRight).toBe(page.viewportSize()!.width);
    await screenshot(page, 'ticket-contact-panel-1366');
    await page.getByTestId('contact-drawer-close').click();
    await page.getByTestId('contact-drawer').waitFor({ state: 'detached' });

    // Resolved: one toast, back to the list.
    await page.getByTestId('header-resolve').click();
    await page.getByTestId('header-resolve-silent').click();
    await atPath(page, '/tickets');
    await page.getByText('Ticket resolvido.', { exact: true }).waitFor();
    expect(await toasts('Ticket resolvido.')).toBe(1);

    // Ignored: one toast.
    await page.getByTestId('tickets-tab-pending').click();
    await page.getByTestId(`ticket-ignore-${waiting[11]!.ticketId}`).click();
    await page.getByText('Ticket ignorado.', { exact: true }).waitFor();
    await row(page, waiting[11]!.ticketId).waitFor({ state: 'detached' });
    expect(await toasts('Ticket ignorado.')).toBe(1);

    // At 1920 px the panel stands beside the conversation, which keeps a wide composer.
    const wide = await signedIn(admin.email, 1920, admin.password, 1080);
    await wide.page.goto(`${server.url}/tickets/${waiting[2]!.uuid}`);
    await wide.page.getByTestId('composer-input').waitFor();
    await wide.page.getByTestId('header-contact').click();
    await wide.page.getByTestId('ticket-body').getByTestId('contact-drawer').waitFor();
    expect((await wide.page.getByTestId('composer-input').boundingBox())!.width).toBeGreaterThan(500);
    await screenshot(wide.page, 'ticket-contact-panel-1920');

    // Deleted from its own screen: one toast, not a second one from the delete frame.
    await wide.page.getByTestId('header-more').click();
    await wide.page.getByTestId('header-delete').click();
    await wide.page.getByTestId('delete-ticket-dialog-confirm').click();
    await wide.page.getByText('Ticket excluído.', { exact: true }).waitFor();
    await atPath(wide.page, '/tickets');
    await wide.page.getByTestId('tickets-tab-pending').click();
    await row(wide.page, waiting[3]!.ticketId).waitFor();
    await expect.poll(() => row(wide.page, waiting[2]!.ticketId).count()).toBe(0);
    expect(await wide.page.getByText('Ticket excluído.', { exact: true }).count()).toBe(1);
    expect(await wide.page.getByText('Ticket encerrado com sucesso.', { exact: true }).count()).toBe(0);
  });
});
