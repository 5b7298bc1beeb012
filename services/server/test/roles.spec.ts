import { inAudience, roleTable, type Area, type RoleHolder } from '@conversa/contracts';
import { areaAction } from '@conversa/api/http/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, settle, signupCompany, startTestServer, type TestServer } from './harness';
import { openToEveryone, openToEveryoneByArea } from './roles-routes';

/**
 * The role table (contracts/src/session/roles.ts) against the registered routes: every route either names its row
 * (`config: { auth: { area } }`) or is listed in roles-routes.ts as open to every user of the company, so a new
 * route without a rule fails here; then each rule is tried with a plain attendant's token, a supervisor's, an
 * attendant's with allowConnections and one's with showDashboard and allowRealTime.
 */

let server: TestServer;
let admin: { token: string; companyId: number };

const call = (token: string, method: string, url: string, payload?: object) =>
  server.app.inject({ method: method as 'GET', url, headers: bearer(token), ...(payload ? { payload } : {}) });
const ok = async (promise: ReturnType<typeof call>, status = 200) => {
  const response = await promise;
  expect(response.statusCode, response.body).toBe(status);
  return response.json();
};

const holder = (changes: Partial<RoleHolder>): RoleHolder => ({
  profile: 'user',
  super: false,
  showDashboard: false,
  allowRealTime: false,
  allowConnections: false,
  ...changes,
});
/** Path parameters become an id nobody has: a rule refuses before the handler looks, a handler answers 404 or 400. */
const concrete = (url: string) => url.replace(/:(\w+)/g, (_match, name: string) => (name === 'key' ? 'userCreation' : name === 'file' ? 'x.png' : '987654'));
const refused = (response: { statusCode: number; json(): { error?: string } }) => response.statusCode === 403 && response.json().error === 'ERR_NO_PERMISSION';

beforeAll(async () => {
  server = await startTestServer();
  const company = await signupCompany(server, 'Papeis', 91);
  admin = { token: (await server.login(company.email, company.password)).token, companyId: company.companyId };
});
afterAll(() => server?.close());

