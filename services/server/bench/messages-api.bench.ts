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
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort } from '../../testing/src/postgres';
import { loadConfig } from '../src/config';
import { buildHttp } from '../src/http';
import { seed } from '../src/seed';
import { wire } from '../src/wiring';
import { log } from './tickets/measure';

const MESSAGES = Number(process.env.BENCH_API_MESSAGES ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_API_CONCURRENCY ?? 16);
const NUMBERS = Number(process.env.BENCH_API_NUMBERS ?? 100);

const figure = (name: string, value: number, unit: string, extra: Record<string, unknown> = {}) =>
  process.stdout.write(`${JSON.stringify({ name, value: Number(value.toFixed(2)), unit, ...extra })}\n`);
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]!;
const cpuTicks = () => readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'conversa-bench-api-'));
  const pgPort = await freePort();
  process.env.PG_PORT = String(pgPort);
  process.env.MESSAGES_API_RATE_LIMIT = String(MESSAGES * 10);
  const secrets = { ADMIN_EMAIL: 'bench@example.com', ADMIN_PASSWORD: 'Bench-pass-1', JWT_SECRET: 'bench-secret-'.repeat(4) };
  const config = loadConfig({ DATA_DIR: dataDir, PG_PORT: String(pgPort), ...secrets }, dataDir);
  const wiring = await wire(config, { runProjections: true });
  const cpuAtStart = cpuTicks();
  try {
    await seed(wiring.ctx, config);
    const { app } = await buildHttp(wiring, { serveUi: false, edge: false, projections: true });
    await app.ready();
    await wiring.sessions.start();
    const login = await app.inject({ method: 'POST', url: '/auth/login', payload: { email: 'bench@example.com', password: 'Bench-pass-1' } });
    const headers = { authorization: `Bearer ${login.json().token}` };
    const connection = (await app.inject({ method: 'POST', url: '/whatsapp', headers, payload: { name: 'Bench API', channel: 'sandbox' } })).json() as {
      id: number;
      token: string;
    };
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
    figure('messages_api_answer_p50', percentile(latencies, 50), 'ms');
    figure('messages_api_answer_p95', percentile(latencies, 95), 'ms');

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
  } finally {
    const spent = cpuTicks().map((value, index) => value - cpuAtStart[index]!);
    const total = spent.reduce((sum, value) => sum + value, 0);
    figure('machine_idle_share', (100 * spent[3]!) / total, '%');
    figure('machine_steal_share', (100 * spent[7]!) / total, '%');
    await wiring.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
