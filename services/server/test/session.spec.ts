import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, cpf, signupCompany, startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('session', () => {
  it('logs the seeded super admin in with company 1 never expiring', async () => {
    const { body, cookie } = await server.login();
    expect(body.user).toMatchObject({ id: 1, companyId: 1, profile: 'admin', super: true, company: { id: 1, dueDate: '2999-12-31' } });
    expect(body.user.company.plan).toMatchObject({ useCampaigns: true, useKanban: true, useExternalApi: true });
    expect(body.user.company.companieSettings).not.toHaveProperty('asaas');
    expect(cookie).toMatch(/^jrt=/);
  });

  it('refuses wrong credentials with ERR_INVALID_CREDENTIALS and no cookie', async () => {
    for (const payload of [
      { email: ADMIN.email, password: 'wrong-password' },
      { email: 'nobody@example.com', password: 'whatever' },
    ]) {
      const response = await server.app.inject({ method: 'POST', url: '/auth/login', payload });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: 'ERR_INVALID_CREDENTIALS' });
      expect(response.cookies).toHaveLength(0);
    }
  });

  it('validates the login body', async () => {
    const response = await server.app.inject({ method: 'POST', url: '/auth/login', payload: { email: 'not-an-email' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('ERR_VALIDATION');
  });

  it('answers /auth/me for a token and 401/403 without a valid one', async () => {
    const { token } = await server.login();
    const me = await server.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(ADMIN.email);
    const none = await server.app.inject({ method: 'GET', url: '/auth/me' });
    expect(none.statusCode).toBe(401);
    const forged = await server.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(`${token.slice(0, -3)}abc`) });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error).toBe('ERR_INVALID_TOKEN');
  });

  it('rotates the refresh token and revokes the family when a rotated-out token is replayed', async () => {
    const { cookie: first } = await server.login();
    const refreshed = await server.app.inject({ method: 'POST', url: '/auth/refresh_token', headers: { cookie: first } });
    expect(refreshed.statusCode).toBe(200);
    const second = `jrt=${refreshed.cookies.find((c) => c.name === 'jrt')!.value}`;
    expect(second).not.toBe(first);
    expect(refreshed.json().token).toBeTruthy();

    // Past the grace period the first token is a stolen one: the whole session dies.
    const realNow = server.wiring.ctx.now;
    server.wiring.ctx.now = () => new Date(Date.now() + 60_000);
    try {
      const replay = await server.app.inject({ method: 'POST', url: '/auth/refresh_token', headers: { cookie: first } });
      expect(replay.statusCode).toBe(401);
      expect(replay.json().error).toBe('ERR_SESSION_EXPIRED');
      const legit = await server.app.inject({ method: 'POST', url: '/auth/refresh_token', headers: { cookie: second } });
      expect(legit.statusCode).toBe(401);
    } finally {
      server.wiring.ctx.now = realNow;
    }
  });

  it('logs out: the refresh cookie no longer works', async () => {
    const { token, cookie } = await server.login();
    const out = await server.app.inject({ method: 'DELETE', url: '/auth/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(204);
    const refresh = await server.app.inject({ method: 'POST', url: '/auth/refresh_token', headers: { cookie } });
    expect(refresh.statusCode).toBe(401);
  });

  it('records the session in the audit trail with actor and hash chain', async () => {
    const { body } = await server.login();
    const events = await server.wiring.store.readAll({ filter: { eventTypes: ['SessionStarted'] } });
    const last = events[events.length - 1]!;
    expect(last.metadata).toMatchObject({ companyId: 1, actor: { kind: 'user', id: body.user.id } });
    expect(last.metadata.hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('signup', () => {
  it('creates a company with its admin, who can log in', async () => {
    const company = await signupCompany(server, 'Padaria Sol', 1);
    const { body } = await server.login(company.email, company.password);
    expect(body.user).toMatchObject({ companyId: company.companyId, profile: 'admin', super: false, company: { name: 'Padaria Sol' } });
    expect(company.companyId).toBeGreaterThan(1);
  });

  it('rejects an invalid CPF/CNPJ and weak passwords with the spec messages, storing nothing', async () => {
    const before = await server.wiring.store.headPosition();
    const base = { name: 'Ana', companyName: 'Loja X', email: 'ana@x.com', phone: '11987654321', planId: 1, termo: true };
    const badDocument = await server.app.inject({ method: 'POST', url: '/auth/signup', payload: { ...base, password: 'Abcdefgh1', document: '12345678900' } });
    expect(badDocument.statusCode).toBe(400);
    expect(badDocument.json().message).toContain('CPF/CNPJ inválido');
    const weak = await server.app.inject({ method: 'POST', url: '/auth/signup', payload: { ...base, password: 'abcdefgh', document: cpf(2) } });
    expect(weak.statusCode).toBe(400);
    const noTerms = await server.app.inject({
      method: 'POST',
      url: '/auth/signup',
      payload: { ...base, password: 'Abcdefgh1', document: cpf(2), termo: false },
    });
    expect(noTerms.json().message).toContain('Você deve aceitar os termos para continuar.');
    expect(await server.wiring.store.headPosition()).toEqual(before);
  });

  it('refuses a second company with an e-mail already in use', async () => {
    const first = await signupCompany(server, 'Oficina Um', 3);
    const response = await server.app.inject({
      method: 'POST',
      url: '/auth/signup',
      payload: {
        name: 'Outro',
        companyName: 'Oficina Dois',
        email: first.email,
        password: 'Abcdefgh1',
        phone: '11987654321',
        document: cpf(4),
        planId: 1,
        termo: true,
      },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe('ERR_EMAIL_IN_USE');
  });

  it('answers ERR_USER_CREATION_DISABLED when the super user turned sign-ups off', async () => {
    const { token } = await server.login();
    const off = await server.app.inject({ method: 'PUT', url: '/settings/userCreation', headers: bearer(token), payload: { value: 'disabled' } });
    expect(off.statusCode).toBe(200);
    try {
      const response = await server.app.inject({
        method: 'POST',
        url: '/auth/signup',
        payload: {
          name: 'Ze',
          companyName: 'Bar do Ze',
          email: 'ze@bar.com',
          password: 'Abcdefgh1',
          phone: '11987654321',
          document: cpf(5),
          planId: 1,
          termo: true,
        },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toBe('ERR_USER_CREATION_DISABLED');
    } finally {
      await server.app.inject({ method: 'PUT', url: '/settings/userCreation', headers: bearer(token), payload: { value: 'enabled' } });
    }
  });

  it('lets only a super user change userCreation', async () => {
    const company = await signupCompany(server, 'Mercado Tres', 6);
    const { token } = await server.login(company.email, company.password);
    const response = await server.app.inject({ method: 'PUT', url: '/settings/userCreation', headers: bearer(token), payload: { value: 'disabled' } });
    expect(response.statusCode).toBe(403);
    const other = await server.app.inject({ method: 'PUT', url: '/settings/userRating', headers: bearer(token), payload: { value: 'enabled' } });
    expect(other.json()).toEqual({ key: 'userRating', value: 'enabled' });
  });
});

describe('users', () => {
  it('saves the language and lists the company users', async () => {
    const { token, body } = await server.login();
    const put = await server.app.inject({ method: 'PUT', url: `/users/${body.user.id}`, headers: bearer(token), payload: { language: 'en' } });
    expect(put.statusCode).toBe(200);
    expect(put.json().language).toBe('en');
    const me = await server.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(token) });
    expect(me.json().language).toBe('en');
    const list = await server.app.inject({ method: 'GET', url: '/users/list', headers: bearer(token) });
    expect(list.json()).toContainEqual({ id: body.user.id, name: 'Administrador' });
  });

  it('refuses an unknown language', async () => {
    const { token, body } = await server.login();
    const put = await server.app.inject({ method: 'PUT', url: `/users/${body.user.id}`, headers: bearer(token), payload: { language: 'fr' } });
    expect(put.statusCode).toBe(400);
  });
});

describe('routing', () => {
  it('answers unknown routes with ERR_ROUTE_NOT_FOUND', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/no/such/route' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'ERR_ROUTE_NOT_FOUND' });
  });

  it('reports health', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json().ok).toBe(true);
  });
});

describe('subscription', () => {
  it('keeps an overdue company logged in but out of its work routes', async () => {
    const company = await signupCompany(server, 'Vencida Ltda', 31);
    const { token: rootToken } = await server.login();
    const overdue = await server.app.inject({
      method: 'PUT',
      url: `/companies/${company.companyId}`,
      headers: bearer(rootToken),
      payload: { dueDate: '2020-01-31' },
    });
    expect(overdue.statusCode).toBe(200);

    const { body, token } = await server.login(company.email, company.password);
    expect(body.user.company.dueDate).toBe('2020-01-31');
    expect((await server.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(token) })).statusCode).toBe(200);
    const blocked = await server.app.inject({ method: 'GET', url: '/users/list', headers: bearer(token) });
    expect(blocked.statusCode).toBe(402);
    expect(blocked.json().error).toBe('ERR_SUBSCRIPTION_EXPIRED');
  });
});

describe('login throttling', () => {
  it('answers 429 after too many failures for one account from one address, even with the right password', async () => {
    const realLimiter = server.wiring.ctx.loginLimiter;
    const { createLoginLimiter } = await import('@conversa/api');
    server.wiring.ctx.loginLimiter = createLoginLimiter(server.wiring.ctx.limits, { freeFailures: 3, attemptsPerAddress: 1000, scope: 'login-free-3' });
    try {
      for (let i = 0; i < 3; i++) {
        const wrong = await server.app.inject({ method: 'POST', url: '/auth/login', payload: { email: ADMIN.email, password: `wrong-${i}` } });
        expect(wrong.statusCode).toBe(401);
      }
      const right = await server.app.inject({ method: 'POST', url: '/auth/login', payload: { email: ADMIN.email, password: ADMIN.password } });
      expect(right.statusCode).toBe(429);
      expect(right.json().error).toBe('ERR_TOO_MANY_REQUESTS');
      expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      server.wiring.ctx.loginLimiter = realLimiter;
    }
  });

  it('answers 429 after too many attempts from one address', async () => {
    const realLimiter = server.wiring.ctx.loginLimiter;
    const { createLoginLimiter } = await import('@conversa/api');
    server.wiring.ctx.loginLimiter = createLoginLimiter(server.wiring.ctx.limits, { freeFailures: 1000, attemptsPerAddress: 2, scope: 'login-attempts-2' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        statuses.push(
          (await server.app.inject({ method: 'POST', url: '/auth/login', payload: { email: `x${i}@example.com`, password: 'whatever' } })).statusCode,
        );
      }
      expect(statuses).toEqual([401, 401, 429]);
    } finally {
      server.wiring.ctx.loginLimiter = realLimiter;
    }
  });
});

describe('read tables for analysts', () => {
  it('lets the analyst role read schema read and nothing of auth or the event store', async () => {
    const { sql } = await import('kysely');
    const rows = await sql<{ schema: string; allowed: boolean }>`
      select 'read' as schema, has_table_privilege('conversa_analyst', 'read.users', 'select') as allowed
      union all select 'auth', has_table_privilege('conversa_analyst', 'auth.user_credentials', 'select')
      union all select 'eventstore', has_table_privilege('conversa_analyst', 'eventstore.events', 'select')`.execute(server.wiring.db);
    expect(rows.rows).toEqual([
      { schema: 'read', allowed: true },
      { schema: 'auth', allowed: false },
      { schema: 'eventstore', allowed: false },
    ]);
  });
});

describe('companies created by the super user', () => {
  it("gives the company a first admin who logs in with the company's e-mail", async () => {
    const { token } = await server.login();
    const created = await server.app.inject({
      method: 'POST',
      url: '/companies',
      headers: bearer(token),
      payload: { name: 'Clinica Dente', email: 'Contato@Dente.test', planId: 1, dueDate: '2030-06-30', password: 'dente123' },
    });
    expect(created.statusCode).toBe(201);
    const { body } = await server.login('contato@dente.test', 'dente123');
    expect(body.user).toMatchObject({ companyId: created.json().id, profile: 'admin', company: { name: 'Clinica Dente', dueDate: '2030-06-30' } });
    const events = await server.wiring.store.readStream(`company-${created.json().id}`, { raw: true });
    expect(JSON.stringify(events.map(({ data, metadata }) => ({ data, metadata })))).not.toContain('dente123');
  });
});
