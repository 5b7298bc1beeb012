import { randomUUID } from 'node:crypto';
import { RecordingChannelGateway } from '@conversa/channels';
import { ERASED_TEXT, contactStream, messageStream, type EventToAppend } from '@conversa/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeBroken, verifyStreams } from '../src/verify';
import { bearer, settle, signupCompany, startTestServer, type TestServer } from './harness';

/**
 * Crypto-shredding end to end (docs/lgpd.md): a contact's name, number and message, written through
 * the real channel path, are in the event log only sealed; once ContactErased is recorded the key
 * shredder destroys the contact's keys, and nothing in the database opens them again, while the hash
 * chains still verify and the read models still answer. The same contact writing again gets a new key.
 */
const NAME = 'Zuleica Marcadora';
const NUMBER = '5511944407788';
const BODY = 'segredo-bwq7-corpo';

let server: TestServer;
let company: { token: string; companyId: number };
let line: { id: number; token: string };
let admin: pg.Pool;

beforeAll(async () => {
  server = await startTestServer({ channels: new RecordingChannelGateway() });
  const signed = await signupCompany(server, 'Cripto Co', 981);
  company = { token: (await server.login(signed.email, signed.password)).token, companyId: signed.companyId };
  const created = await call('POST', '/whatsapp', { name: 'Sandbox Cripto', channel: 'sandbox', greetingMessage: '' });
  line = { id: created.id, token: created.token };
  admin = new pg.Pool({ connectionString: server.wiring.databaseUrl, max: 2 });
});
afterAll(async () => {
  await admin?.end();
  await server?.close();
});

async function call(method: 'GET' | 'POST', url: string, payload?: object) {
  const response = await server.app.inject({ method, url, headers: bearer(company.token), ...(payload ? { payload } : {}) });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json();
}

async function contactWrites(body: string): Promise<{ id: string; ticketId: number }> {
  const response = await server.app.inject({
    method: 'POST',
    url: `/sandbox/${line.id}/messages`,
    headers: bearer(line.token),
    payload: { id: randomUUID(), from: NUMBER, name: NAME, body },
  });
  expect(response.statusCode, response.body).toBe(202);
  await settle(server);
  return response.json();
}

/** Every table of the given schemas whose rows, as text, contain the marker. */
async function tablesHolding(marker: string, schemas: string[]): Promise<string[]> {
  const { rows: tables } = await admin.query<{ name: string }>(
    `select format('%I.%I', table_schema, table_name) as name from information_schema.tables where table_type = 'BASE TABLE' and table_schema = any($1)`,
    [schemas],
  );
  const holding: string[] = [];
  for (const { name } of tables) {
    const { rows } = await admin.query(`select 1 from ${name} t where t::text like $1 limit 1`, [`%${marker}%`]);
    if (rows.length > 0) holding.push(name);
  }
  return holding;
}

/**
 * Where the marker is: every table but the events' (whose rows are looked at without their stream id:
 * the number's guard stream is named after it, docs/lgpd.md "What stays in clear and why").
 */
async function holding(marker: string, schemas: string[]): Promise<string[]> {
  const found = (await tablesHolding(marker, schemas)).filter((table) => table !== 'eventstore.events' && table !== 'eventstore.streams');
  const { rows } = await admin.query(`select 1 from eventstore.events where data::text like $1 or metadata::text like $1 limit 1`, [`%${marker}%`]);
  return rows.length > 0 ? [...found, 'eventstore.events (data)'] : found;
}

describe('crypto-shredding of a contact', () => {
  it('keeps the marker out of the event log, opens it for readers, and loses it for good on erasure', async () => {
    const written = await contactWrites(BODY);
    const contactId: number = (await call('GET', `/tickets/${written.ticketId}`)).contactId;
    const { rows: schemaRows } = await admin.query<{ name: string }>(
      `select nspname as name from pg_namespace where nspname not like 'pg\\_%' and nspname <> 'information_schema'`,
    );
    const schemas = schemaRows.map((row) => row.name);
    expect(schemas).toEqual(expect.arrayContaining(['eventstore', 'keys', 'read']));
    // The read side (read models and the frames' outbox) shows it until the erasure scrubs it; the log and the keys never do.
    const logAndKeys = schemas.filter((schema) => schema !== 'read' && schema !== 'projection');
    for (const marker of [NAME, NUMBER, BODY]) expect(await holding(marker, logAndKeys), marker).toEqual([]);
    // The analysts' role reads the read models, never the keys.
    const { rows: privileges } = await admin.query<{ keys: boolean }>(`select has_schema_privilege('conversa_analyst', 'keys', 'usage') as keys`);
    expect(privileges[0]!.keys).toBe(false);
    const message = (await server.wiring.store.readStream(messageStream(written.id)))[0]!;
    expect(message.data).toMatchObject({ body: BODY, contactId });
    expect((await server.wiring.store.readStream(contactStream(contactId)))[0]!.data).toMatchObject({ name: NAME, number: NUMBER });

    const erased: EventToAppend = {
      id: randomUUID(),
      type: 'ContactErased',
      data: { contactId, erasedBy: 1, reason: 'pedido do titular', erasedAt: new Date().toISOString() },
      metadata: {
        companyId: company.companyId,
        actor: { kind: 'user', id: 1 },
        correlationId: randomUUID(),
        causationId: randomUUID(),
        occurredAt: new Date().toISOString(),
        schemaVersion: 1,
      },
    };
    // Recorded beside the contact's stream: the erasure's decider (and what an erased contact's stream
    // then means) is the erasure's; the shredder goes by the record's type, company and contact.
    await server.wiring.store.appendToStream(`lgpdtest-${randomUUID()}`, [erased]);
    await settle(server);

    const { rows: keys } = await admin.query<{ live: number }>(
      `select count(*) filter (where sealed_key is not null)::int as live from keys.data_keys where contact_id = $1`,
      [contactId],
    );
    expect(keys[0]!.live).toBe(0);
    // A process that never saw the keys (a fresh cache) reads the fields as erased too.
    expect((await server.wiring.store.readStream(messageStream(written.id)))[0]!.data).toMatchObject({ body: ERASED_TEXT, contactId });
    expect((await server.wiring.store.readStream(contactStream(contactId)))[0]!.data).toMatchObject({
      name: ERASED_TEXT,
      number: ERASED_TEXT,
      email: ERASED_TEXT,
    });
    for (const marker of [NAME, NUMBER, BODY]) expect(await holding(marker, logAndKeys), marker).toEqual([]);
    const verified = await verifyStreams('all', server.wiring.store, server.wiring.db);
    expect(verified.ok, describeBroken(verified)).toBe(true);
    // The read models still load.
    expect((await call('GET', `/messages/${written.ticketId}`)).messages.length).toBeGreaterThan(0);
    await call('GET', '/contacts');

    // The same contact writes again: a new key (generation 2), readable from then on.
    const again = await contactWrites('depois-da-exclusao');
    expect((await server.wiring.store.readStream(messageStream(again.id)))[0]!.data).toMatchObject({ body: 'depois-da-exclusao', contactId });
    const { rows: generations } = await admin.query<{ generation: number }>(
      `select generation from keys.data_keys where contact_id = $1 and sealed_key is not null`,
      [contactId],
    );
    expect(generations.map((row) => row.generation)).toContain(2);
    expect((await server.wiring.store.readStream(messageStream(written.id)))[0]!.data).toMatchObject({ body: ERASED_TEXT });
  });
});
