import { createInProcessBus } from '@conversa/bus';
import { afterEach, describe, expect, it } from 'vitest';
import type { SocketPrincipal } from '../src/index';
import { expectNothingElse, principal, startEdge, tokenFor, type TestClient, type TestEdge } from './support';

const started: TestEdge[] = [];
const clients: TestClient[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  for (const harness of started.splice(0)) {
    await harness.app.close();
    await harness.bus.close();
  }
});

async function edge(options: Omit<Parameters<typeof startEdge>[0], 'bus'> = {}) {
  const harness = await startEdge({ bus: createInProcessBus(), ...options });
  started.push(harness);
  return harness;
}

async function connect(harness: TestEdge, p: SocketPrincipal) {
  const client = await harness.connect(p);
  clients.push(client);
  await client.sync();
  return client;
}

// Frames of entity `secret` reach admins only: enough to see a socket's profile change.
const adminsOnly = { secret: (connection: { principal: SocketPrincipal }) => connection.principal.profile === 'admin' };

describe('access announcements', () => {
  it('closes only the named session on a logout, and other sessions keep their frames', async () => {
    const harness = await edge();
    const out = await connect(harness, principal({ userId: 5 }));
    const stays = await connect(harness, principal({ userId: 5 }));
    await harness.bus.publish('company.1.user-access', { userId: 5, sessionId: out.principal!.sessionId, change: 'revoked' });
    expect(await out.closed).toEqual({ code: 4401, reason: 'session revoked' });
    await expectNothingElse(harness.bus, 1, [stays]);
  });

  it('re-scopes a demoted user: the filters apply the reloaded principal', async () => {
    const demoted = new Map<string, SocketPrincipal>();
    const harness = await edge({ filters: adminsOnly, reauthorize: async (p) => demoted.get(p.sessionId) ?? p });
    const admin = principal({ userId: 6, profile: 'admin' });
    const client = await connect(harness, admin);
    await harness.bus.publish('company.1.secret', { n: 1 });
    expect(await client.next()).toEqual({ event: 'company-1-secret', data: { n: 1 } });

    demoted.set(admin.sessionId, { ...admin, profile: 'user' });
    await harness.bus.publish('company.1.user-access', { userId: 6, change: 'rescoped' });
    // Until the reload lands a secret may still pass; after it, the probe behind it comes first.
    await expect
      .poll(async () => {
        await harness.bus.publish('company.1.secret', { n: 2 });
        await harness.bus.publish('company.1.probe', {});
        const frame = await client.next();
        if (frame.event === 'company-1-secret') await client.next();
        return frame.event;
      })
      .toBe('company-1-probe');
  });

  it('closes a socket whose principal can no longer be reloaded', async () => {
    const harness = await edge({ reauthorize: async () => null });
    const client = await connect(harness, principal({ userId: 9 }));
    await harness.bus.publish('company.1.user-access', { userId: 9, change: 'rescoped' });
    expect((await client.closed).code).toBe(4401);
  });

  it('closes with 1011 when the reload itself fails: the new scope is unknown, and the browser reconnects', async () => {
    const harness = await edge({
      reauthorize: async () => {
        throw new Error('database down');
      },
    });
    const client = await connect(harness, principal({ userId: 10 }));
    await harness.bus.publish('company.1.user-access', { userId: 10, change: 'rescoped' });
    expect((await client.closed).code).toBe(1011);
  });

  it('re-checks a socket whose token was being verified when an announcement came', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let checking!: () => void;
    const checked = new Promise<void>((resolve) => (checking = resolve));
    const user = principal({ userId: 13 });
    const harness = await edge({
      authenticate: async () => {
        checking();
        await gate;
        return user;
      },
      reauthorize: async () => null,
    });
    const client = await harness.connect(user);
    clients.push(client);
    await checked;
    await harness.bus.publish('company.1.user-access', { userId: 13, sessionId: user.sessionId, change: 'revoked' });
    release();
    expect((await client.closed).code).toBe(4401);
  });

  it('closes at the token expiry, unless a fresh token for the same user arrives', async () => {
    const harness = await edge();
    const soon = Date.now() + 300;
    const expiring = await connect(harness, principal({ userId: 11, expiresAt: soon }));
    const renewed = await connect(harness, principal({ userId: 11, expiresAt: soon }));
    renewed.send({ event: 'authenticate', data: tokenFor({ ...renewed.principal!, expiresAt: Date.now() + 60_000 }) });
    await renewed.sync();
    expect(await expiring.closed).toEqual({ code: 4401, reason: 'token expired' });
    await expectNothingElse(harness.bus, 1, [renewed]);
    // Someone else's token over the socket ends it.
    renewed.send({ event: 'authenticate', data: tokenFor(principal({ userId: 12 })) });
    expect((await renewed.closed).code).toBe(4401);
  });
});
