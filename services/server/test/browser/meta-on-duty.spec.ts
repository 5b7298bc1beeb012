/// <reference lib="dom" />
import { FakeGraphServer } from '@conversa/channels/meta/fake-graph';
import { signWebhookBody } from '@conversa/channels/meta/signature';
import { localTime } from '@conversa/core';
import { SCHEDULE_DAYS } from '@conversa/contracts';
import { launchBrowser, screenshot, signIn } from '@conversa/testing/browser';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signupCompany, type TestServer } from '../harness';
import { startChannelServer } from '../meta-harness';

/**
 * Issue 21's on-duty and Meta parts in Debian's Chromium, against the real server and the fake Graph
 * API: an on-duty entry saved on /plantao and an after-hours sandbox message reaching the on-duty
 * phone; a Cloud API number configured in the connection dialog and a template sent from a ticket
 * whose 24-hour window is closed; the Facebook login (the SDK stubbed) linking a page.
 */
const NUMBER = { id: '106540352242922', token: 'EAACLOUD-SYSTEM-USER-TOKEN-0001', displayPhoneNumber: '+1 555-078-3881' };
const WABA = '102290129340398';
const FB_USER = { id: '10229000000000001', shortToken: 'EAASHORT-BROWSER', longToken: 'EAALONG-BROWSER' };
const PAGE = { id: '104857600000001', name: 'Loja no Navegador', token: 'EAAPAGE-BROWSER' };
const ON_DUTY_PHONE = '5511955554444';

let fake: FakeGraphServer;
let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let admin: { email: string; password: string; companyId: number; userId: number; token: string };
const cspViolations: string[] = [];

const api = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
  const response = await server.app.inject({ method, url, headers: bearer(admin.token), ...(payload ? { payload } : {}) });
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json();
};
const toast = (text: string) => page.getByText(text, { exact: true }).first().waitFor();

beforeAll(async () => {
  fake = await new FakeGraphServer({ id: '1234567890', secret: 'fake-app-secret' }).start();
  fake.cloudNumbers.set(NUMBER.id, NUMBER);
  fake.businessAccounts.set(WABA, {
    token: NUMBER.token,
    phoneNumberIds: [NUMBER.id],
    templates: [{ name: 'retomar_contato', language: 'pt_BR', status: 'APPROVED', category: 'UTILITY', body: 'Olá {{1}}, podemos retomar seu atendimento?' }],
  });
  fake.pages.set(PAGE.id, PAGE);
  fake.users.set(FB_USER.id, { shortToken: FB_USER.shortToken, longToken: FB_USER.longToken, pageIds: [PAGE.id] });
  server = await startChannelServer({
    listen: true,
    serveUi: true,
    env: { META_APP_ID: fake.app.id, META_APP_SECRET: fake.app.secret, META_VERIFY_TOKEN: 'verify-browser', GRAPH_API_URL: fake.baseUrl },
  });
  browser = await launchBrowser();
  const company = await signupCompany(server, 'Plantao e Meta', 85);
  admin = { ...company, token: (await server.login(company.email, company.password)).token };
  context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  context.setDefaultTimeout(20_000);
  await context.exposeBinding('reportCspViolation', (_source, text: string) => void cspViolations.push(text));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { reportCspViolation(text: string): void }).reportCspViolation(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  // The Facebook SDK, stubbed: a login that answers as Facebook does for a person who allowed the permissions.
  await context.route('https://connect.facebook.net/**', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: `window.FB = {
        init: function (options) { window.__fbInit = options; },
        login: function (callback, options) { window.__fbScope = options.scope; setTimeout(function () { callback({ status: 'connected', authResponse: { userID: '${FB_USER.id}', accessToken: '${FB_USER.shortToken}' } }); }, 10); }
      };
      window.fbAsyncInit && window.fbAsyncInit();`,
    }),
  );
  page = await context.newPage();
  await signIn(page, server.url, admin);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await fake?.close();
});

