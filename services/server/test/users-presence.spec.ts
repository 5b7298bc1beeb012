import { createPresenceTracker } from '@conversa/automation';
import { USER_OFFLINE_AFTER_MS } from '@conversa/contracts';
import { userPresenceStream } from '@conversa/core';
import { onlineUserIds } from '@conversa/projections/users/queries';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { authenticate, isEdgeFrame } from './socket-client';
import { bearer, createUser, signupCompany, startTestServer, type TestServer } from './harness';

let server: TestServer;
let company: { token: string; companyId: number };
let other: { token: string; companyId: number };

beforeAll(async () => {
  server = await startTestServer({ listen: true });
  const a = await signupCompany(server, 'Presence A', 81);
  const b = await signupCompany(server, 'Presence B', 82);
  company = { token: (await server.login(a.email, a.password)).token, companyId: a.companyId };
  other = { token: (await server.login(b.email, b.password)).token, companyId: b.companyId };
});
afterAll(() => server?.close());

interface Frame {
  event: string;
  data: any;
}

async function connect(token: string) {
  const socket = new WebSocket(`${server.url.replace('http', 'ws')}/socket`);
  const frames: Frame[] = [];
  const waiters: Array<{ predicate: (f: Frame) => boolean; resolve: (f: Frame) => void }> = [];
  socket.on('message', (raw) => {
    if (isEdgeFrame(raw)) return;
    const frame = JSON.parse(String(raw)) as Frame;
    frames.push(frame);
    for (const waiter of [...waiters]) {
      if (waiter.predicate(frame)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(frame);
      }
    }
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  await authenticate(socket, token);
  return {
    socket,
    frames,
    /** The first frame matching, among those from index `from` on (default: all, including those already seen). */
    next: (predicate: (f: Frame) => boolean, from = 0) => {
      const seen = frames.slice(from).find(predicate);
      return seen ? Promise.resolve(seen) : new Promise<Frame>((resolve) => waiters.push({ predicate, resolve }));
    },
    /** Closes from the browser's side and resolves once the close handshake is done. */
    close: () =>
      new Promise<void>((resolve) => {
        if (socket.readyState === socket.CLOSED) return resolve();
        socket.once('close', () => resolve());
        socket.close();
      }),
  };
}

type Socket = Awaited<ReturnType<typeof connect>>;

/** The user's sockets as the edge registered them. */
const connectionsOf = async (userId: number) =>
  (await server.wiring.db
    .selectFrom('presence.user_connections')
    .select(['connection_id', 'session_id', 'last_seen_at', 'logged_out'])
    .where('user_id', '=', userId)
    .orderBy('opened_at')
    .execute()) as Array<{
    connection_id: string;
    session_id: string;
    last_seen_at: Date;
    logged_out: boolean;
  }>;

/** Waits until the edge has registered (or forgotten) the user's sockets, then until the tracker has finished with them. */
async function settledWith(userId: number, sockets: number) {
  await expect.poll(async () => (await connectionsOf(userId)).length, { timeout: 10_000, interval: 20 }).toBe(sockets);
  await server.wiring.presence.settled();
}

const onlineFrame = (userId: number, online: boolean) => (f: Frame) =>
  f.event === `company-${company.companyId}-user` && f.data.user?.id === userId && f.data.user.online === online;

/** A user's browser tab: a socket that sent its first userStatus; the user is shown online (the watcher saw it when they were not yet). */
async function openTab(token: string, userId: number, watcher: Socket) {
  const wasOnline = (await userOf(userId)).online as boolean;
  const from = watcher.frames.length;
  const before = (await connectionsOf(userId)).length;
  const tab = await connect(token);
  tab.socket.send(JSON.stringify({ event: 'userStatus' }));
  if (!wasOnline) await watcher.next(onlineFrame(userId, true), from);
  await settledWith(userId, before + 1);
  expect((await userOf(userId)).online).toBe(true);
  return tab;
}

const userOf = async (id: number) => (await server.app.inject({ method: 'GET', url: `/users/${id}`, headers: bearer(company.token) })).json();
const presenceEvents = async (userId: number) =>
  (await server.wiring.store.readStream(userPresenceStream(userId))).map((event) => ({
    type: event.type,
    data: event.data as { userId: number; lastSeenAt?: string; reason?: string },
  }));
const heartbeatOf = async (userId: number) =>
  (await server.wiring.db.selectFrom('presence.user_heartbeats').select('last_seen_at').where('user_id', '=', userId).executeTakeFirst())?.last_seen_at as
    Date | undefined;

describe('online status', () => {
  it('the browser’s userStatus ping brings the user online, announced to the company and to nobody else', async () => {
    const attendant = await createUser(server, company.companyId, 'Online Ana');
    expect((await userOf(attendant.userId)).online).toBe(false);
    const adminSocket = await connect(company.token);
    const otherSocket = await connect(other.token);
    const attendantSocket = await connect(attendant.token);
    try {
      attendantSocket.socket.send(JSON.stringify({ event: 'userStatus' }));
      const frame = await adminSocket.next(
        (f) => f.event === `company-${company.companyId}-user` && f.data.user?.id === attendant.userId && f.data.user.online === true,
      );
      expect(frame.data.action).toBe('update');
      expect((await userOf(attendant.userId)).online).toBe(true);
      expect(await onlineUserIds(server.wiring.db, company.companyId)).toContain(attendant.userId);
      expect(otherSocket.frames.filter((f) => f.data?.user?.id === attendant.userId)).toEqual([]);
    } finally {
      for (const s of [adminSocket, otherSocket, attendantSocket]) s.socket.close();
    }
  });

  it('records transitions only: pings while online add no event, only a newer heartbeat', async () => {
    const attendant = await createUser(server, company.companyId, 'Pinging Bia');
    const presence = server.wiring.presence;
    await presence.ping({ userId: attendant.userId, companyId: company.companyId });
    const firstBeat = await heartbeatOf(attendant.userId);
    await new Promise((resolve) => setImmediate(resolve));
    await presence.ping({ userId: attendant.userId, companyId: company.companyId });
    await presence.ping({ userId: attendant.userId, companyId: company.companyId });
    expect(await presenceEvents(attendant.userId)).toEqual([{ type: 'UserWentOnline', data: { userId: attendant.userId } }]);
    expect((await heartbeatOf(attendant.userId))!.getTime()).toBeGreaterThanOrEqual(firstBeat!.getTime());
  });

  it('takes the user offline once the pings stopped for USER_OFFLINE_AFTER_MS, once, and back online at the next ping', async () => {
    const attendant = await createUser(server, company.companyId, 'Leaving Caio', { queueIds: [] });
    const presence = server.wiring.presence;
    await presence.ping({ userId: attendant.userId, companyId: company.companyId });
    const lastBeat = (await heartbeatOf(attendant.userId))!;

    // Still inside the window: nobody goes offline.
    await presence.sweep(new Date(lastBeat.getTime() + USER_OFFLINE_AFTER_MS - 1_000));
    expect((await userOf(attendant.userId)).online).toBe(true);

    const later = new Date(lastBeat.getTime() + USER_OFFLINE_AFTER_MS + 1_000);
    expect(await presence.sweep(later)).toBeGreaterThanOrEqual(1);
    expect((await userOf(attendant.userId)).online).toBe(false);
    expect(await presence.sweep(later)).toBe(0);
    expect(await presenceEvents(attendant.userId)).toEqual([
      { type: 'UserWentOnline', data: { userId: attendant.userId } },
      { type: 'UserWentOffline', data: { userId: attendant.userId, lastSeenAt: lastBeat.toISOString(), reason: 'pings-stopped' } },
    ]);

    await presence.ping({ userId: attendant.userId, companyId: company.companyId });
    expect((await userOf(attendant.userId)).online).toBe(true);
  });

  it('keeps its state in Postgres: a tracker of another process (or after a restart) sweeps from where the last one left', async () => {
    const attendant = await createUser(server, company.companyId, 'Restart Dani');
    await server.wiring.presence.ping({ userId: attendant.userId, companyId: company.companyId });
    const lastBeat = (await heartbeatOf(attendant.userId))!;
    const restarted = createPresenceTracker(server.wiring.ctx, { connectionString: server.wiring.databaseUrl });
    expect(await restarted.sweep(new Date(lastBeat.getTime() + USER_OFFLINE_AFTER_MS + 1_000))).toBeGreaterThanOrEqual(1);
    expect((await userOf(attendant.userId)).online).toBe(false);
  });

  it('never takes offline a user who keeps pinging', async () => {
    const attendant = await createUser(server, company.companyId, 'Steady Eva');
    const presence = server.wiring.presence;
    await presence.ping({ userId: attendant.userId, companyId: company.companyId });
    const now = new Date();
    await presence.sweep(new Date(now.getTime() + USER_OFFLINE_AFTER_MS / 2));
    expect((await userOf(attendant.userId)).online).toBe(true);
    expect((await presenceEvents(attendant.userId)).map((event) => event.type)).toEqual(['UserWentOnline']);
  });

  it('starts and stops its lease-held cron cleanly', async () => {
    const tracker = createPresenceTracker(server.wiring.ctx, { connectionString: server.wiring.databaseUrl });
    tracker.start();
    await tracker.stop();
  });
});

const logout = (token: string) => server.app.inject({ method: 'DELETE', url: '/auth/logout', headers: bearer(token) });
const offlineReasons = async (userId: number) =>
  (await presenceEvents(userId)).map((event) => (event.type === 'UserWentOffline' ? `offline:${event.data.reason}` : 'online'));

describe('going offline at once', () => {
  it('logout takes the user offline at once: an event with its reason, a live frame to the company and none to another company', async () => {
    const attendant = await createUser(server, company.companyId, 'Logout Fabio');
    const admin = await connect(company.token);
    const stranger = await connect(other.token);
    const tab = await openTab(attendant.token, attendant.userId, admin);
    try {
      const from = admin.frames.length;
      expect((await logout(attendant.token)).statusCode).toBe(204);
      // The logout answers once the read model has it.
      expect((await userOf(attendant.userId)).online).toBe(false);
      const frame = await admin.next(onlineFrame(attendant.userId, false), from);
      expect(frame.data.action).toBe('update');
      const events = await presenceEvents(attendant.userId);
      expect(events.map((event) => event.type)).toEqual(['UserWentOnline', 'UserWentOffline']);
      expect(events[1]!.data).toMatchObject({ userId: attendant.userId, reason: 'logout' });
      expect(new Date(events[1]!.data.lastSeenAt!).getTime()).toBeLessThanOrEqual(Date.now());
      expect(stranger.frames.filter((f) => f.data?.user?.id === attendant.userId || f.data?.userId === attendant.userId)).toEqual([]);

      // The edge closes the logged-out tab's socket (its session is revoked); its closing records nothing more.
      await new Promise<void>((resolve) => (tab.socket.readyState === tab.socket.CLOSED ? resolve() : tab.socket.once('close', () => resolve())));
      await settledWith(attendant.userId, 0);
      expect((await userOf(attendant.userId)).online).toBe(false);
      expect(await offlineReasons(attendant.userId)).toEqual(['online', 'offline:logout']);
    } finally {
      for (const s of [admin, stranger, tab]) await s.close();
    }
  });

  it('closing the last socket takes the user offline at once; closing one of two tabs leaves them online', async () => {
    const attendant = await createUser(server, company.companyId, 'Two Tabs Gil');
    const admin = await connect(company.token);
    const stranger = await connect(other.token);
    const first = await openTab(attendant.token, attendant.userId, admin);
    const second = await openTab(attendant.token, attendant.userId, admin);
    try {
      await first.close();
      await settledWith(attendant.userId, 1);
      expect((await userOf(attendant.userId)).online).toBe(true);
      expect(await offlineReasons(attendant.userId)).toEqual(['online']);

      const from = admin.frames.length;
      await second.close();
      await admin.next(onlineFrame(attendant.userId, false), from);
      await settledWith(attendant.userId, 0);
      expect((await userOf(attendant.userId)).online).toBe(false);
      expect(await offlineReasons(attendant.userId)).toEqual(['online', 'offline:sockets-closed']);
      expect(stranger.frames.filter((f) => f.data?.user?.id === attendant.userId)).toEqual([]);

      // Back with a new tab: online again, and the history keeps every transition.
      const third = await openTab(attendant.token, attendant.userId, admin);
      await third.close();
      await settledWith(attendant.userId, 0);
      expect(await offlineReasons(attendant.userId)).toEqual(['online', 'offline:sockets-closed', 'online', 'offline:sockets-closed']);
    } finally {
      for (const s of [admin, stranger, first, second]) await s.close();
    }
  });

  it('a logout in one browser leaves the user online while a browser of another session of theirs is connected', async () => {
    const attendant = await createUser(server, company.companyId, 'Two Browsers Hana');
    const otherBrowser = (await server.login(attendant.email, 'Secret-123')).token;
    const admin = await connect(company.token);
    const here = await openTab(attendant.token, attendant.userId, admin);
    const there = await openTab(otherBrowser, attendant.userId, admin);
    try {
      expect((await logout(attendant.token)).statusCode).toBe(204);
      expect((await userOf(attendant.userId)).online).toBe(true);
      await here.close();
      await settledWith(attendant.userId, 1);
      expect((await userOf(attendant.userId)).online).toBe(true);

      const from = admin.frames.length;
      await there.close();
      await admin.next(onlineFrame(attendant.userId, false), from);
      expect(await offlineReasons(attendant.userId)).toEqual(['online', 'offline:sockets-closed']);
    } finally {
      for (const s of [admin, here, there]) await s.close();
    }
  });

  it('the session answer carries the real online value (login, refresh, /auth/me)', async () => {
    const attendant = await createUser(server, company.companyId, 'Session Ines');
    const session = await server.login(attendant.email, 'Secret-123');
    expect(session.body.user.online).toBe(false);
    const me = async () => (await server.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(session.token) })).json().online;
    expect(await me()).toBe(false);

    const admin = await connect(company.token);
    const tab = await openTab(session.token, attendant.userId, admin);
    try {
      expect(await me()).toBe(true);
      const refreshed = await server.app.inject({ method: 'POST', url: '/auth/refresh_token', headers: { cookie: session.cookie } });
      expect(refreshed.statusCode).toBe(200);
      expect(refreshed.json().user.online).toBe(true);
      expect((await server.login(attendant.email, 'Secret-123')).body.user.online).toBe(true);

      const from = admin.frames.length;
      await tab.close();
      await admin.next(onlineFrame(attendant.userId, false), from);
      expect(await me()).toBe(false);
    } finally {
      for (const s of [admin, tab]) await s.close();
    }
  });

  it('a server shutting down forgets its sockets without taking anyone offline (the browsers reconnect elsewhere)', async () => {
    const attendant = await createUser(server, company.companyId, 'Shutdown Joao');
    const presence = server.wiring.presence;
    const connection = { connectionId: randomUUID(), userId: attendant.userId, companyId: company.companyId, sessionId: randomUUID() };
    await presence.connected(connection);
    await presence.ping({ userId: attendant.userId, companyId: company.companyId }, connection);
    expect((await userOf(attendant.userId)).online).toBe(true);
    await presence.disconnected(connection, { serverClosing: true });
    expect(await connectionsOf(attendant.userId)).toEqual([]);
    expect((await userOf(attendant.userId)).online).toBe(true);
    expect(await offlineReasons(attendant.userId)).toEqual(['online']);
  });

  it('a crashed edge’s sockets keep the user online only until the sweeper finds their pings stopped', async () => {
    const attendant = await createUser(server, company.companyId, 'Crash Karen');
    const presence = server.wiring.presence;
    // A socket on an edge that died: registered, never closed.
    const orphan = { connectionId: randomUUID(), userId: attendant.userId, companyId: company.companyId, sessionId: randomUUID() };
    await presence.connected(orphan);
    const admin = await connect(company.token);
    const tab = await openTab(attendant.token, attendant.userId, admin);
    try {
      await tab.close();
      await settledWith(attendant.userId, 1);
      expect((await userOf(attendant.userId)).online).toBe(true);

      const lastBeat = (await heartbeatOf(attendant.userId))!;
      await presence.sweep(new Date(lastBeat.getTime() + USER_OFFLINE_AFTER_MS + 1_000));
      expect(await connectionsOf(attendant.userId)).toEqual([]);
      expect((await userOf(attendant.userId)).online).toBe(false);
      expect(await offlineReasons(attendant.userId)).toEqual(['online', 'offline:pings-stopped']);
    } finally {
      for (const s of [admin, tab]) await s.close();
    }
  });
});
