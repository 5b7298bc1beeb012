/**
 * Assignment figures: `pnpm bench:assignment`. The real product on one process (embedded Postgres,
 * projections, reactors) on a fresh data dir. A queue with assignment on and BENCH_ASSIGN_ATTENDANTS
 * online attendants (capacity enough for every ticket) receives BENCH_ASSIGN_TICKETS first messages
 * from new contacts at BENCH_ASSIGN_RATE per second through the sandbox channel. For each ticket the
 * log gives when it arrived in the queue (TicketQueueAssigned) and when the assigner gave it out
 * (TicketTransferred with its reason): the latency's p50/p99/max, and the same from the message's
 * POST. One JSON line per figure on stdout; progress on stderr.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../testing/src/postgres';
import { loadConfig } from '../src/config';
import { buildHttp } from '../src/http';
import { seed } from '../src/seed';
import { wire } from '../src/wiring';
import { figure, log, percentile } from './tickets/measure';

const TICKETS = Number(process.env.BENCH_ASSIGN_TICKETS ?? 1000);
const RATE = Number(process.env.BENCH_ASSIGN_RATE ?? 100);
const ATTENDANTS = Number(process.env.BENCH_ASSIGN_ATTENDANTS ?? 10);

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'conversa-bench-assign-'));
  process.env.PG_PORT = String(await freePort());
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      PG_PORT: process.env.PG_PORT,
      ADMIN_EMAIL: 'bench@example.com',
      ADMIN_PASSWORD: 'Bench-pass-1',
      JWT_SECRET: 'bench-secret-'.repeat(4),
    },
    dataDir,
  );
  const wiring = await wire(config, { runProjections: true });
  try {
    await seed(wiring.ctx, config);
    await wiring.sessions.start();
    const { app } = await buildHttp(wiring, { serveUi: false, edge: true, projections: true });
    await app.ready();
    const call = async (token: string, method: 'POST' | 'PUT', url: string, payload: object) => {
      const response = await app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });
      if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
      return response.json();
    };
    const login = async (email: string, password: string) =>
      (await app.inject({ method: 'POST', url: '/auth/login', payload: { email, password } })).json().token as string;
    const admin = await login('bench@example.com', 'Bench-pass-1');
    const queue = await call(admin, 'POST', '/queue', { name: 'Bench', color: '#123456', greetingMessage: 'Fila Bench.' });
    const attendants: number[] = [];
    for (let index = 0; index < ATTENDANTS; index++) {
      const email = `attendant${index}@example.com`;
      const user = await call(admin, 'POST', '/users', { name: `Atendente ${index}`, email, password: 'Bench-pass-1', profile: 'user', queueIds: [queue.id] });
      attendants.push(user.id);
      await call(await login(email, 'Bench-pass-1'), 'PUT', '/users/me/status', { status: 'online' });
    }
    await call(admin, 'PUT', `/queues/${queue.id}/work`, {
      autoAssign: true,
      positionStep: 5,
      priorityTagIds: [],
      capacities: attendants.map((userId) => ({ userId, capacity: Math.ceil(TICKETS / ATTENDANTS) + 1 })),
      firstResponseMinutes: 60,
      resolutionMinutes: 480,
    });
    const sandbox = await call(admin, 'POST', '/whatsapp', { name: 'Bench sandbox', channel: 'sandbox', queueIds: [queue.id] });
    const headBefore = await wiring.store.headPosition();

    log(`${TICKETS} first messages at ${RATE}/s to ${ATTENDANTS} online attendants`);
    const sentAt = new Map<number, number>();
    const start = performance.now();
    const wall = Date.now();
    await Promise.all(
      Array.from({ length: TICKETS }, async (_, index) => {
        const due = start + (index * 1000) / RATE;
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
        const at = Date.now();
        const response = await app.inject({
          method: 'POST',
          url: `/sandbox/${sandbox.id}/messages`,
          headers: { authorization: `Bearer ${sandbox.token}` },
          payload: { from: String(5511990000000 + index), name: `Cliente ${index}`, body: 'oi' },
        });
        if (response.statusCode !== 202) throw new Error(`deliver: ${response.statusCode} ${response.body}`);
        sentAt.set((response.json() as { ticketId: number }).ticketId, at);
      }),
    );
    log(`sent in ${((Date.now() - wall) / 1000).toFixed(1)} s; waiting for every assignment`);

    const arrived = new Map<number, number>();
    const assigned = new Map<number, number>();
    let from = headBefore ?? ('start' as const);
    const deadline = Date.now() + 300_000;
    while (assigned.size < TICKETS && Date.now() < deadline) {
      const events = await wiring.store.readAll({ fromPosition: from, filter: { eventTypes: ['TicketQueueAssigned', 'TicketTransferred'] }, maxCount: 5000 });
      for (const event of events) {
        const data = event.data as { ticketId: number; assignment?: unknown };
        if (event.type === 'TicketQueueAssigned') arrived.set(data.ticketId, Date.parse(event.metadata.occurredAt));
        else if (data.assignment) assigned.set(data.ticketId, Date.parse(event.metadata.occurredAt));
        from = event.position;
      }
      if (events.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (assigned.size < TICKETS) throw new Error(`only ${assigned.size} of ${TICKETS} tickets assigned`);
    const fromArrival = [...assigned].map(([ticketId, at]) => at - arrived.get(ticketId)!);
    const fromPost = [...assigned].map(([ticketId, at]) => at - sentAt.get(ticketId)!);
    figure('assignment_latency_from_arrival_p50', percentile(fromArrival, 50), 'ms');
    figure('assignment_latency_from_arrival_p99', percentile(fromArrival, 99), 'ms');
    figure('assignment_latency_from_arrival_max', Math.max(...fromArrival), 'ms');
    figure('assignment_latency_from_post_p50', percentile(fromPost, 50), 'ms');
    figure('assignment_latency_from_post_p99', percentile(fromPost, 99), 'ms');
    figure('assignment_offered_rate', RATE, 'tickets/s');
    figure('assignment_tickets', TICKETS, 'tickets');
    await app.close();
  } finally {
    await wiring.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
