import { sql } from 'kysely';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeBroken, verifyStreams } from '../src/verify';
import { bearer, signupCompany, startTestServer, type TestServer } from './harness';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  const company = await signupCompany(server, 'Verify Co', 91);
  token = (await server.login(company.email, company.password)).token;
});
afterAll(() => server?.close());

const call = async (method: 'POST' | 'PUT', url: string, payload: object) => {
  const response = await server.app.inject({ method, url, headers: bearer(token), payload });
  if (response.statusCode >= 300) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json();
};

it('conversa verify passes an intact history and names the first broken link of an altered one', async () => {
  const contact = await call('POST', '/contacts', { name: 'Audited', number: '5511944443333' });
  const ticket = await call('POST', '/tickets', { contactId: contact.id, status: 'open' });
  await call('POST', `/messages/${ticket.id}`, { body: 'first words' });
  const { db, store } = server.wiring;

  const intact = await verifyStreams(String(ticket.id), store, db);
  expect(intact.ok, describeBroken(intact)).toBe(true);
  expect(intact.streams).toBeGreaterThanOrEqual(2);
  expect((await verifyStreams('all', store, db)).ok).toBe(true);
  expect((await verifyStreams('ticket-999999', store, db)).missing).toBe('ticket-999999');

  // Someone edits a stored message event in place.
  const [message] = await db.selectFrom('read.messages').select('id').where('ticket_id', '=', ticket.id).execute();
  const streamId = `message-${message!.id}`;
  await sql`update eventstore.events set data = jsonb_set(data, '{body}', '"forged words"') where stream_id = ${streamId} and revision = 0`.execute(db);
  const altered = await verifyStreams(String(ticket.id), store, db);
  expect(altered.ok).toBe(false);
  expect(altered.broken).toEqual({ streamId, break: { kind: 'hash-mismatch', index: 0, revision: 0 } });
  expect(describeBroken(altered)).toBe(`BROKEN ${streamId} at revision 0: its content does not match its hash (the event was altered)`);
  expect((await verifyStreams('all', store, db)).broken?.streamId).toBe(streamId);
  expect((await verifyStreams(streamId, store, db)).ok).toBe(false);
});

it('the conversa verify command exits 1 naming the broken link, 0 when intact', async () => {
  const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
  const env = {
    ...process.env,
    DATABASE_URL: server.wiring.databaseUrl,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'conversa-verify-')),
    JWT_SECRET: 'verify-secret-'.repeat(4),
  };
  const run = (target: string) => spawnSync(process.execPath, ['--import', 'tsx', main, 'verify', target], { env, encoding: 'utf8', timeout: 120_000 });
  const contact = await call('POST', '/contacts', { name: 'Audited Twice', number: '5511944441111' });
  const intact = run(`contact-${contact.id}`);
  expect(intact.stdout, intact.stderr).toContain('ok: 1 streams');
  expect(intact.status).toBe(0);
  await sql`update eventstore.events set data = jsonb_set(data, '{name}', '"Forged"') where stream_id = ${`contact-${contact.id}`} and revision = 0`.execute(
    server.wiring.db,
  );
  const broken = run(`contact-${contact.id}`);
  expect(broken.stdout).toContain(`BROKEN contact-${contact.id} at revision 0`);
  expect(broken.status).toBe(1);
}, 180_000);
