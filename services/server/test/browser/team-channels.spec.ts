/// <reference lib="dom" />
import { screenshot } from '@conversa/testing/browser';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../src/logging';
import { ADMIN, bearer, createUser, signupCompany, startTestServer, type TestServer } from '../harness';

/**
 * The team's own channels in Chromium against the real server: two users of a company chat live (text, a file,
 * a recorded voice note) while the top bar's chat popover counts what is unread; the super user posts an announcement
 * that a user of another company sees arrive in the announcements popover; a user who forgot the password resets it
 * with the code the sandbox phone receives, then logs in.
 */
let server: TestServer;
let browser: Browser;
let admin: { email: string; password: string; token: string; companyId: number; userId: number };
let bia: { userId: number; email: string; token: string };

// A 1x1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** The server's whole log, as production writes it (JSON lines, info and up), for the last test to scan. */
const serverLog: string[] = [];
const logSink = new Writable({
  write(chunk: Buffer, _encoding, callback) {
    serverLog.push(chunk.toString('utf8'));
    callback();
  },
});
/** Every reset code this session typed (right and wrong): none may be in the log. */
const typedCodes: string[] = [];

beforeAll(async () => {
  server = await startTestServer({ listen: true, serveUi: true, logger: loggerOptions('json', 'info', logSink) });
  // launchBrowser's flags plus a fake microphone (a tone), so voice notes can be recorded headless.
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  });
  await server.wiring.sessions.start();
  const company = await signupCompany(server, 'Canais da Equipe', 81);
  admin = { ...company, token: (await server.login(company.email, company.password)).token };
  bia = await createUser(server, admin.companyId, 'Bia Equipe');
}, 120_000);

const contexts = new Set<BrowserContext>();
afterEach(async (test) => {
  const failed = test.task.result?.state === 'fail';
  let index = 0;
  for (const context of contexts) {
    for (const page of context.pages())
      if (failed) await screenshot(page, `failed-team-${test.task.name.slice(0, 40).replace(/\W+/g, '-')}-${index++}`).catch(() => undefined);
    await context.close().catch(() => undefined);
  }
  contexts.clear();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function signedIn(email: string, password: string, landing: string | null = '/tickets'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, permissions: ['microphone'] });
  contexts.add(context);
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForFunction((path) => (path ? location.pathname === path : location.pathname !== '/login'), landing);
  return page;
}

