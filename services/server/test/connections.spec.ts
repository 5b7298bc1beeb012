import type { BusMessage } from '@conversa/bus';
import { createSessionHooks, createSessionManager, type RunningSession, type SessionDriver, type SessionHooks, type SessionManager } from '@conversa/channels';
import { CONNECTION_TOKEN_PATTERN, connectionStream, IMPORT_CLOSE_BUTTON } from '@conversa/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { samples } from '../../media/test/samples';
import { bearer, createUser, cpf, startTestServer, type TestServer } from './harness';

let server: TestServer;
/** Company A on a small plan: 2 connections, no Facebook. */
let a: { token: string; userId: number; companyId: number };
/** Company B on the same plan, for isolation checks. */
let b: { token: string; userId: number; companyId: number };
let rootToken: string;

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function signupOnPlan(planId: number, name: string, seed: number) {
  const email = `${name.toLowerCase().replace(/\W/g, '')}@example.com`;
  const response = await server.app.inject({
    method: 'POST',
    url: '/auth/signup',
    payload: { name: `${name} Admin`, companyName: name, email, password: 'Abcdefgh1', phone: '11987654321', document: cpf(seed), planId, termo: true },
  });
  expect(response.statusCode, response.body).toBe(201);
  const { companyId, userId } = response.json();
  return { token: (await server.login(email, 'Abcdefgh1')).token, userId, companyId };
}

/** Frames the projector published for a company, as the edge would relay them. */
/** The company's frames as published; `next` waits for one (a projector publishes after its commit, the answer may come first). */
async function framesOf(companyId: number) {
  const frames: BusMessage[] = [];
  const waiters: Array<{ predicate: (frame: BusMessage) => boolean; resolve: (frame: BusMessage) => void }> = [];
  const subscription = await server.wiring.bus.subscribe(`company.${companyId}.>`, (message) => {
    frames.push(message);
    for (const waiter of waiters.filter((candidate) => candidate.predicate(message))) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(message);
    }
  });
  const next = (predicate: (frame: BusMessage) => boolean, timeoutMs = 5000) =>
    frames.find(predicate) ??
    new Promise<BusMessage>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no matching frame')), timeoutMs);
      waiters.push({ predicate, resolve: (frame) => (clearTimeout(timer), resolve(frame)) });
    });
  return { frames, next, stop: () => subscription.unsubscribe() };
}

async function create(token: string, payload: object) {
  const response = await call(token, 'POST', '/whatsapp', payload);
  return response;
}

async function connections(token: string) {
  const response = await call(token, 'GET', '/whatsapp');
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Array<Record<string, any>>;
}

beforeAll(async () => {
  server = await startTestServer();
  rootToken = (await server.login()).token;
  const plan = await call(rootToken, 'POST', '/plans', {
    name: 'Duas conexões',
    users: 5,
    connections: 2,
    queues: 5,
    amount: '99.90',
    isPublic: true,
    useWhatsapp: true,
    useFacebook: false,
    useInstagram: true,
    useCampaigns: true,
    useSchedules: true,
    useInternalChat: true,
    useExternalApi: true,
    useKanban: true,
    useOpenAi: true,
    useIntegrations: true,
  });
  expect(plan.statusCode, plan.body).toBe(201);
  a = await signupOnPlan(plan.json().id, 'Conexoes A', 61);
  b = await signupOnPlan(plan.json().id, 'Conexoes B', 62);
});
afterAll(() => server?.close());

