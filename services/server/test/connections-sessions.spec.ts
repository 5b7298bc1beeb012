import { createSessionHooks, createSessionManager, type RunningSession, type SessionDriver, type SessionHooks, type SessionManager } from '@conversa/channels';
import { connectionStream, IMPORT_CLOSE_BUTTON } from '@conversa/contracts';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call, create, framesOf, server, signupOnPlan } from './connections-fixture';

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
    const created = createSessionManager({
      ctx: server.wiring.ctx,
      drivers: [driver],
      connectionString: server.wiring.databaseUrl,
      reconcileIntervalMs: 60_000,
    });
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
    const received = await hooks.receiveMessage({
      contact: { number: '5511922220000', name: 'Rosa', isGroup: false },
      providerId: 'row-1',
      body: 'Oi',
      mediaType: 'chat',
      receivedAt: new Date(),
    });
    await server.wiring.ctx.waitForProjections(received.position);
    const ticket = (await call(company.token, 'GET', `/tickets/${received.ticketId}`)).json();
    expect(ticket.whatsapp).toMatchObject({ id: created.id, name: 'Na linha', groupAsTicket: true });
  });
});
