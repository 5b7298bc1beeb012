import { RecordingChannelGateway } from '@conversa/channels';
import { rebuildProjector } from '@conversa/platform';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samples } from '../../media/test/samples';
import { bearer, createUser, logCapture, settle, signupCompany, startTestServer, type TestServer } from './harness';
import { describeBroken, verifyStreams } from '../src/verify';

/** A multipart body as a browser sends it (messages-fixture.ts's, which registers its own server when imported). */
function multipart(parts: Array<{ name: string; value: string } | { name: string; filename: string; contentType: string; data: Buffer }>) {
  const boundary = `----conversa${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('data' in part)
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`),
        part.data,
        Buffer.from('\r\n'),
      );
    else chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The files of the media directory whose bytes hold `needle`. */
function mediaFilesHolding(needle: string): string[] {
  const root = server.wiring.config.mediaDir;
  if (!existsSync(root)) return [];
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' })
    .map((name) => join(root, name))
    .filter((path) => statSync(path).isFile());
  return files.filter((path) => readFileSync(path).includes(needle));
}

/**
 * LGPD erasure end to end (POST /contacts/{id}/erase): who may, what it answers, and the marker test: a name, a
 * number, a message text and a file's bytes planted through the real routes are found nowhere an analyst or an
 * admin can read after the erasure (every table of the read schemas, the media directory, the contacts export,
 * the webhook delivery log, the server log, and the event log with every other schema, whose chains still verify),
 * the dashboard's figures are the same, and a rebuild of every read model gives the same erased rows.
 */
let server: TestServer;
const gateway = new RecordingChannelGateway();
let admin: { token: string; companyId: number };
let attendant: { token: string };
let line: { id: number; token: string };
const log = logCapture();

const MARK = {
  name: 'Zuleica Marcadora',
  number: '5511933337777',
  body: 'Meu CPF marcador é 987.654.321-00',
  file: Buffer.concat([samples.png, Buffer.from('bytes-marcadores-zq')]),
};

beforeAll(async () => {
  server = await startTestServer({ channels: gateway, log: log.stream, env: { WEBHOOKS_ALLOW_PRIVATE_URLS: 'true' } });
  const company = await signupCompany(server, 'Apagamento Co', 981);
  admin = { token: (await server.login(company.email, company.password)).token, companyId: company.companyId };
  attendant = await createUser(server, company.companyId, 'Atendente Comum', { profile: 'user' });
  const created = await call('POST', '/whatsapp', { name: 'Sandbox Apagar', channel: 'sandbox', greetingMessage: '' });
  line = { id: created.id, token: created.token };
});
afterAll(() => server?.close());

async function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = admin.token) {
  const response = await server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json();
}

const erase = (id: number, payload: object = { reason: 'Pedido do titular (art. 18)' }, token = admin.token) =>
  server.app.inject({ method: 'POST', url: `/contacts/${id}/erase`, headers: bearer(token), payload });

/** The contact writes through the sandbox connection. */
async function contactWrites(from: string, name: string, id: string, body: string): Promise<{ ticketId: number; contactId: number }> {
  const response = await server.app.inject({
    method: 'POST',
    url: `/sandbox/${line.id}/messages`,
    headers: bearer(line.token),
    payload: { id, from, name, body },
  });
  expect(response.statusCode, response.body).toBe(202);
  await settle(server);
  return response.json();
}

/** Every row of every table an analyst or the delivery log screen reads, as text, that holds `needle`. */
async function rowsHolding(needle: string): Promise<string[]> {
  const tables = await sql<{ schema: string; name: string }>`
    select table_schema as schema, table_name as name from information_schema.tables
    where table_schema in ('read', 'webhooks', 'channels') and table_type = 'BASE TABLE'`.execute(server.wiring.db);
  const found: string[] = [];
  for (const { schema, name } of tables.rows) {
    const rows = await sql<{ row: string }>`select t::text as row from ${sql.table(`${schema}.${name}`)} t where t::text ilike ${`%${needle}%`}`.execute(
      server.wiring.db,
    );
    for (const { row } of rows.rows) found.push(`${schema}.${name}: ${row.slice(0, 200)}`);
  }
  return found;
}

/**
 * Lists' and campaigns' events carry the numbers and names typed into a list in clear (several people's, not one
 * contact's: docs/lgpd.md "Known gaps"); the event log is searched without them, the read tables with them.
 */
const LIST_EVENTS = ['ContactListItemsAdded', 'ContactListItemChanged', 'ContactListItemsValidated', 'CampaignShippingsPlanned', 'CampaignContactOptedOut'];