describe('connections CRUD (spec 2 §3, §7)', () => {
  let first: Record<string, any>;

  it('creates a WhatsApp connection with the spec defaults, a token and the company default flag', async () => {
    const { next, stop } = await framesOf(a.companyId);
    const response = await create(a.token, { name: 'Vendas' });
    expect(response.statusCode, response.body).toBe(201);
    first = response.json();
    expect(first).toMatchObject({
      name: 'Vendas',
      channel: 'whatsapp',
      status: 'OPENING',
      isDefault: true,
      maxUseBotQueues: 3,
      maxUseBotQueuesNPS: 3,
      provider: 'beta',
      groupAsTicket: 'disabled',
      timeSendQueue: 0,
      importOldMessages: null,
      statusImportMessages: null,
      queueIds: [],
      companyId: a.companyId,
    });
    expect(first.token).toMatch(CONNECTION_TOKEN_PATTERN);
    expect(first.schedules).toHaveLength(7);
    expect(first.schedules[0]).toEqual({ weekday: 'Segunda-feira', weekdayEn: 'monday', startTimeA: '08:00', endTimeA: '12:00', startTimeB: '13:00', endTimeB: '18:00' });
    const created = await next((frame) => frame.subject.endsWith('.whatsapp') && (frame.data as any).action === 'create');
    await stop();
    expect(created?.data).toMatchObject({ action: 'create', whatsapp: { id: first.id, name: 'Vendas' } });
    // Frames reach every socket of the company: never the token.
    expect((created!.data as any).whatsapp.token).toBeUndefined();
  });

  it('lists and reads the company connections; session=0 leaves the QR code out', async () => {
    const list = await connections(a.token);
    expect(list.map((c) => c.id)).toEqual([first.id]);
    const one = await call(a.token, 'GET', `/whatsapp/${first.id}?session=0`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: first.id, qrcode: '', token: first.token });
  });

  it('refuses bad fields with 400 and stores nothing', async () => {
    const tooShort = await create(a.token, { name: 'V' });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json()).toMatchObject({ error: 'ERR_VALIDATION' });
    expect(tooShort.json().message).toContain('Too Short!');
    const future = new Date(Date.now() + 86_400_000 * 3).toISOString().slice(0, 10);
    const badImport = await create(a.token, { name: 'Importa', importOldMessages: future });
    expect(badImport.statusCode).toBe(400);
    expect(badImport.json().message).toContain('futuro');
    const old = await create(a.token, { name: 'Antiga', importOldMessages: '2020-01-01' });
    expect(old.statusCode).toBe(400);
    const unknownQueue = await create(a.token, { name: 'Fila', queueIds: [999_999] });
    expect(unknownQueue.statusCode).toBe(400);
    const unknownField = await create(a.token, { name: 'Campo', session: 'x' });
    expect(unknownField.statusCode).toBe(400);
    const badTime = await create(a.token, { name: 'Hora', schedules: [{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTimeA: '8h', endTimeA: '', startTimeB: '', endTimeB: '' }] });
    expect(badTime.statusCode).toBe(400);
    const badSendQueue = await create(a.token, { name: 'Tempo', timeSendQueue: 7 });
    expect(badSendQueue.statusCode).toBe(400);
    // A refused import date gave its roster place back: the plan's second place is still free.
    expect((await connections(a.token)).map((c) => c.id)).toEqual([first.id]);
  });

  it('keeps the plan: channel flags and the connection limit, also under concurrent creations; sandboxes are on every plan', async () => {
    const facebook = await create(a.token, { name: 'Página', channel: 'facebook' });
    expect(facebook.statusCode).toBe(403);
    expect(facebook.json().error).toBe('ERR_PLAN_FEATURE_DISABLED');
    const attempts = await Promise.all(Array.from({ length: 6 }, (_, index) => create(a.token, { name: `Corrida ${index}` })));
    const statuses = attempts.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(attempts.filter((response) => response.statusCode === 403).every((response) => response.json().error === 'ERR_PLAN_CONNECTION_LIMIT')).toBe(true);
    const sandbox = await create(a.token, { name: 'Teste', channel: 'sandbox' });
    expect(sandbox.statusCode, sandbox.body).toBe(201);
    expect(sandbox.json()).toMatchObject({ channel: 'sandbox', status: 'CONNECTED', isDefault: false });
    expect((await connections(a.token)).filter((c) => c.channel !== 'sandbox')).toHaveLength(2);
  });

  it('updates every field, the default and the token; refuses leaving the company without a default', async () => {
    const other = (await connections(a.token)).find((c) => c.id !== first.id && c.channel === 'whatsapp')!;
    const queue = await call(a.token, 'POST', '/queue', { name: 'Suporte', color: '#00FF00', greetingMessage: 'Oi' });
    expect(queue.statusCode, queue.body).toBe(201);
    const changes = {
      name: 'Vendas SP',
      greetingMessage: 'Olá! Bem-vindo.',
      complationMessage: 'Até logo',
      outOfHoursMessage: 'Fora do horário',
      ratingMessage: 'Avalie de 1 a 5',
      maxUseBotQueues: 5,
      maxUseBotQueuesNPS: 2,
      provider: 'stable',
      expiresTicket: 120,
      expiresTicketNPS: 30,
      whenExpiresTicket: '1',
      expiresInactiveMessage: 'Encerrado por inatividade',
      allowGroup: true,
      groupAsTicket: 'enabled',
      timeUseBotQueues: 10,
      timeSendQueue: 15,
      sendIdQueue: queue.json().id,
      timeCreateNewTicket: 3600,
      timeInactiveMessage: 20,
      inactiveMessage: 'Ainda está aí?',
      importOldMessagesGroups: true,
      closedTicketsPostImported: true,
      wavoip: 'call-token',
      queueIds: [queue.json().id],
      schedules: [{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTimeA: '09:00', endTimeA: '12:00', startTimeB: '', endTimeB: '' }],
      token: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123',
    };
    const updated = await call(a.token, 'PUT', `/whatsapp/${first.id}`, changes);
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject(changes);

    const unset = await call(a.token, 'PUT', `/whatsapp/${first.id}`, { isDefault: false });
    expect(unset.statusCode).toBe(400);
    expect(unset.json().error).toBe('ERR_NO_OTHER_WHATSAPP');
    const switched = await call(a.token, 'PUT', `/whatsapp/${other.id}`, { isDefault: true });
    expect(switched.json().isDefault).toBe(true);
    const list = await connections(a.token);
    expect(list.filter((c) => c.isDefault).map((c) => c.id)).toEqual([other.id]);

    const badToken = await call(a.token, 'PUT', `/whatsapp/${first.id}`, { token: 'short' });
    expect(badToken.statusCode).toBe(400);
    const greeting = await call(a.token, 'PUT', `/whatsapp/${first.id}`, { queueIds: [queue.json().id, 999_999] });
    expect(greeting.statusCode).toBe(400);
  });

  it('uploads and removes the greeting media through the media store', async () => {
    const boundary = '----conversaTest';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="saudacao.png"\r\nContent-Type: image/png\r\n\r\n`),
      samples.png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await server.app.inject({ method: 'POST', url: `/whatsapp/${first.id}/media-upload`, headers: { ...bearer(a.token), 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const url = uploaded.json().greetingMediaAttachment as string;
    expect(url).toMatch(new RegExp(`^/media/${a.companyId}/`));
    expect(await server.wiring.ctx.media.describe(a.companyId, url)).toMatchObject({ mime: 'image/png' });
    const refused = await server.app.inject({
      method: 'POST',
      url: `/whatsapp/${first.id}/media-upload`,
      headers: { ...bearer(a.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.exe"\r\nContent-Type: application/octet-stream\r\n\r\n`), samples.elf, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    });
    expect(refused.statusCode).toBe(415);
    expect((await call(a.token, 'GET', `/whatsapp/${first.id}`)).json().greetingMediaAttachment).toBe(url);
    const removed = await call(a.token, 'DELETE', `/whatsapp/${first.id}/media-upload`);
    expect(removed.json().greetingMediaAttachment).toBeNull();
    expect(await server.wiring.ctx.media.describe(a.companyId, url)).toBeUndefined();
  });

  it('answers plain users without the token and refuses them changes', async () => {
    const plain = await createUser(server, a.companyId, 'Atendente Conexões');
    const list = await connections(plain.token);
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((c) => c.token === undefined)).toBe(true);
    expect((await create(plain.token, { name: 'Minha' })).statusCode).toBe(403);
    expect((await call(plain.token, 'PUT', `/whatsapp/${first.id}`, { name: 'Nome novo' })).statusCode).toBe(403);
    expect((await call(plain.token, 'POST', `/whatsappsession/${first.id}`)).statusCode).toBe(403);
    const manager = await createUser(server, a.companyId, 'Gerente Conexões', { allowConnections: true });
    expect((await call(manager.token, 'POST', `/whatsappsession/${first.id}`)).statusCode).toBe(200);
  });

  it('keeps companies apart: B neither sees nor touches A’s connections', async () => {
    const aList = await connections(a.token);
    expect(await connections(b.token)).toEqual([]);
    for (const target of aList) {
      for (const [method, url, payload] of [
        ['GET', `/whatsapp/${target.id}`],
        ['PUT', `/whatsapp/${target.id}`, { name: 'Roubada' }],
        ['DELETE', `/whatsapp/${target.id}`],
        ['POST', `/whatsapp/${target.id}/media-upload`],
        ['DELETE', `/whatsapp/${target.id}/media-upload`],
        ['POST', `/whatsappsession/${target.id}`],
        ['PUT', `/whatsappsession/${target.id}`],
        ['DELETE', `/whatsappsession/${target.id}`],
        ['POST', `/closedimported/${target.id}`],
      ] as const) {
        const response = await call(b.token, method, url, payload);
        expect([404, 400], `${method} ${url}: ${response.body}`).toContain(response.statusCode);
        if (method !== 'POST' || !url.includes('media-upload')) expect(response.json().error).toBe('ERR_NO_WAPP_FOUND');
      }
    }
    expect((await call(b.token, 'GET', `/whatsapp?companyId=${a.companyId}`)).statusCode).toBe(403);
    expect(await connections(a.token)).toEqual(aList);
  });

  it('deletes a connection and hands the default over', async () => {
    const list = await connections(a.token);
    const current = list.find((c) => c.isDefault)!;
    const { next, stop } = await framesOf(a.companyId);
    const deleted = await call(a.token, 'DELETE', `/whatsapp/${current.id}`);
    expect(deleted.statusCode).toBe(200);
    await next((frame) => frame.subject.endsWith('.whatsapp') && (frame.data as any).action === 'delete' && (frame.data as any).whatsappId === current.id);
    await stop();
    const after = await connections(a.token);
    expect(after.map((c) => c.id)).not.toContain(current.id);
    expect(after.filter((c) => c.isDefault).map((c) => c.channel)).toEqual(['whatsapp']);
    expect((await call(a.token, 'GET', `/whatsapp/${current.id}`)).statusCode).toBe(404);
    // The freed place takes a new connection again.
    expect((await create(a.token, { name: 'Nova' })).statusCode).toBe(201);
  });
});

