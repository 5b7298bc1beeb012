import { createPresenceTracker } from '@conversa/api';
import { USER_OFFLINE_AFTER_MS } from '@conversa/contracts';
import { userPresenceStream } from '@conversa/core';
import { onlineUserIds } from '@conversa/projections/users/queries';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
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
  const socket = new WebSocket(`${server.url.replace('http', 'ws')}/socket?token=${encodeURIComponent(token)}`);
  const frames: Frame[] = [];
  const waiters: Array<{ predicate: (f: Frame) => boolean; resolve: (f: Frame) => void }> = [];
  socket.on('message', (raw) => {
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
  return {
    socket,
    frames,
    next: (predicate: (f: Frame) => boolean) => {
      const seen = frames.find(predicate);
      return seen ? Promise.resolve(seen) : new Promise<Frame>((resolve) => waiters.push({ predicate, resolve }));
    },
  };
}

const userOf = async (id: number) => (await server.app.inject({ method: 'GET', url: `/users/${id}`, headers: bearer(company.token) })).json();
const presenceEvents = async (userId: number) => (await server.wiring.store.readStream(userPresenceStream(userId))).map((event) => ({ type: event.type, data: event.data }));
const heartbeatOf = async (userId: number) =>
  (await server.wiring.db.selectFrom('presence.user_heartbeats').select('last_seen_at').where('user_id', '=', userId).executeTakeFirst())?.last_seen_at as Date | undefined;

describe('online status', () => {
  it('the browser’s userStatus ping brings the user online, announced to the company and to nobody else', async () => {
    const attendant = await createUser(server, company.companyId, 'Online Ana');
    expect((await userOf(attendant.userId)).online).toBe(false);
    const adminSocket = await connect(company.token);
    const otherSocket = await connect(other.token);
    const attendantSocket = await connect(attendant.token);
    try {
      attendantSocket.socket.send(JSON.stringify({ event: 'userStatus' }));
      const frame = await adminSocket.next((f) => f.event === `company-${company.companyId}-user` && f.data.user?.id === attendant.userId && f.data.user.online === true);
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
      { type: 'UserWentOffline', data: { userId: attendant.userId, lastSeenAt: lastBeat.toISOString() } },
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
