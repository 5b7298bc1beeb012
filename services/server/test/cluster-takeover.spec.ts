import { createSessionGateway, createSessionManager, sessionLeaseKey, type RunningSession, type SessionDirectory } from '@conversa/channels';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, signupCompany, startTestServer, type TestServer } from './harness';

/**
 * The sender's side of a channels failover (docs/scaling.md "Found and fixed"): a send to a
 * connection that should run but whose owner just died waits for a standby to take its session
 * over, bounded, and so does a send to a session the sender's own process has taken over and is
 * still starting; anything else still fails at once with 'no channel connected'.
 */
let server: TestServer;
let company: { companyId: number; token: string };
let sandbox: { id: number; token: string };

beforeAll(async () => {
  server = await startTestServer();
  const signup = await signupCompany(server, 'Takeover Co', 242);
  company = { companyId: signup.companyId, token: (await server.login(signup.email, signup.password)).token };
  const created = await server.app.inject({ method: 'POST', url: '/whatsapp', headers: bearer(company.token), payload: { name: 'Sandbox', channel: 'sandbox' } });
  expect(created.statusCode, created.body).toBe(201);
  sandbox = created.json();
  expect(created.json().status).toBe('CONNECTED');
});
afterAll(() => server?.close());

/** A sender in a process that runs no session (its manager has no drivers and never starts). */
function senderGateway(takeoverWaitMs: number) {
  const directory = createSessionManager({ ctx: server.wiring.ctx, drivers: [], connectionString: server.wiring.databaseUrl, bus: server.wiring.bus });
  return createSessionGateway({ directory, bus: server.wiring.bus, db: server.wiring.db, leaseKeyOf: sessionLeaseKey, remoteTimeoutMs: 10_000, takeoverWaitMs });
}

const message = (whatsappId: number) => ({
  companyId: company.companyId,
  whatsappId,
  channel: 'sandbox' as const,
  contact: { number: '5511990001111', isGroup: false },
  messageId: randomUUID(),
  body: 'Durante a troca',
  mediaType: 'chat' as const,
  media: null,
  location: null,
  quotedProviderId: null,
});

it('a send to a CONNECTED connection nobody runs fails after the wait, and anything unknown at once', async () => {
  const gateway = senderGateway(400);
  try {
    let started = performance.now();
    await expect(gateway.send(message(sandbox.id))).rejects.toThrow('no channel connected');
    expect(performance.now() - started).toBeGreaterThanOrEqual(400);
    started = performance.now();
    await expect(gateway.send(message(999_999))).rejects.toThrow('no channel connected');
    expect(performance.now() - started).toBeLessThan(400);
  } finally {
    await gateway.close();
  }
});

it('a send waiting on a connection whose owner died goes out once the standby takes the session over', async () => {
  const gateway = senderGateway(20_000);
  try {
    const outbound = message(sandbox.id);
    const sending = gateway.send(outbound);
    // The standby's first pass comes later: the send is still waiting for it.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await server.wiring.sessions.start();
    await expect(sending).resolves.toEqual({ providerId: `sandbox-${outbound.messageId}` });
    const phone = await server.app.inject({ method: 'GET', url: `/sandbox/${sandbox.id}/outbox?to=5511990001111`, headers: bearer(sandbox.token) });
    expect(phone.json().messages.filter((entry: { id: string }) => entry.id === outbound.messageId)).toHaveLength(1);
  } finally {
    await gateway.close();
    await server.wiring.sessions.stop();
  }
});

it('a send to a session this process has just taken over waits for it to start, bounded by the same wait', async () => {
  // The standby holds the lease and is starting the session when the sender (now in the same process) sends.
  let running: RunningSession | undefined;
  const starting: SessionDirectory = { owns: () => true, session: () => running };
  const sent: string[] = [];
  setTimeout(() => {
    running = { send: async (outbound) => (sent.push(outbound.messageId), { providerId: `started-${outbound.messageId}` }) } as RunningSession;
  }, 300);
  const outbound = message(sandbox.id);
  await expect(createSessionGateway({ directory: starting, takeoverWaitMs: 5_000 }).send(outbound)).resolves.toEqual({ providerId: `started-${outbound.messageId}` });
  expect(sent).toEqual([outbound.messageId]);
  // A session that never starts: the message fails once the wait is over, not before.
  const started = performance.now();
  await expect(createSessionGateway({ directory: { owns: () => true, session: () => undefined }, takeoverWaitMs: 300 }).send(message(sandbox.id))).rejects.toThrow('no channel connected');
  expect(performance.now() - started).toBeGreaterThanOrEqual(300);
});
