import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signupCompany, startTestServer, type TestServer } from './harness';

/** The super user's companies and plans screens: what their dialogs send, end to end. */
let server: TestServer;
let root: string;
let admin: { token: string; companyId: number; email: string };

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  server = await startTestServer();
  root = (await server.login()).token;
  const a = await signupCompany(server, 'Super Admin A', 91);
  admin = { token: (await server.login(a.email, a.password)).token, companyId: a.companyId, email: a.email };
});
afterAll(() => server?.close());

const companyEvents = async (companyId: number) => (await server.wiring.store.readStream(`company-${companyId}`)).map((event) => event.type);

async function newPlan(body: Record<string, unknown>) {
  const response = await call(root, 'POST', '/plans', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function newCompany(body: Record<string, unknown>) {
  const response = await call(root, 'POST', '/companies', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('plans', () => {
  it('creates a plan with every flag on by default, changes it and lists it for the super user', async () => {
    const plan = await newPlan({ name: 'Plano Prata', users: 5, connections: 2, queues: 4, amount: '99.90' });
    expect(plan).toMatchObject({ name: 'Plano Prata', users: 5, amount: '99.9', isPublic: true, useCampaigns: true, useIntegrations: true });
    const changed = await call(root, 'PUT', `/plans/${plan.id}`, { useCampaigns: false, isPublic: false, amount: '120' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ useCampaigns: false, isPublic: false, amount: '120' });
    const all = (await call(root, 'GET', '/plans/all')).json();
    expect(all.find((row: any) => row.id === plan.id)).toMatchObject({ name: 'Plano Prata', useCampaigns: false });
    expect((await call(admin.token, 'GET', '/plans/listPublic')).json().map((row: any) => row.id)).not.toContain(plan.id);
  });

  it('refuses plan writes to a company admin', async () => {
    expect((await call(admin.token, 'POST', '/plans', { name: 'X', users: 1, connections: 1, queues: 1, amount: '1' })).statusCode).toBe(403);
    expect((await call(admin.token, 'PUT', '/plans/1', { name: 'X' })).statusCode).toBe(403);
    expect((await call(admin.token, 'DELETE', '/plans/1')).statusCode).toBe(403);
    expect((await call(admin.token, 'GET', '/plans/all')).statusCode).toBe(403);
  });

  it('deletes a plan no company is on and keeps one in use', async () => {
    const unused = await newPlan({ name: 'Plano Sobra', users: 1, connections: 1, queues: 1, amount: '0' });
    expect((await call(root, 'DELETE', `/plans/${unused.id}`)).statusCode).toBe(204);
    const used = await newPlan({ name: 'Plano Usado', users: 1, connections: 1, queues: 1, amount: '10' });
    await newCompany({ name: 'Empresa no Plano', email: 'plano@usado.test', planId: used.id, dueDate: '2030-01-01' });
    const refused = await call(root, 'DELETE', `/plans/${used.id}`);
    expect(refused.statusCode).toBe(400);
    expect((await call(root, 'GET', '/plans/all')).json().map((row: any) => row.id)).toContain(used.id);
  });

  it('answers 400 to a plan without its limits', async () => {
    const response = await call(root, 'POST', '/plans', { name: 'Incompleto', amount: 'abc' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('ERR_VALIDATION');
  });
});

describe('companies', () => {
  it('saves the whole dialog (details, plan, due date) in one append', async () => {
    const plan = await newPlan({ name: 'Plano Bronze', users: 2, connections: 1, queues: 2, amount: '49' });
    const created = await newCompany({
      name: 'Padaria Sol',
      email: 'sol@padaria.test',
      planId: 1,
      dueDate: '2030-01-31',
      recurrence: 'MENSAL',
      phone: '11987654321',
    });
    const before = (await server.wiring.store.readStream(`company-${created.id}`)).length;
    const saved = await call(root, 'PUT', `/companies/${created.id}`, {
      name: 'Padaria Sol Nascente',
      planId: plan.id,
      dueDate: '2030-03-31',
      recurrence: 'TRIMESTRAL',
      status: false,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ name: 'Padaria Sol Nascente', planId: plan.id, dueDate: '2030-03-31', recurrence: 'TRIMESTRAL', status: false });
    const events = await server.wiring.store.readStream(`company-${created.id}`);
    expect(events.slice(before).map((event) => event.type)).toEqual(['CompanyDetailsChanged', 'CompanyPlanChanged', 'CompanyDueDateSet']);
    // One command: the three facts carry its one correlation id (three commands would carry three).
    expect(new Set(events.slice(before).map((event) => event.metadata.correlationId)).size).toBe(1);
  });

  it('changes nothing when the plan does not exist', async () => {
    const created = await newCompany({ name: 'Oficina Lua', email: 'lua@oficina.test', planId: 1, dueDate: '2030-01-01' });
    const before = await companyEvents(created.id);
    const response = await call(root, 'PUT', `/companies/${created.id}`, { name: 'Oficina Renomeada', planId: 999_999 });
    expect(response.statusCode).toBe(400);
    expect(await companyEvents(created.id)).toEqual(before);
    expect((await call(root, 'GET', `/companies/${created.id}`)).json().name).toBe('Oficina Lua');
  });

  it('saves company 1 with its own due date but refuses to move it, changing nothing', async () => {
    const company1 = (await call(root, 'GET', '/companies/1')).json();
    const renamed = await call(root, 'PUT', '/companies/1', { name: `${company1.name} Matriz`, dueDate: company1.dueDate });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().name).toBe(`${company1.name} Matriz`);
    const moved = await call(root, 'PUT', '/companies/1', { name: 'Nunca', dueDate: '2020-01-01' });
    expect(moved.statusCode).toBe(403);
    expect((await call(root, 'GET', '/companies/1')).json()).toMatchObject({ name: `${company1.name} Matriz`, dueDate: company1.dueDate });
  });

  it('refuses a company whose first admin e-mail is in use, before the company exists', async () => {
    const companiesBefore = (await call(root, 'GET', '/companies')).json().length;
    const response = await call(root, 'POST', '/companies', { name: 'Duplicada', email: admin.email, planId: 1, dueDate: '2030-01-01', password: 'segredo1' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe('ERR_EMAIL_IN_USE');
    const companies = (await call(root, 'GET', '/companies')).json();
    expect(companies.length).toBe(companiesBefore);
    expect(companies.map((row: any) => row.name)).not.toContain('Duplicada');
  });

  it('answers the spec text when the name is taken', async () => {
    await newCompany({ name: 'Nome Único', email: 'unico@empresa.test', planId: 1, dueDate: '2030-01-01' });
    const response = await call(root, 'POST', '/companies', { name: 'nome único', email: 'outro@empresa.test', planId: 1, dueDate: '2030-01-01' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: 'ERR_COMPANY_NAME_TAKEN', message: expect.stringContaining('Não foi possível realizar a operação') });
  });

  it('advances the due date by the recurrence, to the last day of a shorter month', async () => {
    const created = await newCompany({ name: 'Mercado Fim de Mês', email: 'fim@mercado.test', planId: 1, dueDate: '2030-01-31', recurrence: 'MENSAL' });
    const advanced = await call(root, 'POST', `/companies/${created.id}/advance-due-date`);
    expect(advanced.statusCode, advanced.body).toBe(200);
    expect(advanced.json().dueDate).toBe('2030-02-28');
  });

  it('refuses the companies administration to a company admin', async () => {
    expect((await call(admin.token, 'GET', '/companies')).statusCode).toBe(403);
    expect((await call(admin.token, 'POST', '/companies', { name: 'Nova', email: 'nova@x.test', planId: 1, dueDate: '2030-01-01' })).statusCode).toBe(403);
    expect((await call(admin.token, 'PUT', `/companies/${admin.companyId}`, { name: 'Minha' })).statusCode).toBe(403);
    expect((await call(admin.token, 'DELETE', '/companies/1')).statusCode).toBe(403);
  });

  it('deletes a company, which then leaves the list', async () => {
    const created = await newCompany({ name: 'Loja Fechada', email: 'fechada@loja.test', planId: 1, dueDate: '2030-01-01' });
    expect((await call(root, 'DELETE', `/companies/${created.id}`)).statusCode).toBe(204);
    expect((await call(root, 'GET', '/companies')).json().map((row: any) => row.id)).not.toContain(created.id);
    expect((await call(root, 'DELETE', '/companies/1')).statusCode).toBe(403);
  });
});
