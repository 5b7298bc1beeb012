import { onDutyStream, SCHEDULE_DAYS } from '@conversa/contracts';
import { localTime } from '@conversa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, settle, signupCompany, startTestServer, type TestServer } from './harness';

let server: TestServer;
let a: { token: string; userId: number; companyId: number };
let b: { token: string; userId: number; companyId: number };
let sandbox: { id: number; token: string };
const ON_DUTY_PHONE = '5511955554444';

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

/** Every day on duty from two hours ago to two hours ahead on São Paulo's clock (overnight when it wraps). */
function aroundNow(now: Date) {
  const local = localTime(now, 'America/Sao_Paulo');
  const fmt = (time: typeof local) => time.toFormat('HH:mm');
  return SCHEDULE_DAYS.map((day) => ({ weekdayEn: day.weekdayEn, startTime: fmt(local.minus({ hours: 2 })), endTime: fmt(local.plus({ hours: 2 })) }));
}

const outbox = async (to: string) => {
  const response = await server.app.inject({ method: 'GET', url: `/sandbox/${sandbox.id}/outbox?to=${to}`, headers: bearer(sandbox.token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().messages as Array<{ body: string }>;
};

async function inbound(id: string, from: string, name: string): Promise<number> {
  const response = await server.app.inject({
    method: 'POST',
    url: `/sandbox/${sandbox.id}/messages`,
    headers: bearer(sandbox.token),
    payload: { id, from, name, body: 'Boa noite, alguém aí?' },
  });
  expect(response.statusCode, response.body).toBe(202);
  return response.json().ticketId;
}

beforeAll(async () => {
  server = await startTestServer();
  // The sandbox session sends the announcements (into its outbox).
  await server.wiring.sessions.start();
  const companyA = await signupCompany(server, 'Plantao A', 61);
  a = { token: (await server.login(companyA.email, companyA.password)).token, userId: companyA.userId, companyId: companyA.companyId };
  const companyB = await signupCompany(server, 'Plantao B', 62);
  b = { token: (await server.login(companyB.email, companyB.password)).token, userId: companyB.userId, companyId: companyB.companyId };
  const created = await call(a.token, 'POST', '/whatsapp', { name: 'Loja', channel: 'sandbox' });
  expect(created.statusCode, created.body).toBe(201);
  sandbox = created.json();
  await server.wiring.sessions.reconcile();
});
afterAll(() => server?.close());

describe('on-duty entries (/plantao)', () => {
  let entryId: number;

  it('creates, lists, reads, changes and deletes an entry; the answer names the attendant', async () => {
    const days = aroundNow(new Date());
    const created = await call(a.token, 'POST', '/plantao', { userId: a.userId, phone: '+55 (11) 95555-4444', interval: '2', days });
    expect(created.statusCode, created.body).toBe(201);
    const entry = created.json();
    entryId = entry.id;
    expect(entry).toMatchObject({ userId: a.userId, userName: 'Plantao A Admin', phone: ON_DUTY_PHONE, interval: 2 });
    expect(entry.days).toHaveLength(7);
    expect(entry.days[0]).toMatchObject({ weekday: 'Segunda-feira', weekdayEn: 'monday' });
    expect((await call(a.token, 'GET', '/plantao')).json().map((row: { id: number }) => row.id)).toEqual([entryId]);
    expect((await call(a.token, 'GET', `/plantao/${entryId}`)).json()).toMatchObject({ id: entryId });
    const changed = await call(a.token, 'PUT', `/plantao/${entryId}`, { interval: 1 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ interval: 1, phone: ON_DUTY_PHONE });

    const other = await call(a.token, 'POST', '/plantao', {
      userId: a.userId,
      phone: '5511900001111',
      days: [{ weekdayEn: 'sunday', startTime: '08:00', endTime: '09:00' }],
    });
    expect(other.statusCode, other.body).toBe(201);
    expect(other.json().interval).toBe(1);
    const removed = await call(a.token, 'DELETE', `/plantao/${other.json().id}`);
    expect(removed.statusCode).toBe(200);
    expect((await call(a.token, 'GET', `/plantao/${other.json().id}`)).statusCode).toBe(404);
  });

  it('refuses bad input with the spec’s messages and another company’s entries with 404', async () => {
    const days = aroundNow(new Date());
    const expectRefusal = async (payload: object, message: string) => {
      const response = await call(a.token, 'POST', '/plantao', payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error).toBe('ERR_VALIDATION');
      expect(response.body).toContain(message);
    };
    await expectRefusal({ phone: ON_DUTY_PHONE, days }, 'Informe o usuário');
    await expectRefusal({ userId: a.userId, days }, 'Informe o telefone');
    await expectRefusal({ userId: a.userId, phone: '12', days }, 'Telefone inválido');
    await expectRefusal({ userId: a.userId, phone: ON_DUTY_PHONE, interval: 0, days }, 'O intervalo vai de 1 a 24 horas');
    await expectRefusal(
      { userId: a.userId, phone: ON_DUTY_PHONE, days: [{ weekdayEn: 'monday', startTime: '08:00', endTime: '' }] },
      'Informe o horário de início e o de fim',
    );
    await expectRefusal(
      { userId: a.userId, phone: ON_DUTY_PHONE, days: [{ weekdayEn: 'monday', startTime: '', endTime: '' }] },
      'Pelo menos um dia da semana deve ter o horário de início e fim preenchido',
    );
    await expectRefusal(
      { userId: a.userId, phone: ON_DUTY_PHONE, days: [{ weekdayEn: 'monday', startTime: '8h', endTime: '9h' }] },
      'Horário inválido (use ##:##)',
    );
    // A user of another company is not an attendant here.
    const foreign = await call(a.token, 'POST', '/plantao', { userId: b.userId, phone: ON_DUTY_PHONE, days });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe('ERR_NO_USER_FOUND');
    // Company B sees nothing of A's entry and cannot touch it.
    expect((await call(b.token, 'GET', '/plantao')).json()).toEqual([]);
    expect((await call(b.token, 'GET', `/plantao/${entryId}`)).statusCode).toBe(404);
    expect((await call(b.token, 'PUT', `/plantao/${entryId}`, { interval: 3 })).statusCode).toBe(404);
    expect((await call(b.token, 'DELETE', `/plantao/${entryId}`)).statusCode).toBe(404);
    // A plain user cannot manage them.
    const plain = await createUser(server, a.companyId, 'Atendente Plantao');
    expect((await call(plain.token, 'GET', '/plantao')).statusCode).toBe(403);
  });

  it('outside the opening hours, a new ticket reaches the on-duty phone through the company’s connection, once per interval', async () => {
    // Nothing is announced within the opening hours (default hours cover now? make sure they do: open all day).
    const allDay = SCHEDULE_DAYS.map((day) => ({ weekdayEn: day.weekdayEn, startTimeA: '00:00', endTimeA: '23:59', startTimeB: '', endTimeB: '' }));
    expect((await call(a.token, 'PUT', `/companies/${a.companyId}/schedules`, { schedules: allDay })).statusCode).toBe(200);
    // 23:59 local is the one minute these hours leave closed: the assertion below holds either way only outside it.
    const insideHours = localTime(new Date(), 'America/Sao_Paulo').toFormat('HH:mm') !== '23:59';
    await inbound('day-1', '5511970000001', 'Cliente de Dia');
    await settle(server);
    if (insideHours) expect(await outbox(ON_DUTY_PHONE)).toEqual([]);

    // Closed every day: everything is out of hours.
    const closed = SCHEDULE_DAYS.map((day) => ({ weekdayEn: day.weekdayEn, startTimeA: '', endTimeA: '', startTimeB: '', endTimeB: '' }));
    expect((await call(a.token, 'PUT', `/companies/${a.companyId}/schedules`, { schedules: closed })).statusCode).toBe(200);
    const first = await inbound('night-1', '5511970000002', 'Cliente da Noite');
    await inbound('night-2', '5511970000003', 'Outro Cliente');
    await settle(server);
    const announced = await outbox(ON_DUTY_PHONE);
    expect(announced).toHaveLength(1);
    expect(announced[0]!.body).toContain(`Ticket #${first}`);
    expect(announced[0]!.body).toContain('Cliente da Noite (5511970000002)');

    // The interval (1 h) has passed: the next new ticket is announced again; recorded on the entry's stream.
    const realNow = server.wiring.ctx.now;
    server.wiring.ctx.now = () => new Date(Date.now() + 61 * 60_000);
    try {
      await inbound('night-3', '5511970000004', 'Terceiro Cliente');
      await settle(server);
    } finally {
      server.wiring.ctx.now = realNow;
    }
    expect(await outbox(ON_DUTY_PHONE)).toHaveLength(2);
    const events = await server.wiring.store.readStream(onDutyStream(entryId));
    expect(events.filter((event) => event.type === 'OnDutyAnnouncementSent')).toHaveLength(2);
  });
});