describe('the role table against the routes', () => {
  it('classifies every route: a row of the table, or open to everyone', () => {
    const routes = server.app.routeTable.filter((route) => route.url !== '/*' && route.auth !== 'public');
    const keys = new Set(routes.map((route) => `${route.method} ${route.url}`));
    const named = (route: (typeof routes)[number]) => typeof route.auth === 'object' && Boolean(route.auth.area || route.auth.permission);
    const unclassified = routes.filter((route) => !named(route) && !openToEveryone.has(`${route.method} ${route.url}`));
    expect(
      unclassified.map((route) => `${route.method} ${route.url}`),
      'routes without a rule: declare `auth: { area }` or list them in roles-routes.ts',
    ).toEqual([]);
    expect(
      [...openToEveryone].filter((key) => !keys.has(key)),
      'roles-routes.ts names routes that no longer exist',
    ).toEqual([]);
    const declared = routes.filter((route) => named(route) && openToEveryone.has(`${route.method} ${route.url}`));
    expect(
      declared.map((route) => `${route.method} ${route.url}`),
      'a route with a rule is not also open to everyone',
    ).toEqual([]);
    // Each open route sits under a row whose audience for that action is everyone.
    const misfiled = Object.entries(openToEveryoneByArea).flatMap(([area, keys]) =>
      keys.filter((key) => roleTable[area as Area][areaAction({}, key.split(' ')[0]!)] !== 'everyone').map((key) => `${area}: ${key}`),
    );
    expect(misfiled).toEqual([]);
  });

  it('refuses each rule to whom the table refuses it, and lets through whom it lets through', async () => {
    const plain = await createUser(server, admin.companyId, 'Atendente Simples');
    const supervisor = await createUser(server, admin.companyId, 'Supervisora', { profile: 'supervisor' });
    const manager = await createUser(server, admin.companyId, 'Atendente Conexoes', { allowConnections: true });
    const viewer = await createUser(server, admin.companyId, 'Atendente Painel', { showDashboard: true, allowRealTime: true });
    const callers = [
      { name: 'plain', token: plain.token, as: holder({}) },
      { name: 'supervisor', token: supervisor.token, as: holder({ profile: 'supervisor' }) },
      { name: 'allowConnections', token: manager.token, as: holder({ allowConnections: true }) },
      { name: 'showDashboard+allowRealTime', token: viewer.token, as: holder({ showDashboard: true, allowRealTime: true }) },
    ];
    const wrong: string[] = [];
    let tried = 0;
    for (const route of server.app.routeTable) {
      if (typeof route.auth !== 'object' || !route.auth.area) continue;
      const audience = roleTable[route.auth.area][areaAction(route.auth, route.method)];
      for (const caller of callers) {
        const response = await call(caller.token, route.method, concrete(route.url));
        tried += 1;
        if (refused(response) === inAudience(caller.as, audience))
          wrong.push(`${caller.name} ${route.method} ${route.url} (${audience}): ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
    }
    expect(tried).toBeGreaterThan(200);
    expect(wrong).toEqual([]);
  });
});

describe('an attendant and the administration section', () => {
  it("refuses campaigns to a plain attendant (create, start, delete an admin's) and allows them once she has allowConnections", async () => {
    const sandbox = await ok(call(admin.token, 'POST', '/whatsapp', { name: 'Sandbox', channel: 'sandbox', isDefault: true }), 201);
    const list = await ok(call(admin.token, 'POST', '/contact-lists', { name: 'Clientes' }), 201);
    await ok(call(admin.token, 'POST', '/contact-list-items', { contactListId: list.id, name: 'Ana Souza', number: '5511987654321' }), 201);
    const form = { name: 'Promo', message1: 'Olá {firstName}!', confirmation: false, contactListId: list.id, whatsappId: String(sandbox.id) };
    const adminsCampaign = await ok(call(admin.token, 'POST', '/campaigns', form), 201);
    const ana = await createUser(server, admin.companyId, 'Ana Atendente');

    for (const [method, url, payload] of [
      ['GET', '/campaigns', undefined],
      ['POST', '/campaigns', form],
      ['POST', '/campaigns', { ...form, scheduledAt: new Date().toISOString() }],
      ['POST', `/campaigns/${adminsCampaign.id}/restart`, undefined],
      ['DELETE', `/campaigns/${adminsCampaign.id}`, undefined],
      ['POST', '/campaign-settings', { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, variables: [] }],
      ['POST', '/files', { name: 'Catálogo', message: '' }],
    ] as const) {
      const response = await call(ana.token, method, url, payload);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(403);
      expect(response.json().error).toBe('ERR_NO_PERMISSION');
    }
    expect((await ok(call(admin.token, 'GET', `/campaigns/${adminsCampaign.id}`))).name).toBe('Promo');

    await ok(call(admin.token, 'PUT', `/users/${ana.userId}`, { allowConnections: true }));
    await settle(server);
    const started = await ok(call(ana.token, 'POST', '/campaigns', { ...form, name: 'Da Ana', scheduledAt: new Date().toISOString() }), 201);
    expect(started.status).toBe('PROGRAMADA');
    await ok(call(ana.token, 'POST', '/campaign-settings', { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, variables: [] }));
    await ok(call(ana.token, 'DELETE', `/campaigns/${adminsCampaign.id}`));
    expect((await call(admin.token, 'GET', `/campaigns/${adminsCampaign.id}`)).statusCode).toBe(404);
    // What stays admins-only in the section: a connection's add (spec 2 §6) and the company's settings.
    expect(refused(await call(ana.token, 'POST', '/whatsapp', { name: 'Outra', channel: 'sandbox' }))).toBe(true);
    expect(refused(await call(ana.token, 'GET', '/settings'))).toBe(true);
  });

  it('asks the same right to delete a contact list as to delete one of its numbers', async () => {
    const list = await ok(call(admin.token, 'POST', '/contact-lists', { name: 'Vendas' }), 201);
    const item = await ok(call(admin.token, 'POST', '/contact-list-items', { contactListId: list.id, name: 'Beto Lima', number: '5511912345678' }), 201);
    const bia = await createUser(server, admin.companyId, 'Bia Atendente');
    for (const url of [`/contact-list-items/${item.id}`, `/contact-lists/${list.id}`]) {
      const response = await call(bia.token, 'DELETE', url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(403);
      expect(response.json().error).toBe('ERR_NO_PERMISSION');
    }
    expect(await ok(call(admin.token, 'GET', `/contact-lists/${list.id}`))).toMatchObject({ contactsCount: 1 });

    await ok(call(admin.token, 'PUT', `/users/${bia.userId}`, { allowConnections: true }));
    await settle(server);
    await ok(call(bia.token, 'DELETE', `/contact-list-items/${item.id}`));
    await ok(call(bia.token, 'DELETE', `/contact-lists/${list.id}`));
    expect((await call(admin.token, 'GET', `/contact-lists/${list.id}`)).statusCode).toBe(404);
  });
});
