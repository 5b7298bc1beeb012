/**
 * Assignment figures: `pnpm bench:assignment`. The real product on one process (embedded Postgres,
 * projections, reactors) on a fresh data dir. A queue with assignment on and BENCH_ASSIGN_ATTENDANTS
 * online attendants (capacity enough for every ticket) receives BENCH_ASSIGN_TICKETS first messages
 * from new contacts at BENCH_ASSIGN_RATE per second through the sandbox channel. For each ticket the
 * log gives when it arrived in the queue (TicketQueueAssigned) and when the assigner gave it out
 * (TicketTransferred with its reason): the latency's p50/p99/max, and the same from the message's
 * POST. One JSON line per figure on stdout; progress on stderr.
 */
import { figure, log, percentileFigures, runBench } from './kit/measure';
import { withProduct } from './kit/product';

const TICKETS = Number(process.env.BENCH_ASSIGN_TICKETS ?? 1000);
const RATE = Number(process.env.BENCH_ASSIGN_RATE ?? 100);
const ATTENDANTS = Number(process.env.BENCH_ASSIGN_ATTENDANTS ?? 10);

runBench(() =>
  withProduct({ name: 'assign', http: { edge: true }, sessions: true }, async ({ wiring, call, login, addSandbox }) => {
    const queue = await call('POST', '/queue', { name: 'Bench', color: '#123456', greetingMessage: 'Fila Bench.' });
    const attendants: number[] = [];
    for (let index = 0; index < ATTENDANTS; index++) {
      const email = `attendant${index}@example.com`;
      const user = await call('POST', '/users', { name: `Atendente ${index}`, email, password: 'Bench-pass-1', profile: 'user', queueIds: [queue.id] });
      attendants.push(user.id);
      await call('PUT', '/users/me/status', { status: 'online' }, (await login(email, 'Bench-pass-1')).token);
    }
    await call('PUT', `/queues/${queue.id}/work`, {
      autoAssign: true,
      positionStep: 5,
      priorityTagIds: [],
      capacities: attendants.map((userId) => ({ userId, capacity: Math.ceil(TICKETS / ATTENDANTS) + 1 })),
      firstResponseMinutes: 60,
      resolutionMinutes: 480,
    });
    const sandbox = await addSandbox({ queueIds: [queue.id] });
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
        const { ticketId } = await sandbox.deliver({ from: String(5511990000000 + index), name: `Cliente ${index}`, body: 'oi' });
        sentAt.set(ticketId, at);
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
    percentileFigures('assignment_latency_from_arrival', fromArrival, [50, 99, 'max']);
    percentileFigures('assignment_latency_from_post', fromPost, [50, 99]);
    figure('assignment_offered_rate', RATE, 'tickets/s');
    figure('assignment_tickets', TICKETS, 'tickets');
  }),
);
