import type { BusMessage } from '@conversa/bus';
import { defaultUserDetails } from '@conversa/contracts';
import { systemActor, user as userDecider, userSeatsStream } from '@conversa/core';
import { execute } from '@conversa/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadDatabase } from '@conversa/projections/database';
import { sql } from 'kysely';
import { ADMIN, bearer, createUser, signupCompany, startTestServer, type TestServer } from './harness';

let server: TestServer;
let companyA: { token: string; companyId: number; userId: number; email: string };
let companyB: { token: string; companyId: number; userId: number };
let queues: { sales: number; support: number };

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  server = await startTestServer();
  const a = await signupCompany(server, 'Users A', 71);
  const b = await signupCompany(server, 'Users B', 72);
  companyA = { token: (await server.login(a.email, a.password)).token, companyId: a.companyId, userId: a.userId, email: a.email };
  companyB = { token: (await server.login(b.email, b.password)).token, companyId: b.companyId, userId: b.userId };
  const queue = async (name: string, color: string) => {
    const response = await call(companyA.token, 'POST', '/queue', { name, color, greetingMessage: `Bem-vindo a ${name}` });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as number;
  };
  queues = { sales: await queue('Vendas', '#2563eb'), support: await queue('Suporte', '#16a34a') };
});
afterAll(() => server?.close());

async function framesOf(companyId: number, entity: string) {
  const frames: any[] = [];
  const waiters: { predicate: (frame: any) => boolean; resolve: (frame: any) => void }[] = [];
  const subscription = await server.wiring.bus.subscribe(`company.${companyId}.${entity}`, (message: BusMessage) => {
    frames.push(message.data);
    for (const waiter of [...waiters]) {
      if (waiter.predicate(message.data)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message.data);
      }
    }
  });
  return {
    frames,
    next(predicate: (frame: any) => boolean): Promise<any> {
      const seen = frames.find(predicate);
      return seen ? Promise.resolve(seen) : new Promise((resolve) => waiters.push({ predicate, resolve }));
    },
    stop: () => subscription.unsubscribe(),
  };
}

let emailCounter = 0;
const uniqueEmail = (name: string) => `${name.toLowerCase()}.${++emailCounter}.${Date.now()}@example.com`;

