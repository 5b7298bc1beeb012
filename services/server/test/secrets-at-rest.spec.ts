import { FakeGraphServer } from '@conversa/channels/meta/fake-graph';
import { connectionStream, streams } from '@conversa/contracts';
import { company, connection, createSecretBox, execute, runCommand, systemActor } from '@conversa/core';
import { ANALYST_ROLE } from '@conversa/projections/analysts';
import { sql } from 'kysely';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loggerOptions } from '../src/logging';
import { seed } from '../src/seed';
import { startConnectorFakes, type ConnectorFakes } from './connector-fakes';
import { bearer, type TestServer } from './harness';
import { startChannelServer } from './meta-harness';

/**
 * Every credential a route takes is planted as a marker, then looked for everywhere it could rest in
 * clear: every table of the database (the analyst role's schema `read`, the event store, auth …) and the
 * server's whole log. Routes answer them masked.
 */
const run = Math.random().toString(36).slice(2, 10);
const MARK = {
  asaas: `asaas-marker-${run}-settings`,
  asaasAgain: `asaas-marker-${run}-company-settings`,
  cloudToken: `EAACLOUD-marker-${run}-token`,
  userShort: `EAASHORT-marker-${run}`,
  userLong: `EAALONG-marker-${run}-user`,
  pageToken: `EAAPAGE-marker-${run}-page`,
  aiKey: `sk-marker-${run}-ai-key`,
  voiceKey: `voice-marker-${run}-speech-key`,
  callToken: `wavoip-marker-${run}-call-token`,
};
const NUMBER = { id: '106540352242955', token: MARK.cloudToken, displayPhoneNumber: '+1 555-078-5555' };
const WABA = '102290129340455';
const USER = { id: '10229000000000055', shortToken: MARK.userShort, longToken: MARK.userLong };
const PAGE = { id: '104857600000055', name: 'Loja Marcada', token: MARK.pageToken };

let fake: FakeGraphServer;
let fakes: ConnectorFakes;
let server: TestServer;
let admin: string;
let cloudId: number;
let callId: number;
const log: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, callback) {
    log.push(chunk.toString('utf8'));
    callback();
  },
});

const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
  const response = await server.app.inject({ method, url, headers: bearer(admin), ...(payload ? { payload } : {}) });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response;
};

beforeAll(async () => {
  fake = await new FakeGraphServer({ id: '1234567890', secret: 'fake-app-secret' }).start();
  fake.cloudNumbers.set(NUMBER.id, NUMBER);
  fake.businessAccounts.set(WABA, { token: NUMBER.token, phoneNumberIds: [NUMBER.id], templates: [] });
  fake.users.set(USER.id, { shortToken: USER.shortToken, longToken: USER.longToken, pageIds: [PAGE.id] });
  fake.pages.set(PAGE.id, PAGE);
  fakes = await startConnectorFakes();
  server = await startChannelServer({
    env: {
      ...fakes.env,
      WEBHOOKS_ALLOW_PRIVATE_URLS: 'true',
      SECRETS_KEY: 'secrets-at-rest-key',
      META_APP_ID: fake.app.id,
      META_APP_SECRET: fake.app.secret,
      META_VERIFY_TOKEN: 'verify-at-rest',
      GRAPH_API_URL: fake.baseUrl,
    },
    logger: loggerOptions('json', 'info', sink),
  });
  admin = (await server.login()).token;
}, 90_000);
afterAll(async () => {
  await server?.close();
  await fake?.close();
  await fakes?.close();
});

/** The markers found in any row of any table of the database, as `schema.table: marker`. */
async function markersAtRest(markers: string[]): Promise<string[]> {
  const { rows: tables } = await sql<{ schema: string; name: string }>`
    select table_schema as schema, table_name as name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`.execute(server.wiring.db);
  const found: string[] = [];
  for (const { schema, name } of tables) {
    const { rows } = await sql<{ row: string }>`select t::text as row from ${sql.table(`${schema}.${name}`)} t`.execute(server.wiring.db);
    for (const { row } of rows) for (const marker of markers) if (row.includes(marker)) found.push(`${schema}.${name}: ${marker}`);
  }
  // Tables come in no set order: sorted, so a test compares sets.
  return found.sort();
}

