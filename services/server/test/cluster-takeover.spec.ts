import {
  assignedMember,
  createRemoteSender,
  createSandboxDriver,
  createSessionGateway,
  createSessionManager,
  serveRemoteSends,
  sessionLeaseKey,
  silentLogger,
  type RunningSession,
  type SessionDirectory,
  type SessionDriver,
  type SessionManager,
} from '@conversa/channels';
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
  const created = await server.app.inject({
    method: 'POST',
    url: '/whatsapp',
    headers: bearer(company.token),
    payload: { name: 'Sandbox', channel: 'sandbox' },
  });
  expect(created.statusCode, created.body).toBe(201);
  sandbox = created.json();
  expect(created.json().status).toBe('CONNECTED');
});
afterAll(() => server?.close());

/** A sender in a process that runs no session (its manager has no drivers and never starts). */
function senderGateway(takeoverWaitMs: number) {
  const directory = createSessionManager({ ctx: server.wiring.ctx, drivers: [], connectionString: server.wiring.databaseUrl, bus: server.wiring.bus });
  return createSessionGateway({
    directory,
    bus: server.wiring.bus,
    db: server.wiring.db,
    leaseKeyOf: sessionLeaseKey,
    remoteTimeoutMs: 10_000,
    takeoverWaitMs,
  });
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
  await expect(createSessionGateway({ directory: starting, takeoverWaitMs: 5_000 }).send(outbound)).resolves.toEqual({
    providerId: `started-${outbound.messageId}`,
  });
  expect(sent).toEqual([outbound.messageId]);
  // A session that never starts: the message fails once the wait is over, not before.
  const started = performance.now();
  await expect(
    createSessionGateway({ directory: { owns: () => true, session: () => undefined }, takeoverWaitMs: 300 }).send(message(sandbox.id)),
  ).rejects.toThrow('no channel connected');
  // The wait counts whole milliseconds (Date.now): up to one less than performance.now sees.
  expect(performance.now() - started).toBeGreaterThanOrEqual(299);
});

/** A sandbox driver whose sends never answer: a process that dies holding the request. */
const silentDriver = (): SessionDriver => ({
  channel: 'sandbox',
  start: async () => ({ send: () => new Promise(() => {}), stop: async () => {}, logout: async () => {} }),
});

it('a send left unanswered by an owner that dies goes to the member that takes the connection over, well before the remote timeout', async () => {
  const dying = createSessionManager({
    ctx: server.wiring.ctx,
    drivers: [silentDriver()],
    connectionString: server.wiring.databaseUrl,
    bus: server.wiring.bus,
    reconcileIntervalMs: 60_000,
  });
  await dying.start();
  expect(dying.owned()).toContain(sandbox.id);
  const gateway = senderGateway(10_000);
  try {
    const outbound = message(sandbox.id);
    const started = performance.now();
    const sending = gateway.send(outbound);
    // The request reached the owner, which will never answer; the owner then goes (its leases with it).
    await new Promise((resolve) => setTimeout(resolve, 300));
    await dying.stop();
    await server.wiring.sessions.start();
    await expect(sending).resolves.toEqual({ providerId: `sandbox-${outbound.messageId}` });
    // The remote timeout is 10 s (senderGateway): the new owner answered, the request did not time out.
    expect(performance.now() - started).toBeLessThan(5_000);
  } finally {
    await gateway.close();
    await server.wiring.sessions.stop();
    await dying.stop();
  }
});

it('a send to an owner whose session is still starting is answered once it has started, not dropped', async () => {
  let running: RunningSession | undefined;
  const served = await serveRemoteSends({
    bus: server.wiring.bus,
    owns: (id) => id === 777_001,
    sessionOf: () => running,
    startingWaitMs: 5_000,
    media: server.wiring.ctx.media,
    log: silentLogger,
  });
  const remote = createRemoteSender({ bus: server.wiring.bus, timeoutMs: 10_000 });
  try {
    setTimeout(() => {
      running = { send: async (outbound) => ({ providerId: `late-${outbound.messageId}` }), stop: async () => {}, logout: async () => {} };
    }, 300);
    const outbound = message(777_001);
    const started = performance.now();
    const { media, ...rest } = outbound;
    await expect(remote.request(777_001, { message: { ...rest, media } })).resolves.toEqual({ providerId: `late-${outbound.messageId}` });
    expect(performance.now() - started).toBeLessThan(5_000);
  } finally {
    await remote.close();
    await served.unsubscribe();
  }
});

it('managers split the connections between them by member, and the survivor takes a stopped member share over', async () => {
  const ids = [sandbox.id];
  for (let index = 0; index < 5; index++) {
    const created = await server.app.inject({
      method: 'POST',
      url: '/whatsapp',
      headers: bearer(company.token),
      payload: { name: `Sandbox ${index}`, channel: 'sandbox' },
    });
    if (created.statusCode !== 201) break;
    ids.push(created.json().id);
  }
  const [one, two] = [0, 1].map(() =>
    createSessionManager({
      ctx: server.wiring.ctx,
      drivers: [createSandboxDriver({ db: server.wiring.db })],
      connectionString: server.wiring.databaseUrl,
      bus: server.wiring.bus,
      reconcileIntervalMs: 60_000,
    }),
  ) as [SessionManager, SessionManager];
  try {
    await one.start();
    await two.start();
    await one.reconcile();
    await two.reconcile();
    const members = [one.member()!, two.member()!];
    // Each runs exactly the connections assigned to it, and every connection runs once.
    for (const id of ids) expect([one, two].filter((m) => m.owned().includes(id)).map((m) => m.member())).toEqual([assignedMember(id, members)]);
    await one.stop();
    await two.reconcile();
    expect(two.owned().sort()).toEqual([...ids].sort());
  } finally {
    await one.stop();
    await two.stop();
  }
});
