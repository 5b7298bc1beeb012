import { createSessionGuard, createTokenService, sessionActiveInStream } from '@conversa/api';
import { openTicket, systemActor } from '@conversa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, signupCompany, startTestServer, type TestServer } from './harness';
import { closedWithin, openSocket } from './socket-client';

let server: TestServer;
let base: string;
let admin: { token: string; companyId: number };
const SECRET = 'test-secret-'.repeat(4);

beforeAll(async () => {
  server = await startTestServer({ listen: true });
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  base = `ws://127.0.0.1:${address.port}/socket`;
  const signup = await signupCompany(server, 'Revocations', 41);
  admin = { token: (await server.login(signup.email, signup.password)).token, companyId: signup.companyId };
});
afterAll(() => server?.close());

const me = (token: string) => server.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(token) });
const refresh = (cookie: string) => server.app.inject({ method: 'POST', url: '/auth/refresh_token', headers: { cookie } });
const putUser = (userId: number, payload: object) => server.app.inject({ method: 'PUT', url: `/users/${userId}`, headers: bearer(admin.token), payload });
let queues = 0;
async function newQueue(name: string): Promise<number> {
  queues += 1;
  const created = await server.app.inject({
    method: 'POST',
    url: '/queue',
    headers: bearer(admin.token),
    payload: { name, color: `#1234${String(queues).padStart(2, '0')}`, greetingMessage: 'Olá' },
  });
  expect(created.statusCode, created.body).toBeLessThan(300);
  return created.json().id;
}

let contacts = 0;
/** A waiting ticket in a queue; frames about it reach that queue's users. */
async function waitingTicket(queueId: number) {
  contacts += 1;
  const contact = (
    await server.app.inject({
      method: 'POST',
      url: '/contacts',
      headers: bearer(admin.token),
      payload: { name: `Waiting ${contacts}`, number: `55119000${String(contacts).padStart(5, '0')}` },
    })
  ).json();
  const opened = await openTicket(server.wiring.ctx, {
    companyId: admin.companyId,
    actor: systemActor,
    contactId: contact.id,
    whatsappId: null,
    channel: 'whatsapp',
    isGroup: false,
    queueId,
    reuseOpen: true,
  });
  await server.wiring.ctx.waitForProjections(opened.position);
  return opened.ticketId;
}
const ticketFrame = (ticketId: number) => (f: { event: string; data: any }) =>
  f.event === `company-${admin.companyId}-ticket` && f.data.ticket?.id === ticketId;

describe('revocation over HTTP', () => {
  it('refuses the access token at once after logout', async () => {
    const { token } = await server.login();
    expect((await me(token)).statusCode).toBe(200);
    expect((await server.app.inject({ method: 'DELETE', url: '/auth/logout', headers: bearer(token) })).statusCode).toBe(204);
    const after = await me(token);
    expect(after.statusCode).toBe(401);
    expect(after.json().error).toBe('ERR_SESSION_EXPIRED');
  });

  it('ends every session of a user whose password an admin changed: tokens and refresh refused; the new password works', async () => {
    const ana = await createUser(server, admin.companyId, 'Ana Senha');
    const other = await server.login(ana.email, 'Secret-123');
    expect((await me(other.token)).statusCode).toBe(200);
    expect((await putUser(ana.userId, { password: 'Changed-456' })).statusCode).toBe(200);
    for (const token of [ana.token, other.token]) expect((await me(token)).statusCode).toBe(401);
    const refused = await refresh(other.cookie);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toBe('ERR_SESSION_EXPIRED');
    const fresh = await server.login(ana.email, 'Changed-456');
    expect((await me(fresh.token)).statusCode).toBe(200);
    expect((await refresh(fresh.cookie)).statusCode).toBe(200);
  });

  it('ends the sessions of a deleted user', async () => {
    const bia = await createUser(server, admin.companyId, 'Bia Removida');
    const { cookie } = await server.login(bia.email, 'Secret-123');
    expect((await server.app.inject({ method: 'DELETE', url: `/users/${bia.userId}`, headers: bearer(admin.token) })).statusCode).toBe(204);
    expect((await me(bia.token)).statusCode).toBe(401);
    expect((await refresh(cookie)).statusCode).toBe(401);
  });
});

describe("another process's session cache", () => {
  it('drops its cached "active" when the revocation is announced on the bus, well before its TTL', async () => {
    const elsewhere = createSessionGuard({ db: server.wiring.db, fallback: (id) => sessionActiveInStream(server.wiring.store, id) });
    const subscription = await elsewhere.listen(server.wiring.bus);
    try {
      const { token } = await server.login();
      const claims = (await server.wiring.ctx.tokens.verifyAccessToken(token))!;
      expect(await elsewhere.isActive(claims.sessionId)).toBe(true);
      const started = performance.now();
      await server.app.inject({ method: 'DELETE', url: '/auth/logout', headers: bearer(token) });
      await expect.poll(() => elsewhere.isActive(claims.sessionId), { timeout: 1000, interval: 10 }).toBe(false);
      expect(performance.now() - started).toBeLessThan(1000);
    } finally {
      await subscription.unsubscribe();
    }
  });
});

