/**
 * Ticket figures: `pnpm bench:tickets`. The real product (embedded Postgres with the product's own
 * settings, projections, edge) on a fresh data dir. Read tables are bulk-loaded with SQL (issue 4
 * allows it): 1,000,000 tickets and 10,000,000 messages in one company plus 20 other companies.
 * Then, through the HTTP stack (fastify.inject, with authentication):
 *   GET /tickets first page and a page 500 deep (p50/p95), GET /messages/{ticketId} (p50/p95),
 * and, on a real websocket, inbound message → ticket frame latency at 200 messages/s (p50/p99).
 * Sizes can be cut for a quick run: BENCH_TICKETS, BENCH_MESSAGES. One JSON line per figure.
 * BENCH_DATA_DIR=<dir> keeps the data dir and its bulk load for later runs.
 * The phases live in ./tickets/: settings (every env switch), measure (statement counting, CPU,
 * figure lines), load (bulk load), reads, inbound (with browser and sweep), roles (BENCH_SPLIT).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort } from '../../testing/src/postgres';
import { loadConfig } from '../src/config';
import { buildHttp } from '../src/http';
import { seed } from '../src/seed';
import { wire } from '../src/wiring';
import { inboundFigures } from './tickets/inbound';
import { prepareData } from './tickets/load';
import { countStatements } from './tickets/measure';
import { readFigures } from './tickets/reads';
import { startNats, startProjectorRole } from './tickets/roles';
import { ONLY_INBOUND, ONLY_READS, SPLIT } from './tickets/settings';

countStatements();

async function main() {
  // BENCH_DATA_DIR keeps the loaded data for the next run (loading 10,000,000 messages takes a while).
  const keptDir = process.env.BENCH_DATA_DIR;
  const dataDir = keptDir ?? mkdtempSync(join(tmpdir(), 'conversa-bench-tickets-'));
  const pgPort = await freePort();
  // The embedded Postgres takes its port from the environment (a kept data dir keeps its own port too).
  process.env.PG_PORT = String(pgPort);
  const secrets = { ADMIN_EMAIL: 'bench@example.com', ADMIN_PASSWORD: 'Bench-pass-1', JWT_SECRET: 'bench-secret-'.repeat(4) };
  // BENCH_SPLIT=1: the projector role in a process of its own, joined by a real nats-server (see settings).
  const nats = SPLIT ? await startNats() : null;
  // The settings a run may vary (batching, prepared statements) pass through from the environment.
  const tuning = Object.fromEntries(
    ['EVENTS_APPEND_SPACING_MS', 'EVENTS_TAIL_SPACING_MS', 'DATABASE_PREPARED_STATEMENTS'].flatMap((name) =>
      process.env[name] ? [[name, process.env[name]]] : [],
    ),
  );
  const config = loadConfig({ DATA_DIR: dataDir, PG_PORT: String(pgPort), ...secrets, ...tuning, ...(nats ? { NATS_URL: nats.url } : {}) }, dataDir);
  const wiring = await wire(config, { runProjections: !SPLIT });
  const projectorRole = SPLIT ? await startProjectorRole({ ...secrets, DATABASE_URL: wiring.databaseUrl, NATS_URL: nats!.url, DATA_DIR: dataDir }) : null;
  try {
    await seed(wiring.ctx, config);
    const { app } = await buildHttp(wiring, { serveUi: false, edge: true, projections: !SPLIT });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');

    // Company 1 (the seed's) is the big one; its admin is the super admin of the seed.
    const login = await app.inject({ method: 'POST', url: '/auth/login', payload: { email: 'bench@example.com', password: 'Bench-pass-1' } });
    let token = login.json().token as string;
    // Access tokens are short-lived and a full bulk load takes most of an hour.
    const relogin = async () => {
      const again = await app.inject({ method: 'POST', url: '/auth/login', payload: { email: 'bench@example.com', password: 'Bench-pass-1' } });
      token = again.json().token as string;
    };
    const bigCompany = login.json().user.companyId as number;

    // Measured on a product that has caught up with its events: projectors still reading what was
    // appended while it was down would compete with the reads.
    if (!SPLIT) {
      const deadline = performance.now() + 120_000;
      while (![...wiring.runtime.status(), ...wiring.reactors.status()].every((projector) => projector.caughtUp)) {
        if (performance.now() > deadline) throw new Error('projectors did not catch up within 2 minutes');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    if (!ONLY_INBOUND) {
      await prepareData(wiring, bigCompany, dataDir, keptDir);
      await relogin();
      await readFigures(app, token, wiring.db);
    }

    if (ONLY_READS) {
      await app.close();
      return;
    }
    // Inbound at a steady rate, each message to its own contact's ticket, timed to its frame.
    await relogin();
    await inboundFigures({ wiring, app, port: address.port, token, bigCompany, projectorRole });
  } finally {
    projectorRole?.kill('SIGTERM');
    await wiring.close();
    nats?.stop();
    if (!keptDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error, (error as Error | undefined)?.stack, new Error('bench failed').stack);
  process.exitCode = 1;
});
