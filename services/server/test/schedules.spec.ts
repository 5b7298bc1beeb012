import { createAutomationScheduler, createScheduleSender, type ScheduleSender } from '@conversa/automation';
import type { BusMessage } from '@conversa/bus';
import { messageStream, scheduleStream } from '@conversa/contracts';
import { scheduleMessageId } from '@conversa/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, cpf, signupCompany, startTestServer, type TestServer } from './harness';

let server: TestServer;
let admin: { token: string; userId: number; companyId: number };
let other: { token: string; companyId: number };
let phone = 5511930000000;

beforeAll(async () => {
  server = await startTestServer();
  const a = await signupCompany(server, 'Schedules Co', 51);
  admin = { token: (await server.login(a.email, a.password)).token, userId: a.userId, companyId: a.companyId };
  const b = await signupCompany(server, 'Other Schedules Co', 52);
  other = { token: (await server.login(b.email, b.password)).token, companyId: b.companyId };
});
afterAll(() => server?.close());

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function newContact(name: string, token = admin.token): Promise<number> {
  phone += 1;
  const response = await call(token, 'POST', '/contacts', { name, number: String(phone) });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json().id;
}

/** Frames published on the bus for one entity of a company, from now on; `count(n)` resolves once n arrived. */
async function framesOf(companyId: number, entity: string) {
  const frames: any[] = [];
  let wanted: { n: number; resolve: () => void } | undefined;
  const subscription = await server.wiring.bus.subscribe(`company.${companyId}.${entity}`, (message: BusMessage) => {
    frames.push(message.data);
    if (wanted && frames.length >= wanted.n) wanted.resolve();
  });
  return {
    async count(n: number) {
      if (frames.length < n) await new Promise<void>((resolve) => (wanted = { n, resolve }));
      await subscription.unsubscribe();
      return frames;
    },
  };
}

