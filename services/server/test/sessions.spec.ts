import type { RunningSession, SessionDriver } from '@conversa/channels';
import { connectionStream } from '@conversa/contracts';
import { connection, runCommand } from '@conversa/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, signupCompany, type TestServer } from './harness';
import { startChannelServer } from './meta-harness';

let server: TestServer;
let a: { token: string; userId: number; companyId: number };

/** Sessions the driver started, in order, with whether they were stopped. */
const started: Array<{ generation: 'without account' | 'with account'; stopped: boolean }> = [];

/**
 * A Cloud API driver whose first start loses a race the real one loses under load: while it
 * starts without an account, someone links the account and asks for the session again; then it
 * finds no account and ends for good.
 */
const driver: SessionDriver = {
  channel: 'whatsappapi',
  async start(target, hooks) {
    const record = { generation: target.account?.tokenMeta ? ('with account' as const) : ('without account' as const), stopped: false };
    started.push(record);
    const session: RunningSession = {
      send: async () => ({ providerId: 'wamid.sent' }),
      stop: async () => void (record.stopped = true),
      logout: async () => void (record.stopped = true),
    };
    if (record.generation === 'without account') {
      const actor = { kind: 'user' as const, id: a.userId };
      const command = (command: Parameters<typeof connection.decide>[1]) =>
        runCommand(server.wiring.ctx, { decider: connection, streamId: connectionStream(target.id), command, companyId: target.companyId, actor });
      await command({
        type: 'ChangeConnectionAccount',
        account: { facebookUserId: null, facebookUserToken: null, facebookPageUserId: '106540352242922', tokenMeta: 'EAACLOUD' },
      });
      await command({ type: 'RequestSession', kind: 'start' });
      await hooks.ended('no Meta account is linked to this connection');
    }
    return session;
  },
};

beforeAll(async () => {
  server = await startChannelServer({ sessionDrivers: [driver] });
  const company = await signupCompany(server, 'Sessions Co', 93);
  a = { token: (await server.login(company.email, company.password)).token, userId: company.userId, companyId: company.companyId };
});
afterAll(async () => {
  await server?.close();
});

describe('session manager', () => {
  it('a session that ends while a newer request arrives leaves that request standing: the session starts again and runs', async () => {
    const created = await server.app.inject({ method: 'POST', url: '/whatsapp', headers: bearer(a.token), payload: { name: 'Cloud', channel: 'whatsappapi' } });
    expect(created.statusCode, created.body).toBe(201);
    const connectionId: number = created.json().id;

    await vi.waitFor(
      async () => {
        await server.wiring.sessions.reconcile();
        expect(server.wiring.sessions.session(connectionId)).toBeDefined();
      },
      { timeout: 15_000, interval: 50 },
    );
    expect(started).toEqual([
      // The session that ended while it started is stopped, not left running unowned.
      { generation: 'without account', stopped: true },
      { generation: 'with account', stopped: false },
    ]);
    const events = await server.wiring.store.readStream(connectionStream(connectionId));
    expect(events.map((event) => event.type)).not.toContain('ConnectionSessionStopRequested');
  });
});
