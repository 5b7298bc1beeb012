import { afterAll, expect, it } from 'vitest';
import { accept, companyWithSandbox, compareOnce, deliver, type Delivered, messageSocket, outbox, reply } from './cluster/clients';

type Socket = Awaited<ReturnType<typeof messageSocket>>;
import { type Cluster, leaseHeld, leaseHolderPid, type RoleProcess, startCluster, waitUntil } from './cluster/harness';

/**
 * Issues 24 and 34, the distributed mode run for real: the roles as separate processes on one
 * Postgres and a real nats-server (2 × api, 2 × edge, 2 × projector with the heavy read models in
 * 2 partitions by company, reactors, 2 × channels splitting the connections, automation). Sandbox
 * conversations go in through both apis while an admin's sockets sit on both edges; the process
 * holding the company's messages partition and then the channels process running its session are
 * killed with kill -9. The other takes over within 5 s, and at the end every message is in the read
 * model once and reached every socket once.
 */
const CONTACTS = 8;
const PER_CONTACT = 8;
const TAKEOVER_MS = 5_000;
let cluster: Cluster | undefined;

afterAll(async () => {
  await cluster?.close();
});

it('kill -9 the holder of the company messages partition and the channels owner: the others take over, nothing lost or doubled', async () => {
  const began = performance.now();
  // Sessions nobody runs are looked for every second (default 10 s): the channels standby's takeover time.
  cluster = await startCluster({ nats: true, env: { SESSIONS_RECONCILE_MS: '1000', PROJECTION_WAIT_MS: '30000', PROJECTOR_PARTITIONS: '2' } });
  const c = cluster;
  // Everything at once but the second channels process: the sandbox session must go to channels-1.
  const [api1, api2, edge1, edge2, , , , projectorA, projectorB] = await Promise.all([
    c.spawn('api-1', 'api'),
    c.spawn('api-2', 'api'),
    c.spawn('edge-1', 'edge'),
    c.spawn('edge-2', 'edge'),
    c.spawn('channels-1', 'channels'),
    c.spawn('automation', 'automation'),
    c.spawn('reactors', 'reactors'),
    c.spawn('projector-a', 'projector'),
    c.spawn('projector-b', 'projector'),
  ]);
  const startedMs = performance.now() - began;

  const company = await companyWithSandbox(api1.url!, 'Cluster Co', 240);
  // The company's messages are one partition's: the process holding it is the one that does not stand by for it.
  const partition = `messages#${company.companyId % 2}/2`;
  const standingBy = new RegExp(`Projector ${partition.replace(/[#/]/g, '\\$&')}: another instance holds it; standing by`);
  const projector2 = await Promise.race([projectorA, projectorB].map((p) => p.waitForLine(standingBy).then(() => p)));
  const projector1 = projector2 === projectorA ? projectorB : projectorA;
  // channels-1 is the only channels process yet: it takes the sandbox session; channels-2, started now, stands by.
  await waitUntil(() => leaseHeld(c, `session:${company.sandbox.id}`), 'channels-1 to run the sandbox session');
  const channels2Started = c.spawn('channels-2', 'channels');
  const sockets = await Promise.all([messageSocket(edge1.url!, company.token, company.companyId), messageSocket(edge2.url!, company.token, company.companyId)]);

  // Inbound: each contact's messages in order, contacts side by side, half through each api; the
  // active projector is killed when a third of them are in.
  const numbers = Array.from({ length: CONTACTS }, (_, index) => String(5511970000000 + index));
  const delivered: Delivered[] = [];
  let killedProjectorAt = 0;
  let leaseTakenMs = 0;
  const killProjector = async () => {
    killedProjectorAt = performance.now();
    await projector1.kill9();
    await waitUntil(() => leaseHeld(c, partition), `projector-2 to take the ${partition} lease`, 15_000, 20);
    leaseTakenMs = performance.now() - killedProjectorAt;
  };
  let kill: Promise<void> | undefined;
  await Promise.all(
    numbers.map(async (from, contact) => {
      const api = contact % 2 === 0 ? api1 : api2;
      for (let index = 0; index < PER_CONTACT; index++) {
        delivered.push(
          await deliver(api.url!, company.sandbox, {
            id: `in-${contact}-${index}`,
            from,
            name: `Contato ${contact}`,
            body: `Mensagem ${index} do contato ${contact}`,
          }),
        );
        if (!kill && delivered.length >= (CONTACTS * PER_CONTACT) / 3) kill = killProjector();
      }
    }),
  );
  await kill;
  expect(killedProjectorAt).toBeGreaterThan(0);
  const mark = (what: string) => console.log(`${Math.round(performance.now() - began)} ms: ${what}`);
  mark(`${delivered.length} inbound delivered; projector-1 killed at ${Math.round(killedProjectorAt - began)} ms`);
  const inbound = delivered.map((d) => ({ id: d.messageId, ticketId: d.ticketId, body: d.body }));
  const unseen = (socket: Socket, messages: typeof inbound) => messages.filter((message) => socket.shown(message) === undefined);
  for (const socket of sockets) await waitUntil(() => unseen(socket, inbound).length === 0, 'every inbound message on both edges', 30_000);
  // The takeover as a browser sees it: the first message sent after the kill shown on a socket.
  const after = inbound.filter((_, index) => delivered[index]!.at > killedProjectorAt);
  const firstAfter = Math.min(...sockets.flatMap((socket) => after.map((message) => socket.shown(message) ?? Infinity)));
  const projectorTakeoverMs = firstAfter - killedProjectorAt;
  mark(
    `every inbound message on both edges; ${after.length} sent after the kill, the first shown ${Math.round(projectorTakeoverMs)} ms after it; lease taken after ${Math.round(leaseTakenMs)} ms`,
  );
  expect(after.length).toBeGreaterThan(0);
  // The standby holds the lease within 5 s; a browser sees new messages again once every projector
  // it took over has prepared and caught up (~2.5-5 s measured here, on a saturated 2-core machine).
  expect(leaseTakenMs).toBeLessThan(TAKEOVER_MS);
  expect(projectorTakeoverMs).toBeLessThan(3 * TAKEOVER_MS);

  // Outbound: the admin answers every contact (through api-2); channels-1 runs the session and sends.
  const tickets = numbers.map((_, contact) => delivered.find((d) => d.externalId === `in-${contact}-0`)!.ticketId);
  for (const ticketId of tickets) await accept(api2.url!, company.token, ticketId, company.userId);
  const replies: typeof inbound = [];
  const answer = async (api: RoleProcess, ticketId: number, body: string) =>
    replies.push({ id: await reply(api.url!, company.token, ticketId, body), ticketId, body });
  for (const [contact, ticketId] of tickets.entries()) await answer(api2, ticketId, `Resposta 1 ao contato ${contact}`);
  const sentTo = async (contact: number) => (await outbox(api1.url!, company.sandbox, numbers[contact]!)).map((m) => m.body);
  await waitUntil(
    async () =>
      (await Promise.all(numbers.map((_, contact) => sentTo(contact)))).every((bodies, contact) => bodies.includes(`Resposta 1 ao contato ${contact}`)),
    'the first replies in the sandbox outbox',
    30_000,
  );

  await channels2Started;
  // Both channels processes see each other: the session is at the member it is assigned to, which is killed next.
  for (const channels of c.processes.filter((p) => p.role === 'channels')) await channels.waitForLine(/sessions: 2 member\(s\)/);
  await waitUntil(() => leaseHeld(c, `session:${company.sandbox.id}`), 'the sandbox session to run on its member');
  const ownerPid = await leaseHolderPid(c, `session:${company.sandbox.id}`);
  const owner = c.processes.find((p) => p.role === 'channels' && p.child.pid === ownerPid)!;
  expect(owner, `the channels process with pid ${ownerPid}`).toBeDefined();
  const survivor = c.processes.find((p) => p.role === 'channels' && p !== owner)!;
  // The channels owner dies while the second replies go out (through api-1); the other takes the session over.
  const backends = await c.sql<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = current_database()');
  const second = (async () => {
    for (const [contact, ticketId] of tickets.entries()) await answer(api1, ticketId, `Resposta 2 ao contato ${contact}`);
  })();
  await waitUntil(() => replies.length >= CONTACTS + 2, 'the second replies to start');
  const killedChannelsAt = performance.now();
  await owner.kill9();
  await waitUntil(
    async () => (await leaseHolderPid(c, `session:${company.sandbox.id}`)) === survivor.child.pid,
    `${survivor.name} to take the sandbox session`,
    15_000,
    20,
  );
  const channelsTakeoverMs = performance.now() - killedChannelsAt;
  mark(`${owner.name} killed; ${survivor.name} holds the session after ${Math.round(channelsTakeoverMs)} ms`);
  expect(channelsTakeoverMs).toBeLessThan(TAKEOVER_MS);
  await second;
  const states = async () =>
    c.sql<{ id: string; body: string; ack: number; send_error: string | null }>(
      'select id, body, ack, send_error from read.messages where company_id = $1 and from_me order by created_at',
      [company.companyId],
    );
  await waitUntil(async () => (await states()).every((m) => m.ack > 0 || m.send_error !== null), 'every reply sent or failed', 60_000, 200);
  const failures = (await states()).filter((m) => m.send_error !== null);
  mark(`replies: ${replies.length}, failed: ${JSON.stringify(failures.map((m) => [m.body, m.send_error]))}`);
  await waitUntil(
    async () =>
      (await Promise.all(numbers.map((_, contact) => sentTo(contact)))).every((bodies, contact) => bodies.includes(`Resposta 2 ao contato ${contact}`)),
    'the second replies in the sandbox outbox',
    30_000,
  );

  // Exactly once: the read model, every socket, the contact's phone.
  const all = [...inbound, ...replies];
  const ids = all.map((message) => message.id);
  for (const socket of sockets) await waitUntil(() => unseen(socket, all).length === 0, 'every message on both edges', 30_000);
  const rows = await c.sql<{ id: string }>('select id from read.messages where company_id = $1', [company.companyId]);
  expect(
    compareOnce(
      rows.map((row) => row.id),
      ids,
    ),
  ).toEqual({ doubled: [], missing: [], unexpected: [] });
  for (const socket of sockets)
    expect(
      compareOnce(
        socket.created.map((frame) => frame.id),
        ids,
      ),
    ).toMatchObject({ doubled: [], unexpected: [] });
  const phone = await c.sql<{ message_id: string }>('select message_id from channels.sandbox_outbox where connection_id = $1', [company.sandbox.id]);
  expect(
    compareOnce(
      phone.map((row) => row.message_id),
      replies.map((message) => message.id),
    ),
  ).toEqual({ doubled: [], missing: [], unexpected: [] });
  const failed = await c.sql<{ id: string }>('select id from read.messages where company_id = $1 and send_error is not null', [company.companyId]);
  expect(failed).toEqual([]);

  for (const socket of sockets) socket.close();
  const alive = (p: RoleProcess) => p.child.exitCode === null && p.child.signalCode === null;
  expect([api1, api2, edge1, edge2, projector2, survivor].every(alive)).toBe(true);
  console.log(
    JSON.stringify({
      cluster: {
        processes: c.processes.length,
        postgresBackends: backends[0]!.n,
        startedMs: Math.round(startedMs),
        inbound: inbound.length,
        retried: delivered.filter((d) => d.attempts > 1).length,
        replies: replies.length,
      },
      projectorTakeoverMs: Math.round(projectorTakeoverMs),
      projectorLeaseTakenMs: Math.round(leaseTakenMs),
      channelsTakeoverMs: Math.round(channelsTakeoverMs),
      wallMs: Math.round(performance.now() - began),
    }),
  );
}, 240_000);
