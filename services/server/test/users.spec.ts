import { userSeatsStream } from '@conversa/core';
import { describe, expect, it } from 'vitest';
import { createUser } from './harness';
import { call, companyA, companyB, framesOf, newUser, queues, rows, server, uniqueEmail } from './users-fixture';

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
    const borrowed = await call(companyB.token, 'POST', '/users', {
      name: 'Borrower',
      email: uniqueEmail('b'),
      password: 'Segredo1',
      whatsappId: connectionId,
    });
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
    expect(created).toMatchObject({
      profile: 'user',
      startWork: '00:00',
      endWork: '23:59',
      queueIds: [],
      queues: [],
      allTicket: 'disable',
      allowGroup: false,
      language: 'pt-BR',
    });
  });

  it('reads one user, and changes it (only what changed is recorded)', async () => {
    const created = await newUser(companyA.token, { name: 'Edu Reis' });
    const read = await call(companyA.token, 'GET', `/users/${created.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(created);

    const frames = await framesOf(companyA.companyId, 'user');
    try {
      const changed = await call(companyA.token, 'PUT', `/users/${created.id}`, {
        ...created,
        name: 'Eduardo Reis',
        queueIds: [queues.sales],
        password: 'NovaSenha9',
        id: undefined,
        companyId: undefined,
        queues: undefined,
        online: undefined,
        profileImage: undefined,
        createdAt: undefined,
        updatedAt: undefined,
        lastLogin: undefined,
        super: undefined,
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json()).toMatchObject({
        name: 'Eduardo Reis',
        queueIds: [queues.sales],
        queues: [{ id: queues.sales, name: 'Vendas', color: '#2563eb' }],
      });
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