async function newSchedule(body: object) {
  const response = await call(admin.token, 'POST', '/schedules', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const sender = (): ScheduleSender => server.wiring.automation.sender;

/** One tick of a sender; returns once the read models show what it recorded. */
async function tick(now: Date, of: ScheduleSender = sender()) {
  const report = await of.tick(now);
  await Promise.all(report.positions.map((position) => server.wiring.ctx.waitForProjections(position)));
  return report;
}
const past = () => new Date(Date.now() - 60_000).toISOString();
const later = (ms: number) => new Date(Date.now() + ms);

async function scheduleEvents(id: number) {
  return (await server.wiring.store.readStream(scheduleStream(id))).map((event) => event.type);
}

/** Messages of a ticket in the read model, once every projection has caught up with a later write. */
async function messagesOfTicket(ticketId: number) {
  const { rows } = await sql<{ body: string; from_me: boolean }>`select body, from_me from read.messages where ticket_id = ${ticketId}`.execute(
    server.wiring.db,
  );
  return rows;
}

/** A write through the API: it returns once every read model shows it, and so everything before it. */
const settle = async () => newContact('Settle');

describe('schedule form', () => {
  it('answers the spec’s messages and writes nothing', async () => {
    const contactId = await newContact('Form Contact');
    const cases: Array<[object, string]> = [
      [{ body: 'oi', contactId, sendAt: past() }, 'body: Mensagem muito curta'],
      [{ body: '    oi    ', contactId, sendAt: past() }, 'body: Mensagem muito curta'],
      [{ contactId, sendAt: past() }, 'body: Obrigatório'],
      [{ body: 'Lembrete da consulta', sendAt: past() }, 'contactId: Obrigatório'],
      [{ body: 'Lembrete da consulta', contactId }, 'sendAt: Obrigatório'],
    ];
    for (const [payload, message] of cases) {
      const response = await call(admin.token, 'POST', '/schedules', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ error: 'ERR_VALIDATION', message });
    }
    const unknown = await call(admin.token, 'POST', '/schedules', { body: 'Lembrete da consulta', contactId: 999_999, sendAt: past() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('ERR_NO_CONTACT_FOUND');
    expect((await call(admin.token, 'GET', `/schedules/?contactId=${contactId}`)).json()).toEqual({ schedules: [], count: 0, hasMore: false });
  });

  it('creates, lists with the contact, searches, edits and deletes a pending schedule', async () => {
    const contactId = await newContact('Joana Lista');
    const live = await framesOf(admin.companyId, 'schedule');
    const sendAt = later(3_600_000).toISOString();
    const created = await newSchedule({ body: 'Sua consulta é amanhã às 10h', contactId, sendAt });
    expect(created).toMatchObject({
      contactId,
      contact: { id: contactId, name: 'Joana Lista' },
      body: 'Sua consulta é amanhã às 10h',
      sendAt,
      sentAt: null,
      status: 'PENDENTE',
      userId: admin.userId,
    });
    expect((await call(admin.token, 'GET', `/schedules/${created.id}`)).json()).toEqual(created);

    const listed = (await call(admin.token, 'GET', `/schedules/?searchParam=CONSULTA&contactId=${contactId}&pageNumber=1`)).json();
    expect(listed).toMatchObject({ count: 1, hasMore: false });
    expect(listed.schedules[0]).toMatchObject({ id: created.id, contact: { id: contactId, name: 'Joana Lista' } });
    expect((await call(admin.token, 'GET', '/schedules?searchParam=nada-disso')).json().count).toBe(0);

    const edited = await call(admin.token, 'PUT', `/schedules/${created.id}`, { body: 'Sua consulta mudou para 11h', sendAt, contactId, userId: admin.userId });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ body: 'Sua consulta mudou para 11h', status: 'PENDENTE' });
    const tooShort = await call(admin.token, 'PUT', `/schedules/${created.id}`, { body: 'oi' });
    expect(tooShort.json().message).toBe('body: Mensagem muito curta');

    expect((await call(admin.token, 'DELETE', `/schedules/${created.id}`)).statusCode).toBe(200);
    expect((await call(admin.token, 'GET', `/schedules/${created.id}`)).statusCode).toBe(404);
    const frames = await live.count(3);
    expect(frames.map((f) => f.action)).toEqual(['create', 'update', 'delete']);
    expect(frames[0].schedule).toMatchObject({ id: created.id, contact: { name: 'Joana Lista' } });
    expect(frames[2]).toEqual({ action: 'delete', scheduleId: created.id });
  });
});

describe('sending due schedules', () => {
  it('sends a due schedule on the contact’s ticket and leaves future ones alone', async () => {
    const contactId = await newContact('Carlos Devido');
    const due = await newSchedule({ body: 'Mensagem agendada para agora', contactId, sendAt: past() });
    const future = await newSchedule({ body: 'Mensagem para depois', contactId, sendAt: later(3_600_000).toISOString() });

    const report = await tick(new Date());
    expect(report.sent).toContain(due.id);
    expect(report.sent).not.toContain(future.id);

    const sent = (await call(admin.token, 'GET', `/schedules/${due.id}`)).json();
    expect(sent).toMatchObject({ status: 'ENVIADA', messageId: scheduleMessageId(due.id, 0) });
    expect(Date.parse(sent.sentAt)).toBeGreaterThan(0);
    expect((await call(admin.token, 'GET', `/schedules/${future.id}`)).json().status).toBe('PENDENTE');

    const queued = await server.wiring.store.readStream(messageStream(sent.messageId));
    // Then the channel sender records MessageSent or MessageSendFailed on the same stream.
    expect(queued.map((e) => e.type).filter((type) => type === 'MessageQueued')).toEqual(['MessageQueued']);
    expect(queued[0]!.type).toBe('MessageQueued');
    const message = queued[0]!.data as any;
    expect(message).toMatchObject({ body: 'Mensagem agendada para agora', contactId, userId: admin.userId });
    const events = await server.wiring.store.readStream(scheduleStream(due.id));
    expect((events.at(-1)!.data as any).ticketId).toBe(message.ticketId);
    await settle();
    expect(await messagesOfTicket(message.ticketId)).toEqual([{ body: 'Mensagem agendada para agora', from_me: true }]);

    // The future one goes once its time comes.
    const whenDue = await tick(later(3_601_000));
    expect(whenDue.sent).toContain(future.id);
  });

  it('sends once however many ticks race, in one process or two', async () => {
    const contactId = await newContact('Corrida Contato');
    const schedules = [];
    for (let i = 0; i < 5; i++) schedules.push(await newSchedule({ body: `Corrida número ${i}`, contactId, sendAt: past() }));
    const secondProcess = createScheduleSender(server.wiring.ctx);
    const now = new Date();
    await Promise.all([tick(now), tick(now), tick(now, secondProcess), tick(now, secondProcess)]);
    await tick(now);

    let ticketId: number | undefined;
    for (const schedule of schedules) {
      expect(await scheduleEvents(schedule.id)).toEqual(['ScheduleCreated', 'ScheduleSent']);
      const sent = (await server.wiring.store.readStream(scheduleStream(schedule.id))).at(-1)!.data as any;
      ticketId ??= sent.ticketId;
      expect(sent.ticketId).toBe(ticketId);
      const messageEvents = (await server.wiring.store.readStream(messageStream(sent.messageId))).map((e) => e.type);
      expect(messageEvents.filter((type) => type === 'MessageQueued')).toEqual(['MessageQueued']);
    }
    await settle();
    const bodies = (await messagesOfTicket(ticketId!)).map((m) => m.body).sort();
    expect(bodies).toEqual(schedules.map((s) => s.body).sort());
  });

  it('marks ERRO when the message cannot be sent, and a save puts it back in line', async () => {
    const contactId = await newContact('Contato Apagado');
    const doomed = await newSchedule({ body: 'Vai falhar, o contato sumiu', contactId, sendAt: past() });
    expect((await call(admin.token, 'DELETE', `/contacts/${contactId}`)).statusCode).toBe(200);

    const report = await tick(new Date());
    expect(report.failed).toEqual([doomed.id]);
    const failed = (await call(admin.token, 'GET', `/schedules/${doomed.id}`)).json();
    expect(failed).toMatchObject({ status: 'ERRO', sentAt: null });
    expect(failed.failureReason).toContain('ERR_NO_CONTACT_FOUND');
    // A failed schedule is not retried by itself.
    expect((await tick(new Date())).failed).toEqual([]);
    expect(await scheduleEvents(doomed.id)).toEqual(['ScheduleCreated', 'ScheduleFailed']);

    const otherContact = await newContact('Contato Novo');
    const saved = await call(admin.token, 'PUT', `/schedules/${doomed.id}`, { contactId: otherContact });
    expect(saved.json()).toMatchObject({ status: 'PENDENTE', failureReason: null, contact: { name: 'Contato Novo' } });
    expect((await tick(new Date())).sent).toEqual([doomed.id]);
    expect((await call(admin.token, 'GET', `/schedules/${doomed.id}`)).json()).toMatchObject({ status: 'ENVIADA', messageId: scheduleMessageId(doomed.id, 1) });
  });

  it('cannot save or delete a sent schedule', async () => {
    const contactId = await newContact('Já Enviado');
    const schedule = await newSchedule({ body: 'Enviada e imutável', contactId, sendAt: past() });
    await tick(new Date());
    const save = await call(admin.token, 'PUT', `/schedules/${schedule.id}`, { body: 'Quero mudar o texto' });
    expect(save.statusCode).toBe(409);
    expect(save.json().error).toBe('ERR_SCHEDULE_ALREADY_SENT');
    const remove = await call(admin.token, 'DELETE', `/schedules/${schedule.id}`);
    expect(remove.statusCode).toBe(409);
    expect((await call(admin.token, 'GET', `/schedules/${schedule.id}`)).json()).toMatchObject({ status: 'ENVIADA', body: 'Enviada e imutável' });
  });
});

describe('who may use schedules', () => {
  it('refuses a company whose plan lacks useSchedules', async () => {
    const root = await server.login();
    const plan = await call(root.token, 'POST', '/plans', { name: 'Sem agendamentos', users: 5, connections: 1, queues: 1, amount: '0', useSchedules: false });
    expect(plan.statusCode, plan.body).toBe(201);
    const email = 'noschedules@example.com';
    const signup = await server.app.inject({
      method: 'POST',
      url: '/auth/signup',
      payload: {
        name: 'No Schedules Admin',
        companyName: 'No Schedules Co',
        email,
        password: 'Abcdefgh1',
        phone: '11987654321',
        document: cpf(53),
        planId: plan.json().id,
        termo: true,
      },
    });
    expect(signup.statusCode, signup.body).toBe(201);
    const { token } = await server.login(email, 'Abcdefgh1');
    const contactId = await newContact('Sem Plano', token);
    for (const [method, url, payload] of [
      ['GET', '/schedules/', undefined],
      ['GET', '/schedules', undefined],
      ['POST', '/schedules', { body: 'Lembrete da consulta', contactId, sendAt: past() }],
      ['GET', '/schedules/1', undefined],
      ['PUT', '/schedules/1', { body: 'Lembrete da consulta' }],
      ['DELETE', '/schedules/1', undefined],
    ] as const) {
      const response = await call(token, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().error).toBe('ERR_PLAN_FEATURE_DISABLED');
    }
  });

  it('never lets another company read, change, delete or target company A’s schedules and contacts', async () => {
    const contactId = await newContact('Segredo A');
    const schedule = await newSchedule({ body: 'Segredo da empresa A', contactId, sendAt: later(3_600_000).toISOString() });
    expect((await call(other.token, 'GET', `/schedules/${schedule.id}`)).statusCode).toBe(404);
    expect((await call(other.token, 'PUT', `/schedules/${schedule.id}`, { body: 'Invadido por B' })).statusCode).toBe(404);
    expect((await call(other.token, 'DELETE', `/schedules/${schedule.id}`)).statusCode).toBe(404);
    const list = await call(other.token, 'GET', `/schedules/?contactId=${contactId}`);
    expect(list.json().count).toBe(0);
    expect(list.body).not.toContain('Segredo');
    const target = await call(other.token, 'POST', '/schedules', { body: 'Para o contato de A', contactId, sendAt: past() });
    expect(target.statusCode).toBe(404);
    expect((await call(admin.token, 'GET', `/schedules/${schedule.id}`)).json()).toMatchObject({ body: 'Segredo da empresa A', status: 'PENDENTE' });
  });
});

describe('the automation scheduler', () => {
  it('sends only while it holds the lease; a second process takes over when the first stops', async () => {
    const ticks = { a: 0, b: 0 };
    const fake = (name: 'a' | 'b'): ScheduleSender => ({
      tick: async () => {
        ticks[name] += 1;
        return { sent: [1], failed: [], skipped: [], retry: [], positions: [] };
      },
    });
    const options = { connectionString: server.wiring.databaseUrl, now: () => new Date(), everyMs: 20 };
    const a = createAutomationScheduler({ ...options, sender: fake('a') });
    const b = createAutomationScheduler({ ...options, sender: fake('b') });
    a.start();
    await a.whenLeading();
    b.start();
    await vi.waitFor(() => expect(b.progress().state).toBe('waiting'), { timeout: 10_000 });
    await vi.waitFor(() => expect(ticks.a).toBeGreaterThanOrEqual(2), { timeout: 10_000 });
    expect(a.leading).toBe(true);
    expect(b.leading).toBe(false);
    expect(ticks.b).toBe(0);
    expect(a.progress().report).toEqual({ sent: 1, failed: 0, retry: 0 });
    await a.stop();
    const aTicks = ticks.a;
    await b.whenLeading();
    await vi.waitFor(() => expect(ticks.b).toBeGreaterThanOrEqual(1), { timeout: 10_000 });
    expect(b.leading).toBe(true);
    await b.stop();
    expect(ticks.a).toBe(aTicks);
  });
});
