/**
 * Messages API figures: `pnpm bench:messages-api`. The real product in one process (embedded Postgres,
 * projections, reactors, the sandbox session) on a fresh data dir. BENCH_API_MESSAGES (default 1,000)
 * requests to POST /api/messages/send through the HTTP stack (fastify.inject, the connection's token as
 * Bearer), BENCH_API_CONCURRENCY (default 16) at a time, to BENCH_API_NUMBERS (default 100) numbers:
 * requests answered per second, p50/p95 of an answer, and messages in the sandbox outbox (sent by the
 * sender reactor) per second until the last arrives. One JSON line per figure, with the machine's idle
 * and steal share over the run.
 */
import { sql } from 'kysely';
import { performance } from 'node:perf_hooks';
import { figure, log, machineWatch, percentileFigures, runBench } from './kit/measure';
import { withProduct } from './kit/product';

const MESSAGES = Number(process.env.BENCH_API_MESSAGES ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_API_CONCURRENCY ?? 16);
const NUMBERS = Number(process.env.BENCH_API_NUMBERS ?? 100);

runBench(() => {
  process.env.MESSAGES_API_RATE_LIMIT = String(MESSAGES * 10);
  return withProduct({ name: 'api', sessions: true }, async ({ app, wiring, addSandbox }) => {
    const machine = machineWatch();
    const connection = await addSandbox({ name: 'Bench API' });
    await wiring.sessions.reconcile();
    log(`sending ${MESSAGES} messages, ${CONCURRENCY} at a time, to ${NUMBERS} numbers through connection ${connection.id}`);

    const latencies: number[] = [];
    let next = 0;
    let failed = 0;
    const started = performance.now();
    const worker = async () => {
      while (next < MESSAGES) {
        const index = next++;
        const before = performance.now();
        const response = await app.inject({
          method: 'POST',
          url: '/api/messages/send',
          headers: { authorization: `Bearer ${connection.token}` },
          payload: { number: String(5511900000000 + (index % NUMBERS)), body: `Mensagem ${index}` },
        });
        latencies.push(performance.now() - before);
        if (response.statusCode !== 200) {
          failed += 1;
          if (failed < 5) log(`answer ${response.statusCode}: ${response.body.slice(0, 200)}`);
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const answeredMs = performance.now() - started;
    const sent = MESSAGES - failed;
    figure('messages_api_requests_per_s', (1000 * sent) / answeredMs, 'req/s', { messages: MESSAGES, concurrency: CONCURRENCY, failed });
    percentileFigures('messages_api_answer', latencies, [50, 95]);

    const count = async () =>
      Number(
        (await sql<{ n: string }>`select count(*) as n from channels.sandbox_outbox where connection_id = ${connection.id}`.execute(wiring.db)).rows[0]!.n,
      );
    const deadline = Date.now() + 600_000;
    let inOutbox = await count();
    while (inOutbox < sent && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      inOutbox = await count();
    }
    const outboxMs = performance.now() - started;
    figure('messages_api_into_outbox_per_s', (1000 * inOutbox) / outboxMs, 'msg/s', { delivered: inOutbox });
    figure('messages_api_last_in_outbox_after', outboxMs, 'ms');
    machine.report();
  });
});