/**
 * Every other table of every schema (the event log, its keys, checkpoints, frames …) as text; the events by their data,
 * metadata and stream ids (the number's guard stream is named by the number's digest), but for LIST_EVENTS.
 */
async function storedAnywhere(needle: string): Promise<string[]> {
  const tables = await sql<{ schema: string; name: string }>`
    select table_schema as schema, table_name as name from information_schema.tables
    where table_schema not in ('read', 'webhooks', 'channels', 'information_schema') and table_schema not like 'pg\_%'
      and table_type = 'BASE TABLE' and not (table_schema = 'eventstore' and table_name = 'events')`.execute(server.wiring.db);
  const found: string[] = [];
  for (const { schema, name } of tables.rows) {
    const rows = await sql<{
      row: string;
    }>`select t::text as row from ${sql.table(`${schema}.${name}`)} t where t::text ilike ${`%${needle}%`} limit 1`.execute(server.wiring.db);
    for (const { row } of rows.rows) found.push(`${schema}.${name}: ${row.slice(0, 200)}`);
  }
  const events = await sql<{
    type: string;
  }>`select type from eventstore.events where (data::text ilike ${`%${needle}%`} or metadata::text ilike ${`%${needle}%`} or stream_id ilike ${`%${needle}%`})
        and type <> all(${LIST_EVENTS}::text[]) limit 5`.execute(server.wiring.db);
  for (const { type } of events.rows) found.push(`eventstore.events: ${type}`);
  return found;
}

async function exportedCells(): Promise<string> {
  const answer = await server.app.inject({ method: 'GET', url: '/contacts/export', headers: bearer(admin.token) });
  expect(answer.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
  const cells: string[] = [];
  workbook.eachSheet((sheet) => sheet.eachRow((row) => cells.push(JSON.stringify(row.values))));
  return cells.join('\n');
}

describe('POST /contacts/{id}/erase: who may, and what it answers', () => {
  let contactId: number;
  beforeAll(async () => {
    ({ contactId } = await contactWrites('5511944440001', 'Rui Regras', 'rules-1', 'Olá'));
  });

  it('refuses an attendant (403), bad input (400) and an unknown contact (404)', async () => {
    expect((await erase(contactId, undefined, attendant.token)).statusCode).toBe(403);
    const empty = await erase(contactId, { reason: '  ' });
    expect([empty.statusCode, empty.json().error]).toEqual([400, 'ERR_VALIDATION']);
    expect((await erase(contactId, { reason: 'x'.repeat(501) })).statusCode).toBe(400);
    expect((await erase(contactId, {})).statusCode).toBe(400);
    const missing = await erase(99_999_999);
    expect([missing.statusCode, missing.json().error]).toEqual([404, 'ERR_NO_CONTACT_FOUND']);
  });

  it('erases for an admin, then refuses a second erasure and any change with ERR_CONTACT_ERASED', async () => {
    const first = await erase(contactId);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ contactId, erasedAt: expect.any(String) });
    const again = await erase(contactId);
    expect([again.statusCode, again.json().error]).toEqual([409, 'ERR_CONTACT_ERASED']);
    expect((await server.app.inject({ method: 'GET', url: `/contacts/${contactId}`, headers: bearer(admin.token) })).statusCode).toBe(404);
  });

  it('a campaign planned before the erasure never sends to the erased number: its shipping is skipped as erased', async () => {
    const kept = '5511944440021';
    const gone = await contactWrites('5511944440022', 'Iara Campanha', 'campaign-1', 'Oi');
    // The company's send window is closed while the campaign is planned, so nothing goes out before the erasure.
    const settings = await call('GET', '/campaign-settings');
    const clock = (ms: number) => new Date(Date.now() + ms).toISOString().slice(11, 16);
    const window = async (sendWindow: object | null) => call('POST', '/campaign-settings', { ...settings, sendWindow });
    await window({ from: clock(12 * 3_600_000), to: clock(12 * 3_600_000 + 60_000) });
    const list = await call('POST', '/contact-lists', { name: 'Lista Em Curso' });
    for (const number of [kept, '5511944440022']) await call('POST', '/contact-list-items', { contactListId: list.id, name: `Pessoa ${number}`, number });
    const campaign = await call('POST', '/campaigns', {
      name: 'Promo Em Curso',
      message1: 'Olá!',
      confirmation: false,
      contactListId: list.id,
      whatsappId: String(line.id),
      scheduledAt: new Date().toISOString(),
    });
    await settle(server);
    const shippings = () =>
      sql<{
        status: string;
        failed_reason: string | null;
      }>`select status, failed_reason from read.campaign_shippings where campaign_id = ${campaign.id} order by item_id`
        .execute(server.wiring.db)
        .then((r) => r.rows);
    for (let round = 0; round < 20 && (await shippings()).length === 0; round++) {
      await server.wiring.campaigns.engine.tick();
      await settle(server);
    }
    expect(await shippings()).toEqual([
      { status: 'planned', failed_reason: null },
      { status: 'planned', failed_reason: null },
    ]);
    expect((await erase(gone.contactId)).statusCode).toBe(200);
    await window(null);
    await settle(server);
    for (let round = 0; round < 40 && (await call('GET', `/campaigns/${campaign.id}`)).status !== 'FINALIZADA'; round++) {
      await server.wiring.campaigns.engine.tick();
      await settle(server);
    }
    expect(await shippings()).toEqual([
      { status: 'delivered', failed_reason: null },
      { status: 'skipped', failed_reason: 'erased' },
    ]);
    const sentTo = gateway.sent.filter((message) => message.body === 'Olá!').map((message) => message.contact.number);
    expect(sentTo).toContain(kept);
    expect(sentTo).not.toContain('5511944440022');
  });

  it('a new message from the erased number makes a new, separate contact; the erased one stays erased', async () => {
    const later = await contactWrites('5511944440001', 'Rui de Novo', 'rules-2', 'Voltei');
    expect(later.contactId).not.toBe(contactId);
    const tickets = await call('GET', `/tickets?showAll=true&contactId=${contactId}`);
    for (const ticket of tickets.tickets) expect(ticket.contact).toMatchObject({ id: contactId, erased: true, name: '', number: '' });
    expect((await call('GET', `/contacts/${later.contactId}`)).name).toBe('Rui de Novo');
  });
});

