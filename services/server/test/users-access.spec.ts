import { defaultUserDetails } from '@conversa/contracts';
import { systemActor, user as userDecider } from '@conversa/core';
import { execute } from '@conversa/api';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createUser, signupCompany } from './harness';
import { call, companyA, companyB, framesOf, newUser, queues, server, uniqueEmail } from './users-fixture';

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
        command: {
          type: 'CreateUser',
          userId,
          companyId: c.companyId,
          details: { ...defaultUserDetails, name, email: `pessoa${i}.${userId}@lista.test` },
          passwordHash,
        },
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
    expect(byName.users.map((u: { name: string }) => u.name)).toEqual([
      'Pessoa 10',
      'Pessoa 11',
      'Pessoa 12',
      'Pessoa 13',
      'Pessoa 14',
      'Pessoa 15',
      'Pessoa 16',
      'Pessoa 17',
      'Pessoa 18',
      'Pessoa 19',
    ]);
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
    expect((await call(companyA.token, 'GET', `/users/${plain.userId}`)).json()).toMatchObject({
      profile: 'user',
      queueIds: [queues.sales],
      allTicket: 'disable',
      allowConnections: false,
    });
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
    expect(
      (await call(supervisor.token, 'PUT', `/users/${created.id}`, { name: 'Karla Dias', profile: 'user', queueIds: [], allTicket: 'disable' })).statusCode,
    ).toBe(200);

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
      Array.from({ length: 6 }, (_, i) =>
        call(company.token, 'POST', '/users', { name: `Corrida ${i}`, email: uniqueEmail(`race${i}`), password: 'Segredo1' }),
      ),
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
    const borrowed = await call(companyB.token, 'POST', '/users', {
      name: 'Borrower',
      email: uniqueEmail('b'),
      password: 'Segredo1',
      queueIds: [queues.sales],
    });
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