describe('revocation over the socket', () => {
  it('closes the socket of a session that logs out within a second, and not its other sessions', async () => {
    const caio = await createUser(server, admin.companyId, 'Caio Sai');
    const otherSession = await server.login(caio.email, 'Secret-123');
    const [leaving, staying] = await Promise.all([openSocket(base, caio.token), openSocket(base, otherSession.token)]);
    const started = performance.now();
    expect((await server.app.inject({ method: 'DELETE', url: '/auth/logout', headers: bearer(caio.token) })).statusCode).toBe(204);
    const closed = await closedWithin(leaving, 1000);
    console.log(`time from logout to the socket closing: ${(closed.at - started).toFixed(1)} ms`);
    expect(closed.code).toBe(4401);
    // The other session still hears about the account: a new login elsewhere tells it.
    await server.login(caio.email, 'Secret-123');
    await staying.next((f) => f.event === `company-${admin.companyId}-auth`);
    staying.socket.close();
  });

  it('closes every socket of a deleted user within a second', async () => {
    const dani = await createUser(server, admin.companyId, 'Dani Apagada');
    const socket = await openSocket(base, dani.token);
    expect((await server.app.inject({ method: 'DELETE', url: `/users/${dani.userId}`, headers: bearer(admin.token) })).statusCode).toBe(204);
    expect((await closedWithin(socket, 1000)).code).toBe(4401);
    // A new socket with the old token is refused.
    expect((await (await openSocket(base, dani.token)).closed).code).toBe(4401);
  });

  it('closes every socket of a user whose password changed within a second', async () => {
    const edu = await createUser(server, admin.companyId, 'Edu Troca');
    const second = await server.login(edu.email, 'Secret-123');
    const sockets = await Promise.all([openSocket(base, edu.token), openSocket(base, second.token)]);
    expect((await putUser(edu.userId, { password: 'Changed-456' })).statusCode).toBe(200);
    for (const socket of sockets) expect((await closedWithin(socket, 1000)).code).toBe(4401);
  });

  it('re-scopes the socket of an admin demoted to user: tickets of queues they do not have stop arriving', async () => {
    const [theirs, notTheirs] = [await newQueue('Fila Deles'), await newQueue('Fila Alheia')];
    const fabi = await createUser(server, admin.companyId, 'Fabi Chefe', { profile: 'admin', queueIds: [theirs] });
    const socket = await openSocket(base, fabi.token);
    const before = await waitingTicket(notTheirs);
    await socket.next(ticketFrame(before));

    expect((await putUser(fabi.userId, { profile: 'user' })).statusCode).toBe(200);
    // Within a second, a ticket of another queue no longer reaches them; one of their queue does.
    await expect
      .poll(
        async () => {
          const hidden = await waitingTicket(notTheirs);
          const shown = await waitingTicket(theirs);
          await socket.next(ticketFrame(shown));
          return socket.frames.some(ticketFrame(hidden));
        },
        { timeout: 1000, interval: 50 },
      )
      .toBe(false);
    expect(socket.socket.readyState).toBe(socket.socket.OPEN);
    socket.socket.close();
  });

  it('re-scopes the socket of a user whose queues changed', async () => {
    const [first, second] = [await newQueue('Fila Antiga'), await newQueue('Fila Nova')];
    const gil = await createUser(server, admin.companyId, 'Gil Fila', { queueIds: [first] });
    const socket = await openSocket(base, gil.token);
    await socket.next(ticketFrame(await waitingTicket(first)));

    expect((await putUser(gil.userId, { queueIds: [second] })).statusCode).toBe(200);
    await expect
      .poll(
        async () => {
          const old = await waitingTicket(first);
          await socket.next(ticketFrame(await waitingTicket(second)));
          return socket.frames.some(ticketFrame(old));
        },
        { timeout: 1000, interval: 50 },
      )
      .toBe(false);
    socket.socket.close();
  });
});

describe('socket token expiry', () => {
  it('closes a socket at its token expiry unless a fresh token was sent over it', async () => {
    const real = server.wiring.ctx.tokens;
    server.wiring.ctx.tokens = createTokenService(SECRET, { accessTokenTtlSeconds: 2 });
    let short: { token: string; cookie: string };
    const hana = await createUser(server, admin.companyId, 'Hana Expira');
    try {
      short = await server.login(hana.email, 'Secret-123');
    } finally {
      server.wiring.ctx.tokens = real;
    }
    const [renewed, expiring] = await Promise.all([openSocket(base, short.token), openSocket(base, short.token)]);
    const fresh = await refresh(short.cookie);
    expect(fresh.statusCode).toBe(200);
    renewed.send({ event: 'authenticate', data: fresh.json().token });

    const closed = await closedWithin(expiring, 4000);
    expect(closed.code).toBe(4401);
    expect(closed.reason).toBe('token expired');
    // Past the first token's expiry the renewed socket still gets frames (a login elsewhere tells it).
    await server.login(hana.email, 'Secret-123');
    await renewed.next((f) => f.event === `company-${admin.companyId}-auth`);
    expect(renewed.socket.readyState).toBe(renewed.socket.OPEN);

    // A token of another user is refused and ends the socket.
    renewed.send({ event: 'authenticate', data: admin.token });
    expect((await closedWithin(renewed, 1000)).code).toBe(4401);
  });
});
