import { listParked, runProjectionsCommand } from '@conversa/platform';
import { projectors } from '@conversa/projections';
import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, logCapture, signupCompany, startTestServer, type TestServer } from './harness';

const BOUND_MS = 1500;
let server: TestServer;
const log = logCapture();
let companies: { email: string; password: string; companyId: number; token: string }[];

beforeAll(async () => {
  server = await startTestServer({ projectionWaitMs: BOUND_MS, log: log.stream });
  companies = [];
  for (const [index, name] of ['Poisoned Co', 'Healthy Co', 'Bystander Co'].entries()) {
    const company = await signupCompany(server, name, 501 + index);
    companies.push({ ...company, token: (await server.login(company.email, company.password)).token });
  }
});
afterAll(() => server?.close());

const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

let numberSeed = 5511_9000_0000;
const contactBody = (name: string) => ({ name, number: String(numberSeed++) });

/** Logins of every company and the super user, each answering. */
async function everyoneLogsIn() {
  for (const { email, password } of [...companies, ADMIN]) expect((await server.login(email, password)).token).toBeTruthy();
}

/** Company `index` writes (a contact, a queue) and reads them back. */
async function writesAndReads(index: number, tag: string) {
  const { token } = companies[index]!;
  const contact = await call(token, 'POST', '/contacts', contactBody(`${tag} contact`));
  expect(contact.statusCode, contact.body).toBe(201);
  const queue = await call(token, 'POST', '/queue', {
    name: `${tag} queue`,
    color: `#${(numberSeed++ % 0xffffff).toString(16).padStart(6, '0')}`,
    greetingMessage: 'Oi',
  });
  expect(queue.statusCode, queue.body).toBe(201);
  const read = await call(token, 'GET', `/contacts/${contact.json().id}`);
  expect(read.json()).toMatchObject({ name: `${tag} contact` });
}

describe('a poison event in a product projector', () => {
  it('is parked; every company goes on writing, logging in and reading; /health is 200 and degraded; retry after the fix clears it', async () => {
    const { store, db, ctx } = server.wiring;
    const poisoned = companies[0]!;
    // Postgres refuses this one row, as it would an integer past its column that a contract let through.
    await sql`alter table read.contacts add constraint poison_pill check (name <> 'Poison Pill')`.execute(db);
    const contactId = await ctx.ids.next('contact');
    const template = (await call(poisoned.token, 'POST', '/contacts', contactBody('Template'))).json();
    const [created] = await store.readStream(`contact-${template.id}`);
    const poison = await store.appendToStream(`contact-${contactId}`, [
      {
        id: randomUUID(),
        type: created!.type,
        data: { ...(created!.data as object), contactId, name: 'Poison Pill', number: String(numberSeed++) },
        metadata: {
          companyId: poisoned.companyId,
          actor: { kind: 'system', id: 'poison-test' },
          correlationId: 'poison',
          causationId: 'poison',
          occurredAt: new Date().toISOString(),
          schemaVersion: created!.metadata.schemaVersion,
        },
      },
    ]);
    await server.wiring.runtime.waitForPosition(poison.position, { projectors: ['contacts'] });
    expect(await listParked(db, 'contacts')).toMatchObject([{ streamId: `contact-${contactId}`, errorCode: '23514', attempts: 1 }]);

    const health = await server.app.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode, health.body).toBe(200);
    expect(health.json()).toMatchObject({ ok: true, degraded: ['contacts'] });
    expect(health.json().projections.find((p: { name: string }) => p.name === 'contacts')).toMatchObject({ state: 'running', parked: 1 });

    await everyoneLogsIn();
    for (const index of [0, 1, 2]) await writesAndReads(index, `while parked ${index}`);

    // The operator's fix, then the retry the CLI runs.
    await sql`alter table read.contacts drop constraint poison_pill`.execute(db);
    const lines: string[] = [];
    const logger = {
      info: (line: string) => void lines.push(line),
      warn: (line: string) => void lines.push(line),
      error: (line: string) => void lines.push(line),
    };
    expect(await runProjectionsCommand(['retry', 'contacts'], { db, store, projectors, logger })).toBe(0);
    expect(lines.at(-1)).toBe('contacts: 1 of 1 parked event(s) applied; 0 still parked');
    expect(await listParked(db, 'contacts')).toEqual([]);
    expect((await call(poisoned.token, 'GET', `/contacts/${contactId}`)).json()).toMatchObject({ name: 'Poison Pill' });
    expect((await server.app.inject({ method: 'GET', url: '/health' })).json()).toMatchObject({ ok: true, degraded: [] });
  });

  it('a read model that cannot move holds its writes only up to PROJECTION_WAIT_MS, and logins and other writes not at all', async () => {
    const since = log.lines.length;
    const waitWarnings = () =>
      log
        .entries()
        .slice(since)
        .filter((entry) => entry.level === 40 && entry.msg.startsWith('read-your-writes:'))
        .map((entry) => entry.msg);
    // Reads go on (exclusive mode lets them), the contacts projector's writes wait behind the lock.
    const blocker = new pg.Client({ connectionString: server.wiring.databaseUrl });
    await blocker.connect();
    try {
      await blocker.query('begin; lock table read.contacts in exclusive mode');
      // Answered once the bound is up, from what the read model holds (the contact row is not there yet: a 404).
      const held = await call(companies[1]!.token, 'POST', '/contacts', contactBody('Held'));
      expect(held.statusCode, held.body).toBeLessThan(500);
      expect(waitWarnings()).toEqual([expect.stringMatching(new RegExp(`^read-your-writes: answered after ${BOUND_MS} ms without contacts reaching `))]);

      // Still locked: a wait on contacts could only end at the bound, with a warning. These log none.
      await everyoneLogsIn();
      const queue = await call(companies[2]!.token, 'POST', '/queue', { name: 'Not held', color: '#0a0b0c', greetingMessage: 'Oi' });
      expect(queue.statusCode, queue.body).toBe(201);
      expect(waitWarnings()).toHaveLength(1);
    } finally {
      await blocker.query('rollback');
      await blocker.end();
    }
    await writesAndReads(1, 'after the lock');
  });
});
