import { launchBrowser } from '@conversa/testing/browser';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, createUser, signupCompany, startTestServer, type TestServer } from '../harness';
import { adminWalk } from './handtest-admin';
import { startWalk, type Company } from './handtest-harness';
import { superWalk } from './handtest-super';
import { attendantWalk } from './handtest-team';

/**
 * Every screen of the menu tried by hand, in Debian's Chromium against one started product: the super user's
 * screens, then a company admin's administration, then a plain attendant's inbox and tools. Each step opens its
 * screen from the menu, does its main action and checks it through the API (or a reload), ticks the second and third
 * option of the screen's multi-select and checks what was saved, and fails on any console error, failed request or
 * id shared by two elements. The deep flows of each screen are the other browser specs'; this one walks them all.
 */
let server: TestServer;
let browser: Browser;
let company: Company;

beforeAll(async () => {
  // The integration and the webhook point at this machine (nothing outside answers here).
  server = await startTestServer({ listen: true, serveUi: true, env: { OUTBOUND_ALLOW_PRIVATE_URLS: 'true' } });
  await server.wiring.sessions.start();
  browser = await launchBrowser();
  const signup = await signupCompany(server, 'Loja Tudo Testado', 130);
  const adminToken = (await server.login(signup.email, signup.password)).token;
  const post = async (url: string, payload: object) => {
    const response = await server.app.inject({ method: 'POST', url, headers: bearer(adminToken), payload });
    if (response.statusCode >= 300) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response.json() as { id: number; token: string };
  };
  const queues = [];
  for (const [name, color] of [
    ['Geral', '#718096'],
    ['Vendas', '#2563eb'],
    ['Suporte', '#16a34a'],
  ])
    queues.push((await post('/queue', { name, color, greetingMessage: `Bem-vindo a ${name}` })).id);
  const connections = [];
  for (const name of ['Sandbox Loja', 'Sandbox Dois'])
    connections.push(await post('/whatsapp', { name, channel: 'sandbox', isDefault: name === 'Sandbox Loja' }));
  await server.wiring.sessions.reconcile();
  const clara = await createUser(server, signup.companyId, 'Clara Atendente', { queueIds: [queues[1]!] });
  const colleagues = [await createUser(server, signup.companyId, 'Bruno Colega'), await createUser(server, signup.companyId, 'Dora Colega')];
  company = {
    server,
    admin: { email: signup.email, password: signup.password, userId: signup.userId, companyId: signup.companyId },
    attendant: { email: clara.email, password: 'Secret-123', userId: clara.userId },
    colleagues: colleagues.map((colleague) => colleague.userId),
    queues,
    connections,
  };
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('every screen of the menu tried by hand', { timeout: 240_000 }, () => {
  it('the super user: plans, companies, help entries and announcements', async () => {
    const walk = await startWalk(server, browser, ADMIN);
    await superWalk(walk, company);
    await walk.close();
  });

  it('a company admin: every administration screen, the multi-selects of connections, users, webhooks and campaigns', async () => {
    // The campaign screens show while the browser holds the cshow flag.
    const walk = await startWalk(server, browser, company.admin, (page) => page.evaluate(() => localStorage.setItem('cshow', '1')));
    await adminWalk(walk, company);
    expect(walk.timings.length).toBeGreaterThan(15);
    await walk.close();
  });

  it('an attendant: the inbox, her tools, the tags and the internal chat with two colleagues', async () => {
    const walk = await startWalk(server, browser, company.attendant);
    await attendantWalk(walk, company);
    await walk.close();
  });
});