// The steps bound themselves (15 s each); the chat's whole walk takes 26–32 s on a shared, loaded machine.
describe('internal chat', { timeout: 60_000 }, () => {
  it('two users chat live with a file and a voice note while the popover counts unread', async () => {
    const ana = await signedIn(admin.email, admin.password);
    const other = await signedIn(bia.email, 'Secret-123');

    await ana.getByTestId('menu-item-chats').click();
    await ana.getByTestId('chats-new').click();
    const save = ana.getByTestId('chat-save');
    await expect(save.isDisabled()).resolves.toBe(true);
    await ana.getByTestId('chat-dialog-alert').getByText('Por favor, preencha o título da conversa.').waitFor();
    await ana.getByTestId('chat-field-title').fill('Plantão de sábado');
    await ana.getByTestId('chat-dialog-alert').getByText('Por favor, selecione pelo menos um usuário.').waitFor();
    await ana.getByTestId(`chat-user-${bia.userId}`).click();
    await save.click();
    await ana.getByTestId('chat-conversation-title').getByText('Plantão de sábado').waitFor();
    const chatPath = await ana.evaluate(() => location.pathname);
    expect(chatPath).toMatch(/^\/chats\/[0-9a-f-]{36}$/);

    // Ana writes; Bia, on another screen, sees the popover count it.
    await ana.getByTestId('chat-input').fill('Quem cobre a manhã?');
    await ana.getByTestId('chat-input').press('Enter');
    await ana.getByTestId('chat-messages').getByText('Quem cobre a manhã?').waitFor();
    await expect(ana.getByTestId('chat-input').inputValue()).resolves.toBe('');
    await other.getByTestId('chats-popover-count').getByText('1', { exact: true }).waitFor();
    await other.getByTestId('chats-popover-button').click();
    await other.getByTestId('chats-popover').getByText('Quem cobre a manhã?').waitFor();
    await other.getByTestId('chats-popover').getByText('Plantão de sábado (1)').click();
    await other.waitForFunction((path) => location.pathname === path, chatPath);
    await other.getByTestId('chat-messages').getByText('Quem cobre a manhã?').waitFor();
    // Opening the chat marked it read: the count is gone.
    await other.getByTestId('chats-popover-count').waitFor({ state: 'detached' });

    // Bia sends a picture; it appears on Ana's screen.
    await other.getByTestId('chat-file-input').setInputFiles({ name: 'escala.png', mimeType: 'image/png', buffer: PNG });
    await ana.getByTestId('chat-media-image').waitFor();

    // Ana records two seconds of the fake microphone; Bia hears it.
    await ana.getByTestId('chat-record').click();
    await ana.getByTestId('chat-recording-clock').getByText('0:02').waitFor();
    await ana.getByTestId('chat-record-stop').click();
    await other.getByTestId('chat-media-audio').waitFor();
    const audio = await server.wiring.db.selectFrom('read.chat_messages').selectAll().where('media_type', '=', 'audio').execute();
    expect(audio).toHaveLength(1);
    const stored = await server.wiring.ctx.media.describe(admin.companyId, audio[0]!.media_path!);
    expect(stored).toMatchObject({ mime: 'audio/mpeg' });
    expect(stored!.size).toBeGreaterThanOrEqual(10_000);

    // Bia replies with Enter; Ana's list shows it, and Bia, the reader, has nothing unread.
    await other.getByTestId('chat-input').fill('Eu cubro!');
    await other.getByTestId('chat-input').press('Enter');
    await ana.getByTestId('chat-messages').getByText('Eu cubro!').waitFor();
    const listed = await server.app.inject({ method: 'GET', url: '/chats', headers: bearer(bia.token) });
    const chat = listed.json().records[0];
    expect(chat.users.find((member: { userId: number }) => member.userId === bia.userId).unreads).toBe(0);

    // Twenty newer chats push it off the first page; its address, opened directly, still shows it.
    for (let index = 0; index < 20; index++) {
      const created = await server.app.inject({
        method: 'POST',
        url: '/chats',
        headers: bearer(admin.token),
        payload: { title: `Escala ${index + 1}`, users: [{ id: bia.userId }] },
      });
      expect(created.statusCode, created.body).toBe(200);
    }
    await ana.goto(`${server.url}${chatPath}`);
    await ana.getByTestId('chat-conversation-title').getByText('Plantão de sábado').waitFor();
    await ana.getByTestId('chat-messages').getByText('Eu cubro!').waitFor();

    // An address naming no chat: the not-found state, with the way back to the chats.
    await ana.goto(`${server.url}/chats/00000000-0000-4000-8000-000000000000`);
    await ana.getByTestId('chat-missing').waitFor();
    await expect(ana.getByTestId('chat-missing').getAttribute('data-reason')).resolves.toBe('missing');
    await ana.getByTestId('chat-missing-back').click();
    await ana.waitForFunction(() => location.pathname === '/chats');
  });
});