/** A WhatsApp driver that pairs on command: what the session manager and hooks are tested with. */
class FakeDriver implements SessionDriver {
  readonly channel = 'whatsapp' as const;
  readonly starts: Array<{ connectionId: number; fresh: boolean; hooks: SessionHooks }> = [];
  readonly stops: number[] = [];
  readonly logouts: number[] = [];
  readonly forgotten: number[] = [];
  async start(connection: { id: number }, hooks: SessionHooks, options: { fresh: boolean }): Promise<RunningSession> {
    this.starts.push({ connectionId: connection.id, fresh: options.fresh, hooks });
    await hooks.report({ status: 'qrcode', qrcode: `2@qr-${this.starts.length}` });
    return {
      send: async (message) => ({ providerId: `wa-${message.messageId}` }),
      stop: async () => {
        this.stops.push(connection.id);
      },
      logout: async () => {
        this.logouts.push(connection.id);
        await hooks.report({ status: 'DISCONNECTED' });
      },
    };
  }
  async forget(connection: { id: number }) {
    this.forgotten.push(connection.id);
  }
}

describe('sessions (spec 2 §4): one owner per connection, requests, reports', () => {
  let company: { token: string; userId: number; companyId: number };
  let managers: SessionManager[] = [];
  const manager = (driver: SessionDriver) => {
    const created = createSessionManager({ ctx: server.wiring.ctx, drivers: [driver], connectionString: server.wiring.databaseUrl, reconcileIntervalMs: 60_000 });
    managers.push(created);
    return created;
  };
  /** The connection as the API shows it once every event of its stream is in the read model. */
  const get = async (id: number) => {
    const events = await server.wiring.store.readStream(connectionStream(id));
    await server.wiring.ctx.waitForProjections(events.at(-1)?.position ?? null);
    return (await call(company.token, 'GET', `/whatsapp/${id}`)).json();
  };
  const startsOf = (driver: FakeDriver, id: number) => driver.starts.filter((start) => start.connectionId === id);

  beforeAll(async () => {
    company = await signupOnPlan(1, 'Sessoes Co', 63);
  });
  // Each test's managers hand their sessions back, so the next test's managers can own them.
  afterEach(async () => {
    await Promise.all(managers.map((m) => m.stop()));
    managers = [];
  });

  it('starts a new connection once across two managers; reports status and QR code live', async () => {
    const { next, stop } = await framesOf(company.companyId);
    const created = (await create(company.token, { name: 'Celular' })).json();
    const driverOne = new FakeDriver();
    const driverTwo = new FakeDriver();
    const one = manager(driverOne);
    const two = manager(driverTwo);
    await Promise.all([one.start(), two.start()]);
    await Promise.all([one.reconcile(), two.reconcile()]);
    expect(startsOf(driverOne, created.id).length + startsOf(driverTwo, created.id).length).toBe(1);
    const owner = startsOf(driverOne, created.id).length ? one : two;
    const driver = owner === one ? driverOne : driverTwo;
    expect(owner.owned()).toContain(created.id);
    expect((owner === one ? two : one).owned()).not.toContain(created.id);
    const qrcode = startsOf(driver, created.id)[0]!.hooks && (await get(created.id)).qrcode;
    expect(await get(created.id)).toMatchObject({ status: 'qrcode', qrcode: expect.stringMatching(/^2@qr-\d+$/) });
    const session = await next((frame) => frame.subject.endsWith('.whatsappSession') && (frame.data as any).session.id === created.id);
    await stop();
    expect(session?.data).toMatchObject({ action: 'update', session: { id: created.id, status: 'qrcode', qrcode } });
    expect((session!.data as any).session.token).toBeUndefined();

    const hooks = startsOf(driver, created.id)[0]!.hooks;
    await hooks.report({ status: 'CONNECTED', number: '5511987650000' });
    const connected = await get(created.id);
    expect(connected).toMatchObject({ status: 'CONNECTED', qrcode: '', retries: 0, number: '5511987650000' });

    // The owner stops: the other manager takes the connection over on its next pass, keeping the pairing.
    await owner.stop();
    const other = owner === one ? two : one;
    const otherDriver = owner === one ? driverTwo : driverOne;
    await other.reconcile();
    expect(other.owned()).toContain(created.id);
    expect(startsOf(otherDriver, created.id).map((start) => start.fresh)).toEqual([false]);
  });

  it('acts on start, new QR and disconnect once each, and a takeover does not repeat a new QR', async () => {
    const created = (await create(company.token, { name: 'Celular 2' })).json();
    const driver = new FakeDriver();
    const owner = manager(driver);
    await owner.start();
    await owner.reconcile();
    const mine = () => startsOf(driver, created.id);
    expect(mine()).toHaveLength(1);

    expect((await call(company.token, 'PUT', `/whatsappsession/${created.id}`)).statusCode).toBe(200);
    await owner.reconcile();
    expect(mine()).toHaveLength(2);
    expect(mine()[1]!.fresh).toBe(true);
    expect(driver.logouts).toContain(created.id);
    await owner.reconcile();
    expect(mine()).toHaveLength(2);

    // Another process takes over after the new QR: it resumes, it does not ask for another QR.
    await owner.stop();
    const nextDriver = new FakeDriver();
    const next = manager(nextDriver);
    await next.start();
    await next.reconcile();
    expect(nextDriver.starts.filter((start) => start.connectionId === created.id).map((start) => start.fresh)).toEqual([false]);

    expect((await call(company.token, 'DELETE', `/whatsappsession/${created.id}`)).statusCode).toBe(200);
    await next.reconcile();
    expect(nextDriver.logouts).toContain(created.id);
    expect(next.owned()).not.toContain(created.id);
    expect(await get(created.id)).toMatchObject({ status: 'DISCONNECTED' });
    await next.reconcile();
    expect(nextDriver.starts.filter((start) => start.connectionId === created.id)).toHaveLength(1);

    // Try again (start) brings it back.
    expect((await call(company.token, 'POST', `/whatsappsession/${created.id}`)).statusCode).toBe(200);
    await next.reconcile();
    expect(next.owned()).toContain(created.id);
  });

  it('a session that ends for good (logged out on the phone) stays DISCONNECTED until started again', async () => {
    const created = (await create(company.token, { name: 'Celular 3' })).json();
    const driver = new FakeDriver();
    const owner = manager(driver);
    await owner.start();
    await owner.reconcile();
    const hooks = driver.starts.find((start) => start.connectionId === created.id)!.hooks;
    await hooks.ended('logged out');
    expect(owner.owned()).not.toContain(created.id);
    await owner.reconcile();
    expect(driver.starts.filter((start) => start.connectionId === created.id)).toHaveLength(1);
    expect(await get(created.id)).toMatchObject({ status: 'DISCONNECTED' });
  });

  it('restarts the company sessions (POST /whatsapp-restart/)', async () => {
    const driver = new FakeDriver();
    const owner = manager(driver);
    await owner.start();
    await owner.reconcile();
    const before = driver.starts.length;
    const restarted = await call(company.token, 'POST', '/whatsapp-restart/');
    expect(restarted.statusCode).toBe(200);
    expect(restarted.json().restarted).toBeGreaterThan(0);
    await owner.reconcile();
    expect(driver.starts.length).toBe(before + restarted.json().restarted);
    expect(driver.starts.slice(before).every((start) => !start.fresh)).toBe(true);
  });

  it('walks a history import: preparing, progress frames, the close button, closing the imported tickets', async () => {
    const created = (await create(company.token, { name: 'Importação' })).json();
    const hooks = createSessionHooks(server.wiring.ctx, { id: created.id, companyId: company.companyId, channel: 'whatsapp' });
    const { frames, stop } = await framesOf(company.companyId);
    await hooks.importStarted();
    const started = await get(created.id);
    expect(Number(started.statusImportMessages)).toBeGreaterThan(Date.now() - 60_000);
    const received = await hooks.receiveMessage({
      contact: { number: '5511912340000', name: 'Cliente Antigo', isGroup: false },
      providerId: 'history-1',
      body: 'Mensagem antiga',
      mediaType: 'chat',
      receivedAt: new Date(Date.now() - 86_400_000),
    });
    await hooks.importProgress({ processed: 1, total: 1, date: new Date(Date.now() - 86_400_000), ticketIds: [received.ticketId] });
    await hooks.importFinished();
    const finished = await get(created.id);
    expect(finished.statusImportMessages).toBe(IMPORT_CLOSE_BUTTON);
    await stop();
    const progress = frames.filter((frame) => frame.subject.endsWith('.importMessages')).map((frame) => frame.data as any);
    expect(progress[0]).toMatchObject({ action: 'update', status: { this: -1, all: -1 } });
    expect(progress.some((frame) => frame.action === 'update' && frame.status.this === 1 && frame.status.all === 1)).toBe(true);
    expect(progress.at(-1)).toMatchObject({ action: 'refresh' });

    const closed = await call(company.token, 'POST', `/closedimported/${created.id}`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toEqual({ closed: 1 });
    const ticket = await call(company.token, 'GET', `/tickets/${received.ticketId}`);
    expect(ticket.json().status).toBe('closed');
    expect((await get(created.id)).statusImportMessages).toBeNull();
    const again = await call(company.token, 'POST', `/closedimported/${created.id}`);
    expect(again.statusCode).toBe(400);
  });

  it('enabling the import on a connected number renews its session and shows qrcode', async () => {
    const created = (await create(company.token, { name: 'Com histórico' })).json();
    const hooks = createSessionHooks(server.wiring.ctx, { id: created.id, companyId: company.companyId, channel: 'whatsapp' });
    await hooks.report({ status: 'CONNECTED', number: '5511911110000' });
    const from = new Date(Date.now() - 30 * 86_400_000).toISOString();
    const updated = await call(company.token, 'PUT', `/whatsapp/${created.id}`, { importOldMessages: from });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ status: 'qrcode', importOldMessages: from });
    const driver = new FakeDriver();
    const owner = manager(driver);
    await owner.start();
    await owner.reconcile();
    expect(driver.starts.find((start) => start.connectionId === created.id)?.fresh).toBe(true);
  });

  it('shows the connection on ticket rows (id, name, groupAsTicket)', async () => {
    const created = (await create(company.token, { name: 'Na linha', groupAsTicket: 'enabled' })).json();
    const hooks = createSessionHooks(server.wiring.ctx, { id: created.id, companyId: company.companyId, channel: 'whatsapp' });
    const received = await hooks.receiveMessage({ contact: { number: '5511922220000', name: 'Rosa', isGroup: false }, providerId: 'row-1', body: 'Oi', mediaType: 'chat', receivedAt: new Date() });
    await server.wiring.ctx.waitForProjections(received.position);
    const ticket = (await call(company.token, 'GET', `/tickets/${received.ticketId}`)).json();
    expect(ticket.whatsapp).toMatchObject({ id: created.id, name: 'Na linha', groupAsTicket: true });
  });
});