async function newUser(token: string, body: Record<string, unknown> = {}) {
  const response = await call(token, 'POST', '/users', { name: 'Caio Lima', email: uniqueEmail('caio'), password: 'Segredo1', ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const rows = (table: keyof ReadDatabase, where: Record<string, unknown>) => {
  let query = server.wiring.db.selectFrom(table).selectAll();
  for (const [column, value] of Object.entries(where)) query = query.where(sql.ref(column), '=', value);
  return query.execute();
};

describe('user form validation (spec 2 §5)', () => {
  it.each([
    [{ email: 'x@example.com', password: 'Segredo1' }, 'name', 'Required'],
    [{ name: 'A', email: 'x@example.com', password: 'Segredo1' }, 'name', 'Too Short!'],
    [{ name: 'A'.repeat(51), email: 'x@example.com', password: 'Segredo1' }, 'name', 'Too Long!'],
    [{ name: 'Caio', password: 'Segredo1' }, 'email', 'Required'],
    [{ name: 'Caio', email: 'not-an-email', password: 'Segredo1' }, 'email', 'Invalid email'],
    [{ name: 'Caio', email: 'x@example.com', password: '1234' }, 'password', 'Too Short!'],
    [{ name: 'Caio', email: 'x@example.com', password: 'x'.repeat(51) }, 'password', 'Too Long!'],
    [{ name: 'Caio', email: 'x@example.com' }, 'password', 'Required'],
    [{ name: 'Caio', email: 'x@example.com', password: 'Segredo1', startWork: '25:00' }, 'startWork', 'Horário inválido (use HH:mm)'],
  ])('refuses %j: %s %s', async (body, field, message) => {
    const response = await call(companyA.token, 'POST', '/users', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('ERR_VALIDATION');
    expect(response.json().issues).toContainEqual(expect.objectContaining({ path: [field], message }));
  });

  it('refuses fields the form does not have (super, companyId)', async () => {
    const response = await call(companyA.token, 'POST', '/users', { name: 'Caio', email: uniqueEmail('x'), password: 'Segredo1', super: true });
    expect(response.statusCode).toBe(400);
  });

  it('refuses queues that are not live queues of the company, and writes nothing', async () => {
    const email = uniqueEmail('ghost');
    const response = await call(companyA.token, 'POST', '/users', { name: 'Ghost', email, password: 'Segredo1', queueIds: [queues.sales, 999_999] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'ERR_VALIDATION', queueIds: [999_999] });
    expect(await rows('read.users', { email })).toEqual([]);
  });

  it('takes one of the company’s connections as the default connection, never another company’s', async () => {
    const own = await call(companyA.token, 'POST', '/whatsapp', { name: 'Conexão A', channel: 'sandbox' });
    expect(own.statusCode, own.body).toBe(201);
    const connectionId = own.json().id as number;
    const created = await newUser(companyA.token, { name: 'Com Conexão', whatsappId: connectionId });
    expect(created.whatsappId).toBe(connectionId);
    const borrowed = await call(companyB.token, 'POST', '/users', { name: 'Borrower', email: uniqueEmail('b'), password: 'Segredo1', whatsappId: connectionId });
    expect(borrowed.statusCode).toBe(404);
    expect(borrowed.json().error).toBe('ERR_NO_WAPP_FOUND');
    const cleared = await call(companyA.token, 'PUT', `/users/${created.id}`, { whatsappId: null });
    expect(cleared.json().whatsappId).toBeNull();
  });

  it('refuses a default connection that is not the company’s', async () => {
    const response = await call(companyA.token, 'POST', '/users', { name: 'Caio', email: uniqueEmail('x'), password: 'Segredo1', whatsappId: 424_242 });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('ERR_NO_WAPP_FOUND');
  });
});

describe('users CRUD', () => {
  it('creates a user with every field of the dialog, who can then log in; the answer and the frame carry the queues', async () => {
    const frames = await framesOf(companyA.companyId, 'user');
    try {
      const email = uniqueEmail('Bia');
      const created = await newUser(companyA.token, {
        name: '  Bia Souza ',
        email: email.toUpperCase(),
        password: 'Segredo1',
        profile: 'supervisor',
        queueIds: [queues.support, queues.sales, queues.sales],
        startWork: '08:00',
        endWork: '17:30',
        farewellMessage: 'Até logo!',
        allTicket: 'enable',
        allowGroup: true,
        defaultTheme: 'dark',
        defaultMenu: 'closed',
        whatsappId: null,
        showDashboard: true,
        allowRealTime: true,
        allowConnections: false,
      });
      expect(created).toMatchObject({
        name: 'Bia Souza',
        email,
        profile: 'supervisor',
        companyId: companyA.companyId,
        queueIds: [queues.support, queues.sales],
        queues: [
          { id: queues.support, name: 'Suporte', color: '#16a34a' },
          { id: queues.sales, name: 'Vendas', color: '#2563eb' },
        ],
        startWork: '08:00',
        endWork: '17:30',
        farewellMessage: 'Até logo!',
        allTicket: 'enable',
        allowGroup: true,
        defaultTheme: 'dark',
        defaultMenu: 'closed',
        whatsappId: null,
        showDashboard: true,
        allowRealTime: true,
        allowConnections: false,
        super: false,
        online: false,
        profileImage: null,
      });
      expect(created).not.toHaveProperty('password');
      expect(created).not.toHaveProperty('passwordHash');
      const frame = await frames.next((f) => f.action === 'create' && f.user?.id === created.id);
      expect(frame.user).toMatchObject({ id: created.id, name: 'Bia Souza', queueIds: [queues.support, queues.sales] });

      const login = await server.login(email, 'Segredo1');
      expect(login.body.user).toMatchObject({ id: created.id, profile: 'supervisor' });
      const events = await server.wiring.store.readStream(`user-${created.id}`);
      expect(JSON.stringify(events.map((event) => event.data))).not.toContain('Segredo1');
    } finally {
      await frames.stop();
    }
  });

  it('gives new users the defaults: profile user, work 00:00–23:59, no queues', async () => {
    const created = await newUser(companyA.token, { name: 'Dani Costa' });
    expect(created).toMatchObject({ profile: 'user', startWork: '00:00', endWork: '23:59', queueIds: [], queues: [], allTicket: 'disable', allowGroup: false, language: 'pt-BR' });
  });

  it('reads one user, and changes it (only what changed is recorded)', async () => {
    const created = await newUser(companyA.token, { name: 'Edu Reis' });
    const read = await call(companyA.token, 'GET', `/users/${created.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(created);

    const frames = await framesOf(companyA.companyId, 'user');
    try {
      const changed = await call(companyA.token, 'PUT', `/users/${created.id}`, { ...created, name: 'Eduardo Reis', queueIds: [queues.sales], password: 'NovaSenha9', id: undefined, companyId: undefined, queues: undefined, online: undefined, profileImage: undefined, createdAt: undefined, updatedAt: undefined, lastLogin: undefined, super: undefined });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json()).toMatchObject({ name: 'Eduardo Reis', queueIds: [queues.sales], queues: [{ id: queues.sales, name: 'Vendas', color: '#2563eb' }] });
      await frames.next((f) => f.action === 'update' && f.user?.id === created.id && f.user.name === 'Eduardo Reis');
    } finally {
      await frames.stop();
    }
    const changes = (await server.wiring.store.readStream(`user-${created.id}`)).filter((event) => event.type === 'UserDetailsChanged');
    expect(changes.map((event) => event.data)).toEqual([{ userId: created.id, changes: { name: 'Eduardo Reis', queueIds: [queues.sales] } }]);
    await server.login(created.email, 'NovaSenha9');
  });

  it('keeps e-mails unique: a taken address is refused on create and on change, and nothing is half-written', async () => {
    const first = await newUser(companyA.token, { name: 'Fabi' });
    const seatsBefore = (await server.wiring.store.readStream(userSeatsStream(companyA.companyId))).length;
    const duplicate = await call(companyA.token, 'POST', '/users', { name: 'Outra Fabi', email: first.email.toUpperCase(), password: 'Segredo1' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toBe('ERR_EMAIL_IN_USE');
    expect((await server.wiring.store.readStream(userSeatsStream(companyA.companyId))).length).toBe(seatsBefore);

    const other = await newUser(companyA.token, { name: 'Gabi' });
    const stolen = await call(companyA.token, 'PUT', `/users/${other.id}`, { email: first.email });
    expect(stolen.statusCode).toBe(409);
    expect((await call(companyA.token, 'GET', `/users/${other.id}`)).json().email).toBe(other.email);
    // Another company's admin e-mail is taken too: addresses are unique across the platform (they are the login).
    const across = await call(companyB.token, 'POST', '/users', { name: 'Cross', email: companyA.email, password: 'Segredo1' });
    expect(across.statusCode).toBe(409);
  });

  it('deletes a user: frame, no more login or session, the e-mail is free again; a user cannot delete themself', async () => {
    const victim = await createUser(server, companyA.companyId, 'Hugo');
    const frames = await framesOf(companyA.companyId, 'user');
    try {
      const deleted = await call(companyA.token, 'DELETE', `/users/${victim.userId}`);
      expect(deleted.statusCode).toBe(204);
      expect(await frames.next((f) => f.action === 'delete')).toEqual({ action: 'delete', userId: victim.userId });
    } finally {
      await frames.stop();
    }
    expect((await call(companyA.token, 'GET', `/users/${victim.userId}`)).statusCode).toBe(404);
    expect((await call(victim.token, 'GET', '/auth/me')).statusCode).toBe(401);
    const relogin = await server.app.inject({ method: 'POST', url: '/auth/login', payload: { email: victim.email, password: 'Secret-123' } });
    expect(relogin.statusCode).toBe(401);
    await newUser(companyA.token, { name: 'Hugo Novo', email: victim.email });
    expect((await call(companyA.token, 'DELETE', `/users/${victim.userId}`)).statusCode).toBe(404);

    const self = await call(companyA.token, 'DELETE', `/users/${companyA.userId}`);
    expect(self.statusCode).toBe(403);
    expect(self.json().error).toBe('ERR_USER_DELETE_SELF');
  });
});

describe('listing users', () => {
  let company: { token: string; companyId: number };
  beforeAll(async () => {
    const c = await signupCompany(server, 'Users List', 73);
    company = { token: (await server.login(c.email, c.password)).token, companyId: c.companyId };
    const passwordHash = await server.wiring.ctx.hashPassword('Segredo1');
    for (let i = 1; i <= 44; i++) {
      const userId = await server.wiring.ctx.ids.next('user');
      const name = `Pessoa ${String(i).padStart(2, '0')}`;
      await execute(server.wiring.ctx, {
        decider: userDecider,
        streamId: `user-${userId}`,
        command: { type: 'CreateUser', userId, companyId: c.companyId, details: { ...defaultUserDetails, name, email: `pessoa${i}.${userId}@lista.test` }, passwordHash },
        companyId: c.companyId,
        actor: systemActor,
      });
    }
  });

  it('pages by 40 in name order with hasMore and count', async () => {
    const first = (await call(company.token, 'GET', '/users?pageNumber=1')).json();
    expect(first.users).toHaveLength(40);
    expect(first).toMatchObject({ count: 45, hasMore: true });
    const names = first.users.map((u: { name: string }) => u.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const second = (await call(company.token, 'GET', '/users?pageNumber=2')).json();
    expect(second.users).toHaveLength(5);
    expect(second.hasMore).toBe(false);
    expect(new Set([...names, ...second.users.map((u: { name: string }) => u.name)]).size).toBe(45);
  });

  it('searches by name or e-mail, case-insensitively', async () => {
    const byName = (await call(company.token, 'GET', `/users?searchParam=${encodeURIComponent('pessoa 1')}`)).json();
    expect(byName.users.map((u: { name: string }) => u.name)).toEqual(['Pessoa 10', 'Pessoa 11', 'Pessoa 12', 'Pessoa 13', 'Pessoa 14', 'Pessoa 15', 'Pessoa 16', 'Pessoa 17', 'Pessoa 18', 'Pessoa 19']);
    const byEmail = (await call(company.token, 'GET', '/users?searchParam=PESSOA7.')).json();
    expect(byEmail.users.map((u: { name: string }) => u.name)).toEqual(['Pessoa 07']);
    expect((await call(company.token, 'GET', '/users?searchParam=%25')).json().users).toEqual([]);
  });

  it('lists id and name for pickers (GET /users/list)', async () => {
    const list = (await call(company.token, 'GET', '/users/list')).json();
    expect(list).toHaveLength(45);
    expect(Object.keys(list[0]).sort()).toEqual(['id', 'name']);
  });
});

describe('who may do what (spec 2 §6)', () => {
  it('a plain user reads the list but cannot create, change others or delete', async () => {
    const plain = await createUser(server, companyA.companyId, 'Plain Ivo');
    expect((await call(plain.token, 'GET', '/users')).statusCode).toBe(200);
    expect((await call(plain.token, 'POST', '/users', { name: 'Novo', email: uniqueEmail('n'), password: 'Segredo1' })).statusCode).toBe(403);
    expect((await call(plain.token, 'PUT', `/users/${companyA.userId}`, { name: 'Hijack' })).statusCode).toBe(403);
    expect((await call(plain.token, 'DELETE', `/users/${companyA.userId}`)).statusCode).toBe(403);
  });

  it('a plain user changes their own name and language, but not their queues, profile or visibility', async () => {
    const plain = await createUser(server, companyA.companyId, 'Plain Julia', { queueIds: [queues.sales] });
    const own = await call(plain.token, 'PUT', `/users/${plain.userId}`, { name: 'Julia Prado', language: 'en', queueIds: [queues.sales], profile: 'user' });
    expect(own.statusCode, own.body).toBe(200);
    for (const body of [{ queueIds: [queues.sales, queues.support] }, { profile: 'admin' }, { allTicket: 'enable' }, { allowConnections: true }]) {
      const refused = await call(plain.token, 'PUT', `/users/${plain.userId}`, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(403);
      expect(refused.json().error).toBe('ERR_NO_PERMISSION');
    }
    expect((await call(companyA.token, 'GET', `/users/${plain.userId}`)).json()).toMatchObject({ profile: 'user', queueIds: [queues.sales], allTicket: 'disable', allowConnections: false });
  });

  it('a supervisor manages plain users but sets neither queues (user-modal:editQueues) nor profiles (user-modal:editProfile), and cannot touch an admin', async () => {
    const supervisor = await createUser(server, companyA.companyId, 'Super Visor', { profile: 'supervisor' });
    expect((await call(supervisor.token, 'GET', '/users')).statusCode).toBe(200);
    const created = await newUser(supervisor.token, { name: 'Karla', startWork: '08:00', endWork: '17:00', farewellMessage: 'Até mais' });
    expect(created).toMatchObject({ profile: 'user', queueIds: [], startWork: '08:00' });
    // Editing the profile and the queues in the user dialog is for admins only.
    for (const body of [{ queueIds: [queues.support] }, { profile: 'admin' }, { allTicket: 'enable' }, { allowConnections: true }]) {
      const refused = await call(supervisor.token, 'POST', '/users', { name: 'Refused', email: uniqueEmail('r'), password: 'Segredo1', ...body });
      expect(refused.statusCode, JSON.stringify(body)).toBe(403);
      expect(refused.json().error).toBe('ERR_NO_PERMISSION');
    }
    for (const body of [{ queueIds: [queues.support] }, { profile: 'supervisor' }, { allowGroup: true }, { showDashboard: true }]) {
      expect((await call(supervisor.token, 'PUT', `/users/${created.id}`, body)).statusCode, JSON.stringify(body)).toBe(403);
    }
    const renamed = await call(supervisor.token, 'PUT', `/users/${created.id}`, { name: 'Karla Dias', password: 'NovaSenha9', endWork: '18:00' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Karla Dias', endWork: '18:00', queueIds: [] });
    await server.login(created.email, 'NovaSenha9');
    // The whole form sent back, its guarded fields unchanged, is accepted.
    expect((await call(supervisor.token, 'PUT', `/users/${created.id}`, { name: 'Karla Dias', profile: 'user', queueIds: [], allTicket: 'disable' })).statusCode).toBe(200);

    expect((await call(supervisor.token, 'PUT', `/users/${companyA.userId}`, { password: 'Tomada123' })).statusCode).toBe(403);
    expect((await call(supervisor.token, 'DELETE', `/users/${companyA.userId}`)).statusCode).toBe(403);
    expect((await call(supervisor.token, 'DELETE', `/users/${created.id}`)).statusCode).toBe(204);
    // Another company's users stay out of reach.
    expect((await call(supervisor.token, 'GET', `/users/${companyB.userId}`)).statusCode).toBe(404);
    expect((await call(supervisor.token, 'PUT', `/users/${companyB.userId}`, { name: 'Hijack' })).statusCode).toBe(404);
    expect((await call(supervisor.token, 'GET', `/users?companyId=${companyB.companyId}`)).statusCode).toBe(403);
  });

  it('an admin sets profiles; only a super user changes a super user', async () => {
    const target = await newUser(companyA.token, { name: 'Lia' });
    const promoted = await call(companyA.token, 'PUT', `/users/${target.id}`, { profile: 'admin', allowConnections: true });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toMatchObject({ profile: 'admin', allowConnections: true });
    const root = await server.login(ADMIN.email, ADMIN.password);
    const companyOneAdmin = await createUser(server, 1, 'Company One Admin', { profile: 'admin' });
    expect((await call(companyOneAdmin.token, 'PUT', `/users/${root.body.user.id}`, { name: 'Not Root' })).statusCode).toBe(403);
    expect((await call(companyOneAdmin.token, 'DELETE', `/users/${root.body.user.id}`)).statusCode).toBe(403);
  });
});

describe('the plan user limit', () => {
  let company: { token: string; companyId: number };
  beforeAll(async () => {
    const root = await server.login(ADMIN.email, ADMIN.password);
    const plan = await call(root.token, 'POST', '/plans', { name: 'Plano Três', users: 3, connections: 1, queues: 1, amount: '49.00' });
    expect(plan.statusCode, plan.body).toBe(201);
    const c = await signupCompany(server, 'Users Limit', 74);
    const moved = await call(root.token, 'PUT', `/companies/${c.companyId}`, { planId: plan.json().id });
    expect(moved.statusCode, moved.body).toBe(200);
    company = { token: (await server.login(c.email, c.password)).token, companyId: c.companyId };
  });

  it('refuses the user past the plan’s users, counting the first admin; a deletion frees a seat', async () => {
    const second = await newUser(company.token, { name: 'Segundo' });
    await newUser(company.token, { name: 'Terceiro' });
    const email = uniqueEmail('q');
    const fourth = await call(company.token, 'POST', '/users', { name: 'Quarto', email, password: 'Segredo1' });
    expect(fourth.statusCode).toBe(403);
    expect(fourth.json()).toMatchObject({ error: 'ERR_PLAN_USER_LIMIT', limit: 3 });
    // The refused user's e-mail was given back.
    expect((await server.wiring.store.readStream(`useremail-${email}`)).map((event) => event.type)).toEqual(['UserEmailClaimed', 'UserEmailReleased']);

    expect((await call(company.token, 'DELETE', `/users/${second.id}`)).statusCode).toBe(204);
    await newUser(company.token, { name: 'Quarto', email });
  });

  it('lets exactly one of several concurrent creations take the last seat', async () => {
    const list = (await call(company.token, 'GET', '/users')).json();
    const victim = list.users.find((u: { profile: string }) => u.profile !== 'admin');
    expect((await call(company.token, 'DELETE', `/users/${victim.id}`)).statusCode).toBe(204);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => call(company.token, 'POST', '/users', { name: `Corrida ${i}`, email: uniqueEmail(`race${i}`), password: 'Segredo1' })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 403, 403, 403, 403, 403]);
    expect((await call(company.token, 'GET', '/users')).json().count).toBe(3);
  });
});

describe('tenancy: company B and company A’s users', () => {
  it('B neither sees nor changes A’s users', async () => {
    const victim = await newUser(companyA.token, { name: 'Alvo Tenancy' });
    expect((await call(companyB.token, 'GET', `/users/${victim.id}`)).statusCode).toBe(404);
    expect((await call(companyB.token, 'PUT', `/users/${victim.id}`, { name: 'Hijacked' })).statusCode).toBe(404);
    expect((await call(companyB.token, 'DELETE', `/users/${victim.id}`)).statusCode).toBe(404);
    expect((await call(companyB.token, 'POST', `/users/${victim.id}/media-upload`)).statusCode).toBe(404);
    expect((await call(companyB.token, 'DELETE', `/users/${victim.id}/media-upload`)).statusCode).toBe(404);
    expect((await call(companyB.token, 'GET', `/users?companyId=${companyA.companyId}`)).statusCode).toBe(403);
    expect((await call(companyB.token, 'GET', `/users/list?companyId=${companyA.companyId}`)).statusCode).toBe(403);
    const listed = (await call(companyB.token, 'GET', '/users?searchParam=Alvo')).json();
    expect(listed.users).toEqual([]);
    expect((await call(companyB.token, 'GET', '/users/list')).json().map((u: { id: number }) => u.id)).not.toContain(victim.id);
    // B cannot give its users A's queues either.
    const borrowed = await call(companyB.token, 'POST', '/users', { name: 'Borrower', email: uniqueEmail('b'), password: 'Segredo1', queueIds: [queues.sales] });
    expect(borrowed.statusCode).toBe(400);
    expect((await call(companyA.token, 'GET', `/users/${victim.id}`)).json()).toEqual(victim);
  });

  it('B’s admin frames never carry A’s users', async () => {
    const framesB = await framesOf(companyB.companyId, 'user');
    const framesA = await framesOf(companyA.companyId, 'user');
    try {
      const created = await newUser(companyA.token, { name: 'Só de A' });
      await framesA.next((f) => f.user?.id === created.id);
      expect(framesB.frames.filter((f) => f.user?.id === created.id)).toEqual([]);
    } finally {
      await framesA.stop();
      await framesB.stop();
    }
  });
});

/** A 1×1 PNG: real image bytes for the media store's sniffer. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

function multipart(parts: Array<{ name: string; value: string } | { name: string; filename: string; contentType: string; data: Buffer }>) {
  const boundary = `----users${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('data' in part) {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`));
      chunks.push(part.data, Buffer.from('\r\n'));
    } else chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (token: string, userId: number, file: { filename: string; contentType: string; data: Buffer }) => {
  const { payload, headers } = multipart([
    { name: 'userId', value: String(userId) },
    { name: 'typeArch', value: 'user' },
    { name: 'profileImage', ...file },
  ]);
  return server.app.inject({ method: 'POST', url: `/users/${userId}/media-upload`, headers: { ...bearer(token), ...headers }, payload });
};

describe('profile image (POST /users/{id}/media-upload)', () => {
  it('stores a picture through the media store, replaces and removes it', async () => {
    const target = await newUser(companyA.token, { name: 'Com Foto' });
    const first = await upload(companyA.token, target.id, { filename: 'me.png', contentType: 'image/png', data: PNG });
    expect(first.statusCode, first.body).toBe(200);
    const firstUrl = first.json().profileImage as string;
    expect(firstUrl).toMatch(new RegExp(`^/media/${companyA.companyId}/`));
    const served = await call(companyA.token, 'GET', firstUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect((await call(companyB.token, 'GET', firstUrl)).statusCode).toBe(404);

    const second = await upload(companyA.token, target.id, { filename: 'new.png', contentType: 'image/png', data: PNG });
    const secondUrl = second.json().profileImage as string;
    expect(secondUrl).not.toBe(firstUrl);
    expect((await call(companyA.token, 'GET', firstUrl)).statusCode).toBe(404);

    const removed = await call(companyA.token, 'DELETE', `/users/${target.id}/media-upload`);
    expect(removed.json().profileImage).toBeNull();
    expect((await call(companyA.token, 'GET', secondUrl)).statusCode).toBe(404);
  });

  it('lets a user set their own picture, refuses someone else’s', async () => {
    const plain = await createUser(server, companyA.companyId, 'Foto Propria');
    expect((await upload(plain.token, plain.userId, { filename: 'me.png', contentType: 'image/png', data: PNG })).statusCode).toBe(200);
    expect((await upload(plain.token, companyA.userId, { filename: 'me.png', contentType: 'image/png', data: PNG })).statusCode).toBe(403);
  });

  it('refuses what is not an image (by its bytes, whatever it claims), a picture over 5 MB, a wrong userId field; nothing is kept', async () => {
    const target = await newUser(companyA.token, { name: 'Sem Foto' });
    const text = await upload(companyA.token, target.id, { filename: 'me.png', contentType: 'image/png', data: Buffer.from('just some text, not a picture') });
    expect(text.statusCode).toBe(415);
    const huge = await upload(companyA.token, target.id, { filename: 'big.png', contentType: 'image/png', data: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]) });
    expect(huge.statusCode).toBe(413);
    const { payload, headers } = multipart([{ name: 'userId', value: String(companyA.userId) }, { name: 'profileImage', filename: 'me.png', contentType: 'image/png', data: PNG }]);
    const mismatched = await server.app.inject({ method: 'POST', url: `/users/${target.id}/media-upload`, headers: { ...bearer(companyA.token), ...headers }, payload });
    expect(mismatched.statusCode).toBe(400);
    expect((await call(companyA.token, 'GET', `/users/${target.id}`)).json().profileImage).toBeNull();
    const { readdir } = await import('node:fs/promises');
    const stored = (await readdir(`${server.wiring.config.mediaDir}/${companyA.companyId}`).catch(() => [] as string[])).filter((file) => !file.endsWith('.json'));
    const named = (await rows('read.users', { company_id: companyA.companyId })).map((row: any) => row.profile_image).filter(Boolean);
    expect(stored.length).toBe(named.length);
  });
});
