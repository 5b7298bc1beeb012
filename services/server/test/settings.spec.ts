import type { BusMessage } from '@conversa/bus';
import { defaultCompanySettings, defaultOpeningHours } from '@conversa/contracts';
import { companySchedules } from '@conversa/projections/companies/queries';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, cpf, createUser, signupCompany, startTestServer, type TestServer } from './harness';

let server: TestServer;
let companyA: { token: string; companyId: number };
let companyB: { token: string; companyId: number };
let root: string;

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  server = await startTestServer();
  const a = await signupCompany(server, 'Settings A', 91);
  const b = await signupCompany(server, 'Settings B', 92);
  companyA = { token: (await server.login(a.email, a.password)).token, companyId: a.companyId };
  companyB = { token: (await server.login(b.email, b.password)).token, companyId: b.companyId };
  root = (await server.login(ADMIN.email, ADMIN.password)).token;
});
afterAll(() => server?.close());

const settingsOf = async (token: string) =>
  Object.fromEntries((await call(token, 'GET', '/settings')).json().map((s: { key: string; value: string }) => [s.key, s.value]));

describe('company settings', () => {
  it('lists every setting with its default for an admin, without the platform’s userCreation and payment key', async () => {
    const { userCreation: _platform, asaas: _secret, ...expected } = defaultCompanySettings;
    const settings = await settingsOf(companyA.token);
    expect(settings).toEqual(expected);
  });

  it('is for admins', async () => {
    const plain = await createUser(server, companyA.companyId, 'Settings Plain');
    expect((await call(plain.token, 'GET', '/settings')).statusCode).toBe(403);
    expect((await call(plain.token, 'PUT', '/settings/userRating', { value: 'enabled' })).statusCode).toBe(403);
  });

  it('changes a setting, announces it to the company, and keeps it', async () => {
    const frames: any[] = [];
    const subscription = await server.wiring.bus.subscribe(`company.${companyA.companyId}.settings`, (message: BusMessage) => {
      frames.push(message.data);
    });
    try {
      const changed = await call(companyA.token, 'PUT', '/settings/scheduleType', { value: 'company' });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json()).toEqual({ key: 'scheduleType', value: 'company' });
      expect((await settingsOf(companyA.token)).scheduleType).toBe('company');
      await expect.poll(() => frames).toContainEqual({ action: 'update', setting: { key: 'scheduleType', value: 'company' } });
    } finally {
      await subscription.unsubscribe();
    }
    const text = await call(companyA.token, 'PUT', '/companySettings', { column: 'lgpdMessage', data: 'Seus dados são tratados conforme a LGPD.' });
    expect(text.statusCode).toBe(200);
    expect((await call(companyA.token, 'GET', '/companySettingOne?column=lgpdMessage')).json()).toEqual({
      key: 'lgpdMessage',
      value: 'Seus dados são tratados conforme a LGPD.',
    });
  });

  it.each([
    ['scheduleType', 'weekly'],
    ['chatBotType', 'list'],
    ['userRating', 'yes'],
  ])('refuses %s = %s', async (key, value) => {
    const response = await call(companyA.token, 'PUT', `/settings/${key}`, { value });
    expect(response.statusCode).toBe(400);
  });

  it('refuses an unknown key', async () => {
    expect((await call(companyA.token, 'PUT', '/settings/notASetting', { value: 'enabled' })).statusCode).toBe(400);
  });

  it('keeps the payment token secret: the platform’s, written by a super user, never read back', async () => {
    expect((await call(companyA.token, 'PUT', '/settings/asaas', { value: 'tok_live_123' })).statusCode).toBe(403);
    expect((await call(root, 'PUT', '/settings/asaas', { value: 'tok_live_123' })).json()).toEqual({ key: 'asaas', value: '********' });
    expect((await settingsOf(root)).asaas).toBe('********');
    expect((await call(root, 'GET', '/companySettings/1')).body).not.toContain('tok_live_123');
    expect((await call(root, 'GET', '/companySettingOne?column=asaas')).body).not.toContain('tok_live_123');
    expect((await call(companyA.token, 'GET', `/companySettings/${companyA.companyId}`)).body).not.toContain('tok_live_123');
  });

  it('each company has its own settings: B changes its own, never A’s', async () => {
    await call(companyA.token, 'PUT', '/settings/userRating', { value: 'enabled' });
    await call(companyB.token, 'PUT', '/settings/userRating', { value: 'disabled' });
    expect((await settingsOf(companyA.token)).userRating).toBe('enabled');
    expect((await call(companyB.token, 'GET', `/companySettings/${companyA.companyId}`)).statusCode).toBe(403);
  });
});

