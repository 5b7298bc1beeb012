/**
 * Ticket figures: `pnpm bench:tickets`. The real product (embedded Postgres with the product's own
 * settings, projections, edge) on a fresh data dir. Read tables are bulk-loaded with SQL (issue 4
 * allows it): 1,000,000 tickets and 10,000,000 messages in one company plus 20 other companies.
 * Then, through the HTTP stack (fastify.inject, with authentication):
 *   GET /tickets first page and a page 500 deep (p50/p95), GET /messages/{ticketId} (p50/p95),
 * and, on a real websocket, inbound message → ticket frame latency at 200 messages/s (p50/p99).
 * Sizes can be cut for a quick run: BENCH_TICKETS, BENCH_MESSAGES. One JSON line per figure.
 * BENCH_DATA_DIR=<dir> keeps the data dir and its bulk load for later runs.
 * The phases live in ./tickets/: settings (every env switch), load (bulk load), reads, inbound (with browser and
 * sweep), roles (BENCH_SPLIT); statement counting, CPU and figure lines in ../kit/measure.ts, the product in ../kit/product.ts.
 */
import { performance } from 'node:perf_hooks';
import { countStatements, runBench } from './kit/measure';
import { BENCH_ADMIN, BENCH_SECRETS, startProduct } from './kit/product';
import { inboundFigures } from './tickets/inbound';
import { prepareData } from './tickets/load';
import { readFigures } from './tickets/reads';
import { startNats, startProjectorRole } from './tickets/roles';
import { ONLY_INBOUND, ONLY_READS, SPLIT } from './tickets/settings';

countStatements();

async function main() {
  // BENCH_DATA_DIR keeps the loaded data for the next run (loading 10,000,000 messages takes a while); a kept data
  // dir takes a free Postgres port too.
  const keptDir = process.env.BENCH_DATA_DIR;
  // BENCH_SPLIT=1: the projector role in a process of its own, joined by a real nats-server (see settings).
  const nats = SPLIT ? await startNats() : null;
  // The settings a run may vary (batching, prepared statements) pass through from the environment.
  const tuning = Object.fromEntries(
    ['EVENTS_APPEND_SPACING_MS', 'EVENTS_TAIL_SPACING_MS', 'DATABASE_PREPARED_STATEMENTS'].flatMap((name) =>
      process.env[name] ? [[name, process.env[name]]] : [],
    ),
  );
  const product = await startProduct({
    name: 'tickets',
    dataDir: keptDir,
    env: { ...tuning, ...(nats ? { NATS_URL: nats.url } : {}) },
    wire: { runProjections: !SPLIT },
    http: { edge: true },
    listen: true,
  }).catch((error: unknown) => {
    nats?.stop();
    throw error;
  });
  const { app, wiring, dataDir } = product;
  const projectorRole = SPLIT ? await startProjectorRole({ ...BENCH_SECRETS, DATABASE_URL: wiring.databaseUrl, NATS_URL: nats!.url, DATA_DIR: dataDir }) : null;
  try {
    // Company 1 (the seed's) is the big one; its admin is the super admin of the seed.
    let token = product.admin.token;
    // Access tokens are short-lived and a full bulk load takes most of an hour.
    const relogin = async () => {
      token = (await product.login(BENCH_ADMIN.email, BENCH_ADMIN.password)).token;
    };
    const bigCompany = product.admin.companyId;

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

    if (ONLY_READS) return;
    // Inbound at a steady rate, each message to its own contact's ticket, timed to its frame.
    await relogin();
    await inboundFigures({ wiring, port: product.port, token, bigCompany, projectorRole });
  } finally {
    projectorRole?.kill('SIGTERM');
    await product.close();
    nats?.stop();
  }
}

runBench(main);
