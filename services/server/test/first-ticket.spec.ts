import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, signupCompany, startTestServer, type TestServer } from './harness';

/** A newcomer's first ticket: a fresh company has no queues, yet its attendants must be able to accept. */
let server: TestServer;
let admin: { token: string; userId: number; companyId: number };
let sandbox: { id: number; token: string };

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  server = await startTestServer();
  const company = await signupCompany(server, 'Recém Chegada', 93);
  admin = { token: (await server.login(company.email, company.password)).token, userId: company.userId, companyId: company.companyId };
  const created = await call(admin.token, 'POST', '/whatsapp', { name: 'Teste', channel: 'sandbox' });
  expect(created.statusCode, created.body).toBe(201);
  sandbox = created.json();
});
afterAll(() => server?.close());

async function inbound(id: string, from: string): Promise<number> {
  const response = await server.app.inject({
    method: 'POST',
    url: `/sandbox/${sandbox.id}/messages`,
    headers: bearer(sandbox.token),
    payload: { id, from, name: 'Primeiro Contato', body: 'Olá!' },
  });
  expect(response.statusCode, response.body).toBe(202);
  return response.json().ticketId;
}

describe('the first ticket of a company without queues', () => {
  it('is accepted by the admin, and by a queueless user who sees queueless tickets, straight into open', async () => {
    expect((await call(admin.token, 'GET', '/queue')).json()).toEqual([]);

    const first = await inbound('first-1', '5511970000001');
    const pending = (await call(admin.token, 'GET', `/tickets/${first}`)).json();
    expect(pending).toMatchObject({ status: 'pending', queueId: null, userId: null });
    const accepted = await call(admin.token, 'PUT', `/tickets/${first}`, { status: 'open', userId: admin.userId, queueId: null });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'open', userId: admin.userId, queueId: null });

    // A plain user sees tickets outside every queue only with allTicket enabled (the visibility rule).
    const ana = await createUser(server, admin.companyId, 'Ana Nova', { profile: 'user', allTicket: 'enable' });
    const second = await inbound('first-2', '5511970000002');
    const byUser = await call(ana.token, 'PUT', `/tickets/${second}`, { status: 'open', userId: ana.userId, queueId: null });
    expect(byUser.statusCode, byUser.body).toBe(200);
    expect(byUser.json()).toMatchObject({ status: 'open', userId: ana.userId, queueId: null });
    const open = (await call(ana.token, 'GET', '/tickets?status=open')).json();
    expect(open.tickets.map((ticket: { id: number }) => ticket.id)).toContain(second);
  });
});