describe('the marker test', () => {
  it('leaves the marker nowhere an analyst or admin reads, keeps the figures, and a rebuild gives the same erased rows', { timeout: 240_000 }, async () => {
    const hook = await call('POST', '/webhooks', { url: 'http://127.0.0.1:9/crm', events: ['*'], description: 'CRM' });
    const written = await contactWrites(MARK.number, MARK.name, 'marker-1', MARK.body);
    await call('PUT', `/tickets/${written.ticketId}`, { status: 'open' });
    const { payload, headers } = multipart([
      { name: 'medias', filename: 'documento-zq.png', contentType: 'image/png', data: MARK.file },
      { name: 'body', value: 'documento-zq.png' },
    ]);
    const upload = await server.app.inject({ method: 'POST', url: `/messages/${written.ticketId}`, payload, headers: { ...headers, ...bearer(admin.token) } });
    expect(upload.statusCode, upload.body).toBeLessThan(300);
    await call('POST', '/ticket-notes', { ticketId: written.ticketId, contactId: written.contactId, note: `Falou com ${MARK.name}` });
    // Typed into a contact list and sent a campaign (rows not linked to the contact: found by the number's digest), then opted out.
    const list = await call('POST', '/contact-lists', { name: 'Lista Marcada' });
    await call('POST', '/contact-list-items', { contactListId: list.id, name: MARK.name, number: MARK.number });
    const campaign = await call('POST', '/campaigns', {
      name: 'Promo Marcada',
      message1: 'Olá!',
      confirmation: false,
      contactListId: list.id,
      whatsappId: String(line.id),
      scheduledAt: new Date().toISOString(),
    });
    await settle(server);
    for (let round = 0; round < 40 && (await call('GET', `/campaigns/${campaign.id}`)).status !== 'FINALIZADA'; round++) {
      await server.wiring.campaigns.engine.tick();
      await settle(server);
    }
    expect((await call('GET', `/campaigns/${campaign.id}`)).counts).toMatchObject({ planned: 1, delivered: 1 });
    await contactWrites(MARK.number, MARK.name, 'marker-2', 'SAIR');
    const listRows = async () => ({
      items: await sql`select i.name, i.number from read.contact_list_items i where contact_list_id = ${list.id}`.execute(server.wiring.db).then((r) => r.rows),
      shippings: await sql`select s.name, s.number, s.status from read.campaign_shippings s where campaign_id = ${campaign.id}`
        .execute(server.wiring.db)
        .then((r) => r.rows),
      optOuts: await sql`select o.number, o.word from read.campaign_optouts o where company_id = ${admin.companyId}`
        .execute(server.wiring.db)
        .then((r) => r.rows),
    });
    expect(await listRows()).toEqual({
      items: [{ name: MARK.name, number: MARK.number }],
      shippings: [{ name: MARK.name, number: MARK.number, status: 'delivered' }],
      optOuts: [{ number: MARK.number, word: 'SAIR' }],
    });
    await settle(server);
    // The marker is planted: each needle is found before the erasure (so the search below can fail).
    for (const needle of [MARK.name, MARK.number, '987.654.321']) expect(await rowsHolding(needle), needle).not.toEqual([]);
    expect(await exportedCells()).toContain(MARK.name);
    expect(mediaFilesHolding('bytes-marcadores-zq')).toHaveLength(1);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const range = `date_from=${day(-30)}&date_to=${day(1)}`;
    const figuresBefore = await call('GET', `/dashboard?${range}`);

    const erased = await erase(written.contactId);
    expect(erased.statusCode, erased.body).toBe(200);
    await settle(server);
    await server.wiring.mediaErasure.afterNextPass();
    await settle(server);

    for (const needle of [MARK.name, MARK.number, '987.654.321', 'documento-zq']) expect(await rowsHolding(needle), needle).toEqual([]);
    // The list forgets the number, the campaign's figures stay (its row without whom it was for), the opt-out stays as the digest.
    expect(await listRows()).toEqual({
      items: [],
      shippings: [{ name: '[erased]', number: '[erased]', status: 'delivered' }],
      optOuts: [{ number: null, word: 'SAIR' }],
    });
    expect((await call('GET', `/campaigns/${campaign.id}`)).counts).toMatchObject({ planned: 1, delivered: 1 });
    const exported = await exportedCells();
    expect(exported).not.toContain(MARK.name);
    expect(exported).not.toContain(MARK.number);
    expect(mediaFilesHolding('bytes-marcadores-zq')).toEqual([]);
    const stored = await server.wiring.db
      .selectFrom('read.messages')
      .select(['body', 'media_url', 'content_erased'])
      .where('contact_id', '=', written.contactId)
      .execute();
    expect(stored.length).toBeGreaterThan(1);
    for (const row of stored) expect(row).toEqual({ body: '', media_url: null, content_erased: true });
    expect((await call('GET', `/dashboard?${range}`)).counters).toEqual(figuresBefore.counters);
    // The event log and every other schema too: the contact's fields are stored sealed and its keys are now destroyed
    // (docs/lgpd.md), so no stored event holds the marker, and every hash chain still verifies.
    for (const needle of [MARK.name, MARK.number, '987.654.321', 'documento-zq']) expect(await storedAnywhere(needle), needle).toEqual([]);
    const verified = await verifyStreams('all', server.wiring.store, server.wiring.db);
    expect(verified.ok, describeBroken(verified)).toBe(true);
    // The log lines of the request and of the reactors carry no personal data either.
    for (const line of log.lines.slice(log.lines.findIndex((entry) => entry.includes('/erase')))) {
      expect(line).not.toContain(MARK.name);
      expect(line).not.toContain('987.654.321');
    }
    // Consumers are told, with the id and the time only.
    const deliveries = await server.wiring.db
      .selectFrom('webhooks.deliveries')
      .select(['event', 'body'])
      .where('webhook_id', '=', hook.id)
      .where('event', '=', 'contact.erased')
      .execute();
    expect(deliveries).toHaveLength(1);
    expect(JSON.parse(deliveries[0]!.body).data).toEqual({ contactId: written.contactId, erasedAt: erased.json().erasedAt });

    // A rebuild of every read model gives the same erased rows.
    const snapshot = async () => ({
      contact: await sql`select c::text from read.contacts c where id = ${written.contactId}`.execute(server.wiring.db).then((r) => r.rows),
      tickets: await sql`select t.last_message, t.contact_erased from read.tickets t where contact_id = ${written.contactId} order by id`
        .execute(server.wiring.db)
        .then((r) => r.rows),
      messages: await sql`select m.id, m.body, m.media_url, m.content_erased from read.messages m where contact_id = ${written.contactId} order by id`
        .execute(server.wiring.db)
        .then((r) => r.rows),
      lists: await listRows(),
    });
    const before = await snapshot();
    await server.wiring.runtime.stop();
    const seen = new Set<string>();
    for (const projector of server.wiring.runtime.projectors) {
      const name = projector.partition?.of ?? projector.name;
      if (seen.has(name)) continue;
      seen.add(name);
      await rebuildProjector({
        db: server.wiring.db,
        connectionString: server.wiring.databaseUrl,
        store: server.wiring.store,
        projector,
        logger: { info() {}, warn() {}, error() {} },
      });
    }
    expect(await snapshot()).toEqual(before);
    for (const needle of [MARK.name, MARK.number, '987.654.321', 'documento-zq']) expect(await rowsHolding(needle), `after rebuild: ${needle}`).toEqual([]);
  });
});