describe('announcements', () => {
  it('the super user posts an announcement and a user of another company sees it live in the popover', async () => {
    const reader = await signedIn(bia.email, 'Secret-123');
    await reader.getByTestId('announcements-popover-button').waitFor();
    const root = await signedIn(ADMIN.email, ADMIN.password, null);
    await root.goto(`${server.url}/announcements`);
    await root.getByTestId('announcement-add').click();
    await root.getByTestId('announcement-field-title').fill('Manutenção programada');
    await root.getByTestId('announcement-field-text').fill('Sábado às 22h o sistema fica fora do ar por 30 minutos.');
    await root.getByTestId('announcement-field-priority').selectOption('1');
    await root.getByTestId('announcement-file-input').setInputFiles({ name: 'aviso.png', mimeType: 'image/png', buffer: PNG });
    await root.getByTestId('announcement-attachment-name').getByText('aviso.png').waitFor();
    await root.getByTestId('announcement-save').click();
    const row = root.locator('[data-testid^="announcement-row-"]').filter({ hasText: 'Manutenção programada' });
    await row.waitFor();
    await row.getByText('Alta').waitFor();

    // Bia (another company) sees it arrive without reloading, counted as unread until she opens the popover.
    await reader.getByTestId('announcements-popover-count').getByText('1', { exact: true }).waitFor();
    await reader.getByTestId('announcements-popover-button').click();
    await reader.getByTestId('announcements-popover').getByText('Manutenção programada').waitFor();
    await reader.getByTestId('announcements-popover').getByText('Sábado às 22h o sistema fica fora do ar por 30 minutos.').waitFor();
    await reader.getByTestId('announcements-popover').getByRole('img', { name: 'aviso.png' }).waitFor();
    await reader.getByTestId('announcements-popover-count').waitFor({ state: 'detached' });
    const listed = await server.app.inject({ method: 'GET', url: '/announcements', headers: bearer(bia.token) });
    expect(listed.json().records.find((a: { title: string }) => a.title === 'Manutenção programada')).toMatchObject({ read: true, priority: 1 });
  });
});

describe('password reset', () => {
  it('a user resets the password with the code the sandbox phone receives, then logs in', async () => {
    const phone = '5511944443333';
    const carla = await createUser(server, admin.companyId, 'Carla Esquecida', { phone });
    const created = await server.app.inject({
      method: 'POST',
      url: '/whatsapp',
      headers: bearer(admin.token),
      payload: { name: 'Sandbox Senhas', channel: 'sandbox', isDefault: true },
    });
    expect(created.statusCode, created.body).toBeLessThan(300);

    // The admin plays Carla's phone on the sandbox page.
    const phonePage = await signedIn(admin.email, admin.password);
    await phonePage.goto(`${server.url}/sandbox/${created.json().id}`);
    await phonePage.getByTestId('sandbox-from').fill(phone);

    const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    contexts.add(context);
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByTestId('recovery-link').click();
    await page.waitForFunction(() => location.pathname === '/recovery-password');
    await page.getByTestId('reset-number').fill('(11) 94444-3333');
    await page.getByTestId('reset-submit').click();
    await page.getByText('Código de verificação enviado com sucesso!').first().waitFor();

    const received = phonePage.getByTestId('sandbox-received').filter({ hasText: 'código de recuperação de senha' });
    await received.waitFor();
    const code = /(\d{6})/.exec((await received.textContent()) ?? '')![1]!;
    const wrong = code === '000000' ? '000001' : '000000';
    typedCodes.push(code, wrong);
    await page.getByTestId('reset-code').fill(wrong);
    await page.getByTestId('reset-submit').click();
    await page.getByText('Código de verificação incorreto. Tente novamente.').first().waitFor();
    await page.getByTestId('reset-code').fill(code);
    await page.getByTestId('reset-submit').click();
    await page.getByTestId('reset-password').fill('Recuperada9');
    await page.getByTestId('reset-submit').click();
    await page.getByText('Senha atualizada com sucesso!').first().waitFor();
    await page.waitForFunction(() => location.pathname === '/login');

    await page.getByTestId('login-email').fill(carla.email);
    await page.getByTestId('login-password').fill('Recuperada9');
    await page.getByTestId('login-submit').click();
    await page.waitForFunction(() => location.pathname === '/tickets');
  });
});

describe('the server log of this whole session', () => {
  it('holds no access token and no reset code: the socket sends its token in a frame, the request log redacts codes', () => {
    const log = serverLog.join('');
    // The sessions above logged in, held sockets on the tickets screen and checked reset codes.
    expect(log).toContain('/api/verificar-code/');
    expect(log).toContain('"url":"/socket');
    expect(log.match(/eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\./g) ?? []).toEqual([]);
    expect(typedCodes).toHaveLength(2);
    // Not a digit run's middle nor a fraction (responseTime), just the code as a value.
    for (const code of typedCodes) expect(log.match(new RegExp(`(?<![\\d.])${code}(?!\\d)`, 'g')) ?? []).toEqual([]);
  });
});
