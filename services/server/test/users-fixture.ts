import { afterAll, beforeAll, expect } from 'vitest';
import type { ReadDatabase } from '@conversa/projections/database';
import { sql } from 'kysely';
import { bearer, busFrames, signupCompany, startTestServer, type TestServer } from './harness';

/**
 * What the users specs share: one server per spec file, companies A (with two queues) and B, a frame
 * waiter, and helpers to create users and read rows. Importing it registers the file's hooks.
 */
export let server: TestServer;
export let companyA: { token: string; companyId: number; userId: number; email: string };
export let companyB: { token: string; companyId: number; userId: number };
export let queues: { sales: number; support: number };

export const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  server = await startTestServer();
  const a = await signupCompany(server, 'Users A', 71);
  const b = await signupCompany(server, 'Users B', 72);
  companyA = { token: (await server.login(a.email, a.password)).token, companyId: a.companyId, userId: a.userId, email: a.email };
  companyB = { token: (await server.login(b.email, b.password)).token, companyId: b.companyId, userId: b.userId };
  const queue = async (name: string, color: string) => {
    const response = await call(companyA.token, 'POST', '/queue', { name, color, greetingMessage: `Bem-vindo a ${name}` });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as number;
  };
  queues = { sales: await queue('Vendas', '#2563eb'), support: await queue('Suporte', '#16a34a') };
});
afterAll(() => server?.close());

export const framesOf = (companyId: number, entity: string) => busFrames(server, companyId, entity);

let emailCounter = 0;
export const uniqueEmail = (name: string) => `${name.toLowerCase()}.${++emailCounter}.${Date.now()}@example.com`;

export async function newUser(token: string, body: Record<string, unknown> = {}) {
  const response = await call(token, 'POST', '/users', { name: 'Caio Lima', email: uniqueEmail('caio'), password: 'Segredo1', ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

export const rows = (table: keyof ReadDatabase, where: Record<string, unknown>) => {
  let query = server.wiring.db.selectFrom(table).selectAll();
  for (const [column, value] of Object.entries(where)) query = query.where(sql.ref(column), '=', value);
  return query.execute();
};
