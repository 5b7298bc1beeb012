import { campaignShippingsStream, type CampaignView, type ContactListItemView } from '@conversa/contracts';
import { createCampaignEngine, createWebhookDeliverer, createWebhookPoster, type CampaignOutbound } from '@conversa/automation';
import { campaignLookup } from '@conversa/api';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xlsxBomb } from '../../testing/src/xlsx-bomb';
import { bearer, settle, signupCompany, startTestServer, type TestServer } from './harness';
import { startReceiver } from './webhook-receiver';

let server: TestServer;
let a: { token: string; companyId: number };
let b: { token: string; companyId: number };
let sandbox: { id: number; token: string };
let phone = 5511970000000;
const nextPhone = () => String((phone += 1));

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const ok = async (promise: ReturnType<typeof call>, status = 200) => {
  const response = await promise;
  expect(response.statusCode, response.body).toBe(status);
  return response.json();
};

function upload(token: string, listId: number, fileName: string, content: string | Buffer) {
  const boundary = 'list-upload-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return server.app.inject({
    method: 'POST',
    url: `/contact-lists/${listId}/upload`,
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

async function listWith(token: string, name: string, count: number): Promise<{ id: number; numbers: string[] }> {
  const list = await ok(call(token, 'POST', '/contact-lists', { name }), 201);
  const numbers = Array.from({ length: count }, () => nextPhone());
  const csv = ['nome,numero,email', ...numbers.map((number, index) => `Pessoa ${index + 1} Silva,${number},`)].join('\n');
  const result = await ok(upload(token, list.id, 'lista.csv', csv));
  expect(result.added).toBe(count);
  await settle(server);
  return { id: list.id, numbers };
}

const outboxOf = async (connectionId: number) =>
  (
    await sql<{
      to_number: string;
      body: string;
      n: number;
    }>`select to_number, body, count(*)::int as n from channels.sandbox_outbox where connection_id = ${connectionId} group by to_number, body`.execute(
      server.wiring.db,
    )
  ).rows;

const campaignOf = async (token: string, id: number): Promise<CampaignView> => ok(call(token, 'GET', `/campaigns/${id}`));

/** Ticks the engine (at a moment of the test's choosing) until the campaign reaches a status, settling the read models in between. */
async function tickUntil(token: string, id: number, status: string, at: () => Date = () => new Date(), rounds = 40): Promise<CampaignView> {
  for (let round = 0; round < rounds; round++) {
    await server.wiring.campaigns.engine.tick(at);
    await settle(server);
    const campaign = await campaignOf(token, id);
    if (campaign.status === status) return campaign;
  }
  return campaignOf(token, id);
}

const now = () => new Date().toISOString();
const form = (extra: object) => ({ name: 'Promo', message1: 'Olá {firstName}, {greeting}!', confirmation: false, ...extra });

beforeAll(async () => {
  server = await startTestServer({ env: { WEBHOOKS_ALLOW_PRIVATE_URLS: 'true' } });
  await server.wiring.sessions.start();
  const companyA = await signupCompany(server, 'Campanhas A', 81);
  a = { token: (await server.login(companyA.email, companyA.password)).token, companyId: companyA.companyId };
  const companyB = await signupCompany(server, 'Campanhas B', 82);
  b = { token: (await server.login(companyB.email, companyB.password)).token, companyId: companyB.companyId };
  sandbox = await ok(call(a.token, 'POST', '/whatsapp', { name: 'Sandbox', channel: 'sandbox', isDefault: true }), 201);
  await server.wiring.sessions.reconcile();
  await ok(
    call(a.token, 'POST', '/campaign-settings', {
      messageInterval: 0,
      longerIntervalAfter: 0,
      greaterInterval: 0,
      variables: [{ key: 'loja', value: 'Loja Centro' }],
    }),
  );
});
afterAll(async () => {
  await server?.close();
});

describe('contact lists', () => {
  it("validates names and numbers with the dialogs' words", async () => {
    expect((await call(a.token, 'POST', '/contact-lists', { name: 'x' })).json().message).toContain('Too Short!');
    expect((await call(a.token, 'POST', '/contact-lists', { name: '' })).json().message).toContain('Required');
    const list = await ok(call(a.token, 'POST', '/contact-lists', { name: 'Clientes' }), 201);
    expect(list).toMatchObject({ name: 'Clientes', contactsCount: 0 });
    const bad = await call(a.token, 'POST', '/contact-list-items', { contactListId: list.id, name: 'Ana', number: '123', email: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Too Short!|Invalid email/);
    const notPhone = await call(a.token, 'POST', '/contact-list-items', { contactListId: list.id, name: 'Ana', number: '00000000000' });
    expect(notPhone.json().error).toBe('ERR_INVALID_PHONE_NUMBER');
  });

  it('imports a spreadsheet with a result per row, counts it, and checks validity in the background (sandbox: valid)', async () => {
    const list = await ok(call(a.token, 'POST', '/contact-lists', { name: 'Importada' }), 201);
    const result = await ok(upload(a.token, list.id, 'l.csv', 'nome,numero,email\nAna,(11) 98765-4321,ana@example.com\nSem número,abc,\nBeto,5511912345678,'));
    expect(result).toMatchObject({ added: 2, refused: 1 });
    // The refused row, numbered as the sheet numbers it: the header is row 1, "Sem número" row 3.
    expect(result.rows).toEqual([{ row: 3, number: 'abc', ok: false, error: 'Número inválido' }]);
    await settle(server);
    const page = await ok(call(a.token, 'GET', `/contact-list-items?contactListId=${list.id}`));
    expect(page.contacts.map((item: ContactListItemView) => [item.name, item.number, item.isWhatsappValid])).toEqual([
      ['Ana', '5511987654321', true],
      ['Beto', '5511912345678', true],
    ]);
    expect(await ok(call(a.token, 'GET', `/contact-lists/${list.id}`))).toMatchObject({ contactsCount: 2, checkedCount: 2, validCount: 2 });
    const search = await ok(call(a.token, 'GET', `/contact-lists?searchParam=import`));
    expect(search.records.map((record: { id: number }) => record.id)).toEqual([list.id]);
    // .xls is read (the contacts reader's); a file that is not one is refused whole.
    const refused = await upload(a.token, list.id, 'l.xls', 'x');
    expect(refused.json().error).toBe('ERR_CONTACT_IMPORT_FILE_INVALID');
    const notSpreadsheet = await upload(a.token, list.id, 'l.pdf', 'x');
    expect(notSpreadsheet.json().error).toBe('ERR_MEDIA_TYPE_NOT_ALLOWED');
  });

  it("refuses a spreadsheet bomb at once, and a formula or text number row with the sheet's row number", async () => {
    const list = await ok(call(a.token, 'POST', '/contact-lists', { name: 'Bombas' }), 201);
    const packed = xlsxBomb({ sheetBytes: 40 * 1024 * 1024 });
    const started = performance.now();
    const bomb = await upload(a.token, list.id, 'bomba.xlsx', packed);
    expect([bomb.statusCode, bomb.json().error]).toEqual([400, 'ERR_SPREADSHEET_TOO_LARGE_UNPACKED']);
    expect(performance.now() - started).toBeLessThan(1_000);
    const lying = await upload(a.token, list.id, 'mentira.xlsx', xlsxBomb({ sheetBytes: 8 * 1024 * 1024, declaredSize: 200_000 }));
    expect([lying.statusCode, lying.json().error]).toEqual([400, 'ERR_SPREADSHEET_TOO_LARGE_UNPACKED']);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Lista');
    const good = nextPhone();
    sheet.getRow(1).values = ['nome', 'numero'];
    sheet.getRow(2).values = ['Boa', good];
    sheet.getRow(4).values = ['Fórmula', { formula: `${good}+1`, result: Number(good) + 1 }];
    sheet.getRow(5).values = ['Texto', `Ana ${nextPhone()}`];
    const result = await ok(upload(a.token, list.id, 'l.xlsx', Buffer.from(await workbook.xlsx.writeBuffer())));
    expect(result).toMatchObject({ added: 1, refused: 2 });
    expect(result.rows.map((row: { row: number; error: string }) => [row.row, row.error])).toEqual([
      [4, 'Fórmula: cole o valor em vez da fórmula'],
      [5, 'Número inválido'],
    ]);
  });

  it('edits and deletes items; another company sees none of it', async () => {
    const list = await listWith(a.token, 'Editar', 1);
    const [item] = (await ok(call(a.token, 'GET', `/contact-list-items?contactListId=${list.id}`))).contacts;
    expect(await ok(call(a.token, 'PUT', `/contact-list-items/${item.id}`, { name: 'Nome Novo' }))).toMatchObject({ name: 'Nome Novo' });
    expect((await call(b.token, 'GET', `/contact-list-items/${item.id}`)).statusCode).toBe(404);
    expect((await call(b.token, 'GET', `/contact-list-items?contactListId=${list.id}`)).statusCode).toBe(404);
    expect((await call(b.token, 'DELETE', `/contact-lists/${list.id}`)).statusCode).toBe(404);
    await ok(call(a.token, 'DELETE', `/contact-list-items/${item.id}`));
    expect(await ok(call(a.token, 'GET', `/contact-lists/${list.id}`))).toMatchObject({ contactsCount: 0 });
    await ok(call(a.token, 'DELETE', `/contact-lists/${list.id}`));
    expect((await call(a.token, 'GET', `/contact-lists/${list.id}`)).statusCode).toBe(404);
  });
});

describe('campaigns', () => {
  it('refuses to schedule a campaign whose list is empty, whose connection is gone, or with no message', async () => {
    const empty = await ok(call(a.token, 'POST', '/contact-lists', { name: 'Vazia' }), 201);
    const list = await listWith(a.token, 'Cheia', 1);
    expect(
      (await call(a.token, 'POST', '/campaigns', form({ contactListId: empty.id, whatsappId: String(sandbox.id), scheduledAt: now() }))).json().error,
    ).toBe('ERR_CAMPAIGN_LIST_EMPTY');
    expect((await call(a.token, 'POST', '/campaigns', form({ contactListId: list.id, whatsappId: '999999', scheduledAt: now() }))).json().error).toBe(
      'ERR_NO_WAPP_FOUND',
    );
    expect(
      (await call(a.token, 'POST', '/campaigns', form({ contactListId: list.id, whatsappId: String(sandbox.id), scheduledAt: now(), message1: '' }))).json()
        .error,
    ).toBe('ERR_CAMPAIGN_NO_MESSAGE');
    expect((await call(a.token, 'POST', '/campaigns', form({ name: 'P' }))).json().message).toContain('Too Short!');
    // Without a schedule it is only a draft (INATIVA): nothing is checked but what it names.
    expect(await ok(call(a.token, 'POST', '/campaigns', form({ contactListId: empty.id, whatsappId: String(sandbox.id) })), 201)).toMatchObject({
      status: 'INATIVA',
    });
    expect((await call(b.token, 'POST', '/campaigns', form({ contactListId: list.id }))).json().error).toBe('ERR_NO_CONTACT_LIST_FOUND');
  });

  it('sends to every contact once, fills the variables, and finishes (FINALIZADA) with the report counts', async () => {
    const list = await listWith(a.token, 'Envio', 5);
    const created = await ok(
      call(
        a.token,
        'POST',
        '/campaigns',
        form({ message1: 'Olá {firstName} da {loja} ({name})', contactListId: list.id, whatsappId: String(sandbox.id), scheduledAt: now() }),
      ),
      201,
    );
    expect(created).toMatchObject({ status: 'PROGRAMADA', whatsappId: String(sandbox.id), contactList: { id: list.id, name: 'Envio' } });
    const done = await tickUntil(a.token, created.id, 'FINALIZADA');
    expect(done.status).toBe('FINALIZADA');
    expect(done.completedAt).not.toBeNull();
    expect(done.counts).toMatchObject({ planned: 5, valid: 5, delivered: 5, failed: 0 });
    const sent = (await outboxOf(sandbox.id)).filter((row) => list.numbers.includes(row.to_number));
    expect(sent.map((row) => row.n)).toEqual([1, 1, 1, 1, 1]);
    expect(sent.map((row) => row.body).sort()).toEqual(list.numbers.map((_, index) => `Olá Pessoa da Loja Centro (Pessoa ${index + 1} Silva)`).sort());
    // Editing a finished campaign is refused; cancelling one that is not running too.
    expect(
      (await call(a.token, 'PUT', `/campaigns/${created.id}`, form({ name: 'Outra', contactListId: list.id, whatsappId: String(sandbox.id) }))).json().error,
    ).toBe('ERR_CAMPAIGN_NOT_EDITABLE');
    expect((await call(a.token, 'POST', `/campaigns/${created.id}/cancel`)).json().error).toBe('ERR_CAMPAIGN_NOT_RUNNING');
  });

  it("tells a company's webhook when a campaign starts, delivers to each contact and finishes", async () => {
    const receiver = await startReceiver();
    const hook = await ok(
      call(a.token, 'POST', '/webhooks', { url: receiver.url, events: ['campaign.started', 'campaign.delivered', 'campaign.finished'], description: 'CRM' }),
      201,
    );
    const { wiring } = server;
    const deliverer = createWebhookDeliverer({
      db: wiring.db,
      ctx: wiring.ctx,
      secrets: wiring.ctx.webhooks.secrets,
      connectionString: wiring.databaseUrl,
      post: createWebhookPoster({ allowPrivateUrls: true }),
      now: () => new Date(),
      backoffMs: [50],
      repeatMs: 50,
      timeoutMs: 5_000,
      pollMs: 20,
    });
    deliverer.start();
    try {
      const list = await listWith(a.token, 'Webhook', 2);
      const created = await ok(call(a.token, 'POST', '/campaigns', form({ contactListId: list.id, whatsappId: String(sandbox.id), scheduledAt: now() })), 201);
      expect((await tickUntil(a.token, created.id, 'FINALIZADA')).status).toBe('FINALIZADA');
      await receiver.until(4);
      const events = receiver.received.map((delivery) => delivery.json);
      expect(events.map((event) => event.event)).toEqual(['campaign.started', 'campaign.delivered', 'campaign.delivered', 'campaign.finished']);
      expect(events.every((event) => event.companyId === a.companyId && event.data.campaignId === created.id)).toBe(true);
    } finally {
      await deliverer.stop();
      await call(a.token, 'DELETE', `/webhooks/${hook.id}`);
      await receiver.close();
    }
  });

  it("with confirmation on sends the request first and the message after the contact's reply; an opt-out word stops it for good", async () => {
    const list = await listWith(a.token, 'Confirmação', 2);
    const created = await ok(
      call(
        a.token,
        'POST',
        '/campaigns',
        form({
          message1: 'Aqui está a oferta',
          confirmation: true,
          confirmationMessage1: 'Posso enviar a oferta, {firstName}?',
          contactListId: list.id,
          whatsappId: String(sandbox.id),
          scheduledAt: now(),
        }),
      ),
      201,
    );
    await tickUntil(a.token, created.id, 'EM_ANDAMENTO');
    await server.wiring.campaigns.engine.tick();
    await settle(server);
    expect((await campaignOf(a.token, created.id)).counts).toMatchObject({ confirmationRequested: 2, delivered: 0 });
    const [yes, no] = list.numbers;
    await ok(
      server.app.inject({
        method: 'POST',
        url: `/sandbox/${sandbox.id}/messages`,
        headers: bearer(sandbox.token),
        payload: { id: `c-${yes}`, from: yes, body: 'Sim' },
      }),
      202,
    );
    await ok(
      server.app.inject({
        method: 'POST',
        url: `/sandbox/${sandbox.id}/messages`,
        headers: bearer(sandbox.token),
        payload: { id: `c-${no}`, from: no, body: 'sair' },
      }),
      202,
    );
    await settle(server);
    await server.wiring.campaigns.engine.tick();
    await settle(server);
    const report = await campaignOf(a.token, created.id);
    expect(report.counts).toMatchObject({ confirmationRequested: 2, confirmed: 1, delivered: 1 });
    const bodies = (await outboxOf(sandbox.id)).filter((row) => row.to_number === yes).map((row) => row.body);
    expect(bodies.sort()).toEqual(['Aqui está a oferta', 'Posso enviar a oferta, Pessoa?']);
    // The opted-out number is marked on every list and skipped by every later campaign.
    const items = (await ok(call(a.token, 'GET', `/contact-list-items?contactListId=${list.id}`))).contacts as ContactListItemView[];
    expect(items.find((item) => item.number === no)?.optedOut).toBe(true);
    const again = await ok(call(a.token, 'POST', '/campaigns', form({ contactListId: list.id, whatsappId: String(sandbox.id), scheduledAt: now() })), 201);
    const finished = await tickUntil(a.token, again.id, 'FINALIZADA');
    expect(finished.counts).toMatchObject({ planned: 2, delivered: 1, skipped: 1 });
    expect((await outboxOf(sandbox.id)).filter((row) => row.to_number === no).map((row) => row.body)).toEqual(['Posso enviar a oferta, Pessoa?']);
  });

  it('pauses on a rate limit with the reason, resumes on restart without sending anyone twice, and cancels and restarts by hand', async () => {
    const list = await listWith(a.token, 'Limite', 6);
    const created = await ok(call(a.token, 'POST', '/campaigns', form({ contactListId: list.id, whatsappId: String(sandbox.id), scheduledAt: now() })), 201);
    const delivered: string[] = [];
    let refuseAfter = 2;
    const channel = {
      async send(message: CampaignOutbound) {
        if (refuseAfter-- <= 0) throw new Error('rate-overlimit');
        delivered.push(message.contact.number);
        return { providerId: `p-${message.messageId}` };
      },
    };
    const engine = createCampaignEngine({
      ctx: server.wiring.ctx,
      db: server.wiring.db,
      channel,
      media: server.wiring.ctx.media,
      lookup: campaignLookup(server.wiring.db, server.wiring.ctx.media),
    });
    for (let round = 0; round < 5 && (await campaignOf(a.token, created.id)).status !== 'CANCELADA'; round++) {
      await engine.tick();
      await settle(server);
    }
    const paused = await campaignOf(a.token, created.id);
    expect(paused).toMatchObject({ status: 'CANCELADA', pause: { code: 'RATE_LIMITED', detail: 'rate-overlimit' } });
    expect(paused.counts.delivered).toBe(2);

    refuseAfter = Number.POSITIVE_INFINITY;
    expect(await ok(call(a.token, 'POST', `/campaigns/${created.id}/restart`))).toMatchObject({ status: 'EM_ANDAMENTO', pause: null });
    for (let round = 0; round < 5 && (await campaignOf(a.token, created.id)).status !== 'FINALIZADA'; round++) {
      await engine.tick();
      await settle(server);
    }
    expect((await campaignOf(a.token, created.id)).counts).toMatchObject({ delivered: 6 });
    expect(delivered.sort()).toEqual([...list.numbers].sort());

    // By hand: cancel a running campaign, restart it.
    const second = await ok(call(a.token, 'POST', '/campaigns', form({ contactListId: list.id, whatsappId: String(sandbox.id), scheduledAt: now() })), 201);
    await tickUntil(a.token, second.id, 'EM_ANDAMENTO');
    expect(await ok(call(a.token, 'POST', `/campaigns/${second.id}/cancel`))).toMatchObject({ status: 'CANCELADA', pause: null });
    expect((await call(a.token, 'POST', `/campaigns/${second.id}/cancel`)).json().error).toBe('ERR_CAMPAIGN_NOT_RUNNING');
    expect(await ok(call(a.token, 'POST', `/campaigns/${second.id}/restart`))).toMatchObject({ status: 'EM_ANDAMENTO' });
    expect((await call(a.token, 'POST', `/campaigns/${second.id}/restart`)).json().error).toBe('ERR_CAMPAIGN_NOT_CANCELLED');
    expect((await tickUntil(a.token, second.id, 'FINALIZADA')).counts.delivered).toBe(6);
  });

  it("keeps the settings' options, defaults and unique variable shortcuts", async () => {
    expect(await ok(call(b.token, 'GET', '/campaign-settings'))).toMatchObject({
      messageInterval: 20,
      longerIntervalAfter: 20,
      greaterInterval: 60,
      optOutWords: ['SAIR', 'PARAR', 'STOP'],
    });
    expect((await call(b.token, 'POST', '/campaign-settings', { messageInterval: 7, longerIntervalAfter: 20, greaterInterval: 60 })).statusCode).toBe(400);
    const duplicated = await call(b.token, 'POST', '/campaign-settings', {
      messageInterval: 5,
      longerIntervalAfter: 20,
      greaterInterval: 60,
      variables: [
        { key: 'a', value: '1' },
        { key: 'A', value: '2' },
      ],
    });
    expect(duplicated.json().error).toBe('ERR_CAMPAIGN_VARIABLE_DUPLICATED');
    expect(
      await ok(
        call(b.token, 'POST', '/campaign-settings', {
          messageInterval: 5,
          longerIntervalAfter: 10,
          greaterInterval: 30,
          variables: [{ key: 'a', value: '1' }],
        }),
      ),
    ).toMatchObject({ messageInterval: 5, variables: [{ key: 'a', value: '1' }] });
    expect(await ok(call(a.token, 'GET', '/campaign-settings'))).toMatchObject({ messageInterval: 0 });
  });

  it("records every shipping as events in the campaign's shippings stream", async () => {
    const list = await listWith(a.token, 'Eventos', 2);
    const created = await ok(call(a.token, 'POST', '/campaigns', form({ contactListId: list.id, whatsappId: String(sandbox.id), scheduledAt: now() })), 201);
    await tickUntil(a.token, created.id, 'FINALIZADA');
    const types = (await server.wiring.store.readStream(campaignShippingsStream(created.id))).map((event) => event.type);
    expect(types).toEqual([
      'CampaignShippingsPlanned',
      'CampaignShippingAttempted',
      'CampaignShippingAttempted',
      'CampaignShippingDelivered',
      'CampaignShippingDelivered',
    ]);
  });
});