describe('userCreation (super users only)', () => {
  it('is shown to and changed by super users only, on the platform (company 1), and governs signup', async () => {
    expect((await call(companyA.token, 'PUT', '/settings/userCreation', { value: 'disabled' })).statusCode).toBe(403);
    expect((await call(companyA.token, 'PUT', '/companySettings', { column: 'userCreation', data: 'disabled' })).statusCode).toBe(403);
    expect(await settingsOf(root)).toMatchObject({ userCreation: 'enabled' });

    expect((await call(root, 'PUT', '/settings/userCreation', { value: 'disabled' })).statusCode).toBe(200);
    try {
      expect(await settingsOf(root)).toMatchObject({ userCreation: 'disabled' });
      const signup = await server.app.inject({
        method: 'POST',
        url: '/auth/signup',
        payload: {
          name: 'Late Admin',
          companyName: 'Too Late',
          email: 'late@example.com',
          password: 'Abcdefgh1',
          phone: '11987654321',
          document: cpf(93),
          planId: 1,
          termo: true,
        },
      });
      expect(signup.statusCode).toBe(403);
      expect(signup.json().error).toBe('ERR_USER_CREATION_DISABLED');
    } finally {
      await call(root, 'PUT', '/settings/userCreation', { value: 'enabled' });
    }
  });

  it('a super user in another company still switches the platform’s signup', async () => {
    const superElsewhere = await createUser(server, companyB.companyId, 'Super Elsewhere', { super: true, profile: 'admin' });
    expect((await call(superElsewhere.token, 'PUT', '/settings/userCreation', { value: 'disabled' })).statusCode).toBe(200);
    try {
      expect(await settingsOf(root)).toMatchObject({ userCreation: 'disabled' });
    } finally {
      await call(superElsewhere.token, 'PUT', '/settings/userCreation', { value: 'enabled' });
    }
  });
});

describe('company schedules (PUT /companies/{id}/schedules)', () => {
  it('a company that never saved any has 08:00–12:00 and 13:00–18:00 every day', async () => {
    const company = (await call(companyA.token, 'GET', `/companies/${companyA.companyId}`)).json();
    expect(company.schedules).toEqual(defaultOpeningHours());
    expect(company.schedules).toHaveLength(7);
    expect(company.schedules[0]).toEqual({
      weekday: 'Segunda-feira',
      weekdayEn: 'monday',
      startTimeA: '08:00',
      endTimeA: '12:00',
      startTimeB: '13:00',
      endTimeB: '18:00',
    });
    expect(await companySchedules(server.wiring.db, companyA.companyId)).toEqual(defaultOpeningHours());
  });

  it('saves the week; days left out keep the default hours; an empty window closes that part of the day', async () => {
    const response = await call(companyA.token, 'PUT', `/companies/${companyA.companyId}/schedules`, {
      schedules: [
        { weekdayEn: 'saturday', startTimeA: '09:00', endTimeA: '13:00', startTimeB: '', endTimeB: '' },
        { weekdayEn: 'sunday', startTimeA: '', endTimeA: '', startTimeB: '', endTimeB: '' },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = await companySchedules(server.wiring.db, companyA.companyId);
    expect(saved).toHaveLength(7);
    expect(saved.find((day) => day.weekdayEn === 'saturday')).toEqual({
      weekday: 'Sábado',
      weekdayEn: 'saturday',
      startTimeA: '09:00',
      endTimeA: '13:00',
      startTimeB: '',
      endTimeB: '',
    });
    expect(saved.find((day) => day.weekdayEn === 'sunday')).toMatchObject({ startTimeA: '', endTimeB: '' });
    expect(saved.find((day) => day.weekdayEn === 'monday')).toMatchObject({ startTimeA: '08:00', endTimeB: '18:00' });
    expect(response.json().schedules).toEqual(saved);
  });

  it.each([
    [{ weekdayEn: 'monday', startTimeA: '12:00', endTimeA: '08:00', startTimeB: '', endTimeB: '' }, 'O início deve ser antes do fim'],
    [{ weekdayEn: 'monday', startTimeA: '08:00', endTimeA: '', startTimeB: '', endTimeB: '' }, 'Informe o início e o fim do intervalo'],
    [{ weekdayEn: 'monday', startTimeA: '08:00', endTimeA: '12:00', startTimeB: '11:00', endTimeB: '18:00' }, 'Os intervalos A e B não podem se sobrepor'],
    [{ weekdayEn: 'monday', startTimeA: '8h', endTimeA: '12:00', startTimeB: '', endTimeB: '' }, 'Horário inválido (use HH:mm)'],
  ])('refuses %j: %s, and keeps what was saved', async (entry, message) => {
    const before = await companySchedules(server.wiring.db, companyA.companyId);
    const response = await call(companyA.token, 'PUT', `/companies/${companyA.companyId}/schedules`, { schedules: [entry] });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
    expect(await companySchedules(server.wiring.db, companyA.companyId)).toEqual(before);
  });

  it('is for admins of the company: a plain user and company B are refused, and A’s week is unchanged', async () => {
    const before = await companySchedules(server.wiring.db, companyA.companyId);
    const plain = await createUser(server, companyA.companyId, 'Schedules Plain');
    expect((await call(plain.token, 'PUT', `/companies/${companyA.companyId}/schedules`, { schedules: [] })).statusCode).toBe(403);
    expect((await call(companyB.token, 'PUT', `/companies/${companyA.companyId}/schedules`, { schedules: [] })).statusCode).toBe(403);
    expect((await call(companyB.token, 'GET', `/companies/${companyA.companyId}`)).statusCode).toBe(403);
    expect(await companySchedules(server.wiring.db, companyA.companyId)).toEqual(before);
    expect(await companySchedules(server.wiring.db, companyB.companyId)).toEqual(defaultOpeningHours());
  });

  it('an unknown company has no schedules', async () => {
    expect(await companySchedules(server.wiring.db, 987_654)).toEqual([]);
  });
});
