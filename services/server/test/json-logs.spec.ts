import { listParked } from '@conversa/platform';
import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { afterAll, expect, it, vi } from 'vitest';
import { bearer, logCapture, signupCompany, startTestServer, type TestServer } from './harness';

let server: TestServer | undefined;
afterAll(() => server?.close());

it('writes every line as one JSON object: requests, projectors (a parked event), reactors, a failing bus handler with its stack', async () => {
  const log = logCapture();
  const written = log.lines;
  // Nothing of the product may bypass the logger (plain console lines break `jq` on the log).
  const consoleCalls = (['log', 'info', 'warn', 'error', 'debug'] as const).map((method) => vi.spyOn(console, method));
  server = await startTestServer({ log: log.stream });
  const { store, db, ctx, bus } = server.wiring;
  const company = await signupCompany(server, 'Logged Co', 611);
  const { token } = await server.login(company.email, company.password);

  // A projector failure: Postgres refuses one row, the contacts projector parks its event and says so.
  await sql`alter table read.contacts add constraint logged_poison check (name <> 'Logged Poison')`.execute(db);
  const template = await server.app.inject({
    method: 'POST',
    url: '/contacts',
    headers: bearer(token),
    payload: { name: 'Template', number: '5511961110000' },
  });
  expect(template.statusCode, template.body).toBe(201);
  const [created] = await store.readStream(`contact-${template.json().id}`);
  const contactId = await ctx.ids.next('contact');
  const poison = await store.appendToStream(`contact-${contactId}`, [
    {
      id: randomUUID(),
      type: created!.type,
      data: { ...(created!.data as object), contactId, name: 'Logged Poison', number: '5511961110001' },
      metadata: {
        companyId: company.companyId,
        actor: { kind: 'system', id: 'json-logs-test' },
        correlationId: 'json-logs',
        causationId: 'json-logs',
        occurredAt: new Date().toISOString(),
        schemaVersion: created!.metadata.schemaVersion,
      },
    },
  ]);
  await server.wiring.runtime.waitForPosition(poison.position, { projectors: ['contacts'] });
  expect(await listParked(db, 'contacts')).toHaveLength(1);
  await sql`alter table read.contacts drop constraint logged_poison`.execute(db);

  // A subscriber that throws: the bus goes on and logs the error with its stack.
  const subscription = await bus.subscribe('company.*.logtest', () => {
    throw new Error('subscriber broke');
  });
  await bus.publish(`company.${company.companyId}.logtest`, { hello: 1 });
  await expect.poll(() => written.some((line) => line.includes('subscriber broke'))).toBe(true);
  await subscription.unsubscribe();

  const entries = written.map((line) => {
    expect(() => JSON.parse(line), line).not.toThrow();
    return JSON.parse(line) as { level: number; msg: string; component?: string; err?: { message: string; stack: string }; correlationId?: string };
  });
  // The parked line names the event's cause (its correlation id), as every line about an event does.
  expect(entries.find((e) => e.component === 'projector' && /parked ContactCreated|parked \w+ .*contact-/.test(e.msg))?.correlationId).toBe('json-logs');
  expect(entries.some((e) => e.component === 'reactor')).toBe(true);
  expect(entries.some((e) => e.correlationId && e.msg === 'request completed')).toBe(true);
  const busError = entries.find((e) => e.component === 'bus');
  expect(busError?.err?.stack).toMatch(/^Error: subscriber broke\n\s+at /);
  for (const spy of consoleCalls) expect(spy.mock.calls, `console.${spy.getMockName()}`).toEqual([]);
});