describe('on-duty and Meta channels in a browser', { timeout: 120_000 }, () => {
  it('saves an on-duty entry on /plantao; an after-hours sandbox message reaches the on-duty phone', async () => {
    const sandbox = await api('POST', '/whatsapp', { name: 'Loja', channel: 'sandbox' });
    await server.wiring.sessions.reconcile();
    // Closed every day: every new ticket is out of hours.
    await api('PUT', `/companies/${admin.companyId}/schedules`, {
      schedules: SCHEDULE_DAYS.map((day) => ({ weekdayEn: day.weekdayEn, startTimeA: '', endTimeA: '', startTimeB: '', endTimeB: '' })),
    });

    await page.goto(`${server.url}/plantao`);
    await page.getByTestId('on-duty-page').waitFor();
    await page.getByTestId('on-duty-add').click();
    await page.getByTestId('on-duty-save').click();
    await page.getByTestId('on-duty-field-user-error').waitFor();
    await expect(page.getByTestId('on-duty-days-error').textContent()).resolves.toBe(
      'Pelo menos um dia da semana deve ter o horário de início e fim preenchido',
    );
    await expect(page.getByTestId('on-duty-field-user-error').textContent()).resolves.toBe('Informe o usuário');

    await page.getByTestId('on-duty-field-user').selectOption(String(admin.userId));
    await page.getByTestId('on-duty-field-phone').fill('+55 (11) 95555-4444');
    // On duty from two hours ago to two hours ahead, every day (typed as digits: the field masks ##:##).
    const local = localTime(new Date(), 'America/Sao_Paulo');
    const [start, end] = [local.minus({ hours: 2 }).toFormat('HHmm'), local.plus({ hours: 2 }).toFormat('HHmm')];
    for (const day of SCHEDULE_DAYS) {
      await page.getByTestId(`on-duty-start-${day.weekdayEn}`).fill(start);
      await page.getByTestId(`on-duty-end-${day.weekdayEn}`).fill(end);
    }
    await screenshot(page, 'on-duty-dialog');
    await page.getByTestId('on-duty-save').click();
    await toast('Plantão salvo com sucesso');
    const [entry] = await api('GET', '/plantao');
    await expect(page.getByTestId(`on-duty-phone-${entry.id}`).textContent()).resolves.toBe(ON_DUTY_PHONE);
    await expect(page.getByTestId(`on-duty-user-${entry.id}`).textContent()).resolves.toBe('Plantao e Meta Admin');
    await expect(page.getByTestId(`on-duty-schedule-${entry.id}`).textContent()).resolves.toContain(`Segunda-feira: ${start.slice(0, 2)}:${start.slice(2)}`);
    await screenshot(page, 'on-duty-list');

    const delivered = await fetch(`${server.url}/sandbox/${sandbox.id}/messages`, {
      method: 'POST',
      headers: { ...bearer(sandbox.token), 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'night-browser-1', from: '5511970001111', name: 'Cliente Noturno', body: 'Boa noite!' }),
    });
    expect(delivered.status).toBe(202);
    const { ticketId } = (await delivered.json()) as { ticketId: number };
    await expect
      .poll(
        async () => {
          const outbox = await server.app.inject({ method: 'GET', url: `/sandbox/${sandbox.id}/outbox?to=${ON_DUTY_PHONE}`, headers: bearer(sandbox.token) });
          return (outbox.json().messages as Array<{ body: string }>).map((message) => message.body);
        },
        { timeout: 20_000 },
      )
      .toEqual([expect.stringContaining(`Ticket #${ticketId}`)]);
  });

  it('configures a Cloud API number in the connection dialog (the Graph API checks it) and sends a template on a closed window', async () => {
    await page.goto(`${server.url}/connections`);
    await page.getByTestId('connections-page').waitFor();
    await page.getByTestId('connection-add').click();
    await page.getByTestId('connection-add-whatsappapi').click();
    await page.getByTestId('cloud-api-section').waitFor();
    await page.getByTestId('connection-name').fill('Cloud API da loja');
    await page.getByTestId('cloud-phone-number-id').fill(NUMBER.id);
    await page.getByTestId('cloud-business-account-id').fill(WABA);
    await page.getByTestId('cloud-token').fill('EAAWRONG-TOKEN-THAT-META-REFUSES');
    await page.getByTestId('connection-save').click();
    await page.getByText('A Meta recusou o número, a conta comercial ou o token da Cloud API.').first().waitFor();
    await page.getByTestId('cloud-token').fill(NUMBER.token);
    await page.getByTestId('connection-save').click();
    await page.getByTestId('connection-dialog').waitFor({ state: 'detached' });
    const cloud = ((await api('GET', '/whatsapp')) as Array<{ id: number; channel: string }>).filter((connection) => connection.channel === 'whatsappapi');
    expect(cloud).toHaveLength(1);
    await server.wiring.sessions.reconcile();
    // The session checks the number with the Graph API, then reports it connected (a frame updates the row).
    await expect.poll(() => page.getByTestId(`connection-status-${cloud[0]!.id}`).textContent(), { timeout: 20_000 }).toBe('Conectado');

    // A contact wrote two days ago: the window is closed.
    const at = Math.floor((Date.now() - 48 * 3_600_000) / 1000);
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: WABA,
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '15550783881', phone_number_id: NUMBER.id },
                contacts: [{ profile: { name: 'Bruna Lima' }, wa_id: '5511976543210' }],
                messages: [{ from: '5511976543210', id: 'wamid.BROWSER-1', timestamp: String(at), type: 'text', text: { body: 'Vocês abrem amanhã?' } }],
              },
            },
          ],
        },
      ],
    });
    const webhook = await server.app.inject({
      method: 'POST',
      url: '/webhook',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signWebhookBody(body, fake.app.secret) },
      payload: body,
    });
    expect(webhook.statusCode).toBe(200);
    await expect
      .poll(
        async () =>
          ((await api('GET', '/tickets?showAll=true&status=pending&pageNumber=1')).tickets as Array<{ contact?: { number: string } }>).some(
            (ticket) => ticket.contact?.number === '5511976543210',
          ),
        { timeout: 20_000 },
      )
      .toBe(true);
    const ticket = (
      (await api('GET', '/tickets?showAll=true&status=pending&pageNumber=1')).tickets as Array<{ id: number; contact?: { number: string } }>
    ).find((candidate) => candidate.contact?.number === '5511976543210')!;
    const accepted = await api('PUT', `/tickets/${ticket.id}`, { status: 'open', userId: admin.userId });

    await page.goto(`${server.url}/tickets/${accepted.uuid}`);
    await page.getByTestId('template-banner').waitFor();
    await page.getByTestId('template-choose').click();
    await page.getByTestId('template-parameter-1').fill('Bruna');
    await expect(page.getByTestId('template-preview').textContent()).resolves.toBe('Olá Bruna, podemos retomar seu atendimento?');
    await screenshot(page, 'template-dialog');
    await page.getByTestId('template-send').click();
    await toast('Modelo enviado.');
    await page.getByTestId('messages-panel').getByText('Olá Bruna, podemos retomar seu atendimento?').first().waitFor();
    await expect
      .poll(() => fake.sent(`/${NUMBER.id}/messages`).find((request) => request.json?.type === 'template')?.json, { timeout: 20_000 })
      .toMatchObject({
        to: '5511976543210',
        template: { name: 'retomar_contato', language: { code: 'pt_BR' }, components: [{ type: 'body', parameters: [{ type: 'text', text: 'Bruna' }] }] },
      });
    expect(fake.violations).toEqual([]);
  });

  it('links a Facebook page through the Facebook login (SDK stubbed) and POST /facebook', async () => {
    await page.goto(`${server.url}/connections`);
    await page.getByTestId('connections-page').waitFor();
    await page.getByTestId('connection-add').click();
    await page.getByTestId('connection-add-facebook').click();
    await page.getByTestId('facebook-connect-dialog').waitFor();
    await page.getByTestId('facebook-login').click();
    await toast('1 conexão(ões) vinculada(s) com sucesso.');
    const init = await page.evaluate(() => (window as unknown as { __fbInit: { appId: string; version: string } }).__fbInit);
    expect(init).toMatchObject({ appId: fake.app.id, version: 'v9.0' });
    const scope = await page.evaluate(() => (window as unknown as { __fbScope: string }).__fbScope);
    expect(scope.split(',')).toEqual(expect.arrayContaining(['pages_messaging', 'pages_show_list', 'instagram_manage_messages']));
    const linked = ((await api('GET', '/whatsapp')) as Array<{ id: number; channel: string; name: string }>).find(
      (connection) => connection.channel === 'facebook',
    )!;
    expect(linked.name).toBe(PAGE.name);
    await page.getByTestId(`connection-name-${linked.id}`).waitFor();
    // The user token was exchanged and the page subscribed through the Graph API.
    expect(fake.requests.some((request) => request.path === '/oauth/access_token' && request.query.fb_exchange_token === FB_USER.shortToken)).toBe(true);
    expect(fake.subscriptions.get(PAGE.id)).toContain('messages');
    await screenshot(page, 'facebook-linked');
    expect(cspViolations).toEqual([]);
  });
});