describe('credentials at rest', () => {
  it('are sealed in the event log and every table, answered masked, and never logged', async () => {
    // The platform's payment key, through both settings routes.
    expect((await call('PUT', '/settings/asaas', { value: MARK.asaas })).json()).toEqual({ key: 'asaas', value: '********' });
    expect((await call('PUT', '/companySettings', { column: 'asaas', data: MARK.asaasAgain })).json()).toEqual({ key: 'asaas', value: '********' });
    // Writing the mask back keeps the key.
    await call('PUT', '/settings/asaas', { value: '********' });

    // A Cloud API number's system-user token; a Facebook page's user and page tokens.
    const cloud = (await call('POST', '/whatsapp', { name: 'Cloud marcada', channel: 'whatsappapi' })).json();
    cloudId = cloud.id;
    const configured = (
      await call('PUT', `/whatsapp/${cloud.id}/cloud-api`, { phoneNumberId: NUMBER.id, businessAccountId: WABA, token: MARK.cloudToken })
    ).json();
    expect(configured.tokenHint).toBe(`…${MARK.cloudToken.slice(-4)}`);
    await call('POST', '/facebook', { facebookUserId: USER.id, facebookUserToken: MARK.userShort, addInstagram: false });

    // An AI prompt's keys and a Dialogflow service-account key (sealed before this change already).
    const queue = (await call('POST', '/queue', { name: 'Fila marcada', color: '#123456', greetingMessage: 'Oi' })).json();
    await call('POST', '/prompt', {
      name: 'Assistente marcado',
      apiKey: MARK.aiKey,
      prompt: 'Atenda.',
      queueId: queue.id,
      voice: 'pt-BR-FranciscaNeural',
      voiceKey: MARK.voiceKey,
      voiceRegion: 'brazilsouth',
    });
    const privateKey = fakes.serviceAccount.private_key.split('\n')[5]!;
    await call('POST', '/queueIntegration', {
      type: 'dialogflow',
      name: 'Agente marcado',
      projectName: 'fake-project',
      jsonContent: JSON.stringify(fakes.serviceAccount),
      language: 'pt-BR',
    });

    // A webhook's signing secret: made by the server, answered this once.
    const hook = (await call('POST', '/webhooks', { url: `${fakes.url}/hook`, events: ['contact.created'] })).json();
    expect(hook.secret).toEqual(expect.any(String));

    // A connection's call token, given when it is created; the dialog saved unchanged sends the mask back, which keeps it.
    const calling = (await call('POST', '/whatsapp', { name: 'Chamadas marcadas', channel: 'sandbox', wavoip: MARK.callToken })).json();
    callId = calling.id;
    expect(calling.wavoip).toBe('********');
    expect((await call('PUT', `/whatsapp/${callId}`, { wavoip: '********', name: 'Chamadas' })).json()).toMatchObject({ name: 'Chamadas', wavoip: '********' });
    // The attendant's call button gets it in clear, for the ticket's connection only; ticket views say one is set.
    const contact = (await call('POST', '/contacts', { name: 'Lia Chamada', number: '5511987650001' })).json();
    const ticket = (await call('POST', '/tickets', { contactId: contact.id, whatsappId: callId, status: 'open' })).json();
    expect(ticket.whatsapp).toMatchObject({ id: callId, wavoip: true });
    expect((await call('GET', `/tickets/${ticket.id}/call`)).json()).toEqual({ token: MARK.callToken });

    const markers = [...Object.values(MARK), privateKey, hook.secret as string];
    // Every route that shows them answers them masked.
    for (const url of [
      '/settings',
      `/companySettings/1`,
      '/companySettingOne?column=asaas',
      `/whatsapp/${cloud.id}/cloud-api`,
      '/whatsapp',
      `/whatsapp/${callId}`,
      `/tickets/${ticket.id}`,
      '/tickets',
      '/prompt',
      '/queueIntegration',
      '/webhooks',
    ]) {
      const answer = await call('GET', url);
      for (const marker of markers) expect(answer.body, url).not.toContain(marker);
    }

    // The sealed tokens still work: each Meta session asks the (fake) Graph API, which knows only the clear
    // tokens, for its account, and records the number or page name it answers.
    await vi.waitFor(
      async () => {
        const connections: Array<{ channel: string; number: string }> = (await call('GET', '/whatsapp')).json();
        expect(connections.find((c) => c.channel === 'whatsappapi')?.number).toBe('15550785555');
        expect(connections.find((c) => c.channel === 'facebook')?.number).toBe(PAGE.name);
      },
      { timeout: 20_000, interval: 100 },
    );

    expect(await markersAtRest(markers)).toEqual([]);
    const logText = log.join('');
    expect(logText).toContain('/settings/asaas');
    for (const marker of markers) expect(logText).not.toContain(marker);
  });

  it("the analyst role reads schema read and the webhooks' delivery log without bodies, where the sealed key is all there is", async () => {
    const { rows } = await sql<{ schema: string }>`
      select distinct table_schema as schema from information_schema.tables
      where has_table_privilege(${ANALYST_ROLE}, quote_ident(table_schema) || '.' || quote_ident(table_name), 'select')
        and table_schema not in ('pg_catalog', 'information_schema')`.execute(server.wiring.db);
    expect(rows.map((row) => row.schema)).toEqual(['read', 'webhooks']);
    // In webhooks, column grants (docs/read-models.md): the delivery log and failing streaks, never a body or an endpoint's secret.
    const { rows: granted } = await sql<{ name: string }>`
      select distinct table_schema || '.' || table_name || '.' || column_name as name from information_schema.columns
      where table_schema = 'webhooks' and has_column_privilege(${ANALYST_ROLE}, quote_ident(table_schema) || '.' || quote_ident(table_name), column_name, 'select')`.execute(
      server.wiring.db,
    );
    expect(granted.length).toBeGreaterThan(0);
    for (const { name } of granted) expect(name).not.toMatch(/\.(body|response_body|secret)$/);
    const { rows: settings } = await sql<{ value: string }>`select value from read.company_settings where company_id = 1 and key = 'asaas'`.execute(
      server.wiring.db,
    );
    expect(settings[0]!.value).toMatch(/^enc:v1:/);
    // Call tokens are not in schema read at all, only whether one is set.
    const { rows: columns } = await sql<{ name: string }>`
      select column_name as name from information_schema.columns where table_schema = 'read' and table_name = 'connections'`.execute(server.wiring.db);
    expect(columns.map((column) => column.name)).toContain('has_call_token');
    expect(columns.map((column) => column.name)).not.toContain('wavoip');
  });

  it('a key an earlier version recorded in clear is recorded again sealed at start; the log keeps the old event', async () => {
    const legacy = { asaas: `asaas-legacy-${run}`, token: `EAACLOUD-legacy-${run}-token`, callToken: `wavoip-legacy-${run}` };
    const { ctx } = server.wiring;
    // As an earlier version wrote them: straight into the log, unsealed.
    await execute(ctx, {
      decider: company,
      streamId: streams.company(1),
      command: { type: 'ChangeCompanySetting', key: 'asaas', value: legacy.asaas },
      companyId: 1,
      actor: systemActor,
    });
    const account = { facebookUserId: WABA, facebookUserToken: null, facebookPageUserId: NUMBER.id, tokenMeta: legacy.token };
    await runCommand(ctx, {
      decider: connection,
      streamId: connectionStream(cloudId),
      command: { type: 'ChangeConnectionAccount', account },
      companyId: 1,
      actor: systemActor,
    });
    const changes = { wavoip: legacy.callToken };
    const { position } = await runCommand(ctx, {
      decider: connection,
      streamId: connectionStream(callId),
      command: { type: 'ChangeConnectionDetails', changes },
      companyId: 1,
      actor: systemActor,
    });
    await ctx.waitForProjections(position);
    expect(await markersAtRest([legacy.asaas])).toEqual(['eventstore.events: ' + legacy.asaas, 'read.company_settings: ' + legacy.asaas]);
    expect(await markersAtRest([legacy.callToken])).toEqual(['auth.connection_secrets: ' + legacy.callToken, 'eventstore.events: ' + legacy.callToken]);

    await seed(ctx, server.wiring.config);
    const box = createSecretBox('secrets-at-rest-key');
    await vi.waitFor(
      async () => {
        const { rows: settings } = await sql<{ value: string }>`select value from read.company_settings where company_id = 1 and key = 'asaas'`.execute(
          server.wiring.db,
        );
        expect(settings[0]!.value).toMatch(/^enc:v1:/);
        expect(box.open(settings[0]!.value)).toBe(legacy.asaas);
        const { rows: tokens } = await sql<{ token: string }>`select token_meta as token from auth.connection_secrets where connection_id = ${cloudId}`.execute(
          server.wiring.db,
        );
        expect(box.open(tokens[0]!.token)).toBe(legacy.token);
        expect(tokens[0]!.token).toMatch(/^enc:v1:/);
        const { rows: calls } = await sql<{ token: string }>`select wavoip as token from auth.connection_secrets where connection_id = ${callId}`.execute(
          server.wiring.db,
        );
        expect(calls[0]!.token).toMatch(/^enc:v1:/);
        expect(box.open(calls[0]!.token)).toBe(legacy.callToken);
      },
      { timeout: 15_000, interval: 100 },
    );
    // Events are immutable: the old clear values stay in the log until crypto-shredding (docs/security.md).
    expect(await markersAtRest(Object.values(legacy))).toEqual(
      Object.values(legacy)
        .map((marker) => `eventstore.events: ${marker}`)
        .sort(),
    );
  });
});
