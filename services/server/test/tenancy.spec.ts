import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signupCompany, startTestServer, type TestServer } from './harness';

/**
 * The tenancy walk: company B's admin calls every registered route with company A's ids and
 * plausible bodies. Nothing of A may change and no answer may carry A's data. A new route without
 * an entry below fails this test, so the walk grows with the product.
 */
const MARKER = 'Tenant-A-Marker-7c1f';

interface Target {
  companyA: number;
  userA: number;
}

/** Path parameters resolved to company A's records. */
function pathFor(url: string, target: Target): string | null {
  const path = url
    .replace(/^\/users\/:id/, `/users/${target.userA}`)
    .replace(/^\/companies\/listPlan\/:id/, `/companies/listPlan/${target.companyA}`)
    .replace(/^\/companies\/:id/, `/companies/${target.companyA}`)
    .replace(/^\/companySettings\/:companyId/, `/companySettings/${target.companyA}`)
    .replace(/^\/plans\/:id/, '/plans/1')
    .replace(/^\/settings\/:key/, '/settings/userRating');
  return path.includes(':') || path.includes('*') ? null : path;
}

/** A valid body per route, so a refusal proves tenancy and not mere validation. */
const bodies: Record<string, unknown> = {
  'POST /auth/login': { email: 'nobody@example.com', password: 'whatever' },
  'POST /auth/signup': {},
  'POST /auth/refresh_token': undefined,
  'PUT /users/:id': { name: 'Hijacked', language: 'en' },
  'PUT /companies/:id/schedules': { schedules: [] },
  'PUT /companies/:id': { name: 'Hijacked' },
  'POST /companies': { name: 'Hijack Co', email: 'h@h.com', planId: 1, dueDate: '2030-01-01' },
  'POST /companies/:id/advance-due-date': undefined,
  'POST /plans': { name: 'Hijack', users: 1, connections: 1, queues: 1, amount: '1' },
  'PUT /plans/:id': { name: 'Hijack' },
  'PUT /settings/:key': { value: 'enabled' },
  'PUT /companySettings': { column: 'userRating', data: 'enabled' },
};

/** Routes that legitimately answer 2xx to company B: they act on B itself or on platform data. */
const ownScope = new Set([
  'GET /health',
  'POST /auth/login',
  'POST /auth/refresh_token',
  'DELETE /auth/logout',
  'GET /auth/me',
  'GET /users/list',
  'GET /plans/listPublic',
  'GET /plans/list',
  'GET /settings',
  'PUT /settings/:key',
  'GET /companySettingOne',
  'PUT /companySettings',
  'GET /socket',
]);

let server: TestServer;
let target: Target;
let tokenB: string;

beforeAll(async () => {
  server = await startTestServer();
  const a = await signupCompany(server, MARKER, 11);
  const b = await signupCompany(server, 'Tenant B', 12);
  target = { companyA: a.companyId, userA: a.userId };
  tokenB = (await server.login(b.email, b.password)).token;
});
afterAll(() => server?.close());

describe('tenancy walk', () => {
  it('never lets company B read or change company A', async () => {
    const aBefore = await snapshotOfA();
    const routes = server.app.routeTable.filter((r) => r.url !== '/*');
    expect(routes.length).toBeGreaterThan(20);
    const unmapped: string[] = [];

    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const path = pathFor(route.url, target);
      if (path === null) {
        unmapped.push(key);
        continue;
      }
      if (route.method !== 'GET' && route.method !== 'DELETE' && !(key in bodies)) {
        unmapped.push(key);
        continue;
      }
      if (key === 'DELETE /auth/logout') continue; // would end B's own session mid-walk
      const response = await server.app.inject({ method: route.method as 'GET', url: path, headers: bearer(tokenB), payload: bodies[key] as object | undefined });
      expect(response.body, key).not.toContain(MARKER);
      if (ownScope.has(key)) continue;
      expect([400, 401, 403, 404, 409], `${key} answered ${response.statusCode}: ${response.body}`).toContain(response.statusCode);
    }

    expect(unmapped, 'routes the walk does not know yet: add them to tenancy.spec.ts').toEqual([]);
    expect(await snapshotOfA()).toEqual(aBefore);
  });
});

async function snapshotOfA() {
  const events = await server.wiring.store.readAll({ maxCount: 100_000 });
  const ofA = events.filter((event) => event.metadata.companyId === target.companyA).map((event) => event.id);
  const user = await server.wiring.db.selectFrom('read.users').selectAll().where('company_id', '=', target.companyA).execute();
  const company = await server.wiring.db.selectFrom('read.companies').selectAll().where('id', '=', target.companyA).execute();
  const settings = await server.wiring.db.selectFrom('read.company_settings').selectAll().where('company_id', '=', target.companyA).execute();
  return { ofA, user, company, settings };
}
