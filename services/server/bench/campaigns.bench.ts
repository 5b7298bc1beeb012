/**
 * Campaign figures: `pnpm bench:campaigns`. The real product (embedded Postgres, projections) on a fresh data
 * dir. (1) Planning: a BENCH_PLAN_CONTACTS (default 100,000) contact list imported through the upload route,
 * then the engine's first pass over the started campaign (every shipping planned in one append), its time and
 * the process's memory growth, and how long the report's read model takes to hold every row. (2) Throughput:
 * BENCH_SEND_CONTACTS (default 2,000) messages on a sandbox connection with every interval at 0, messages/s
 * from start to FINALIZADA. One JSON line per figure, with the machine's idle and steal share over the run.
 * The crash figures (kill -9 mid-campaign) come from services/server/test/campaigns-crash.spec.ts.
 */
import { campaignShippingsStream } from '@conversa/contracts';
import { sql } from 'kysely';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort } from '../../testing/src/postgres';
import { loadConfig } from '../src/config';
import { buildHttp } from '../src/http';
import { seed } from '../src/seed';
import { wire } from '../src/wiring';
import { figure, log } from './tickets/measure';

const PLAN_CONTACTS = Number(process.env.BENCH_PLAN_CONTACTS ?? 100_000);
const SEND_CONTACTS = Number(process.env.BENCH_SEND_CONTACTS ?? 2_000);
/** The import reads at most 50,000 rows a file. */
const ROWS_PER_FILE = 50_000;

const cpuTicks = () => readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
const mb = (bytes: number) => bytes / 1024 / 1024;

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'conversa-bench-campaigns-'));
  const pgPort = await freePort();
  process.env.PG_PORT = String(pgPort);
  const config = loadConfig(
    { DATA_DIR: dataDir, PG_PORT: String(pgPort), ADMIN_EMAIL: 'bench@example.com', ADMIN_PASSWORD: 'Bench-pass-1', JWT_SECRET: 'bench-secret-'.repeat(4) },
    dataDir,
  );
  const wiring = await wire(config, { runProjections: true });
  const cpuAtStart = cpuTicks();
  try {
    await seed(wiring.ctx, config);
    const { app } = await buildHttp(wiring, { serveUi: false, edge: false, projections: true });
    await app.ready();
    await wiring.sessions.start();
    const token = (await app.inject({ method: 'POST', url: '/auth/login', payload: { email: 'bench@example.com', password: 'Bench-pass-1' } })).json()
      .token as string;
    const headers = { authorization: `Bearer ${token}` };
    const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
      const response = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
      return response.json();
    };
    const sandbox = await call('POST', '/whatsapp', { name: 'Bench sandbox', channel: 'sandbox' });
    await wiring.sessions.reconcile();
    await call('POST', '/campaign-settings', { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 });

    async function listOf(name: string, count: number, base: number): Promise<number> {
      const list = await call('POST', '/contact-lists', { name });
      for (let start = 0; start < count; start += ROWS_PER_FILE) {
        const rows = Array.from({ length: Math.min(ROWS_PER_FILE, count - start) }, (_, index) => `Contato ${start + index},${base + start + index}`);
        const boundary = 'bench-boundary';
        const payload = Buffer.concat([
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="l.csv"\r\n\r\n`),
          Buffer.from(['nome,numero', ...rows].join('\n')),
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]);
        const response = await app.inject({
          method: 'POST',
          url: `/contact-lists/${list.id}/upload`,
          headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
          payload,
        });
        if (response.statusCode !== 200) throw new Error(`upload: ${response.statusCode} ${response.body.slice(0, 300)}`);
      }
      const head = await wiring.store.headPosition();
      if (head) await wiring.runtime.waitForPosition(head);
      return list.id;
    }
    const settle = async () => {
      const head = await wiring.store.headPosition();
      if (head) await wiring.runtime.waitForPosition(head);
    };

    // (1) Planning.
    let started = performance.now();
    const bigList = await listOf('Cem mil', PLAN_CONTACTS, 5511900000000);
    figure('list_import_seconds', (performance.now() - started) / 1000, `s for ${PLAN_CONTACTS} rows (upload route, read model caught up)`);
    // A channel that is down: the pass plans everything, then the connection's share rests (nothing is sent).
    const { createCampaignEngine } = await import('@conversa/automation');
    const { campaignLookup } = await import('@conversa/api');
    const planner = createCampaignEngine({
      ctx: wiring.ctx,
      db: wiring.db,
      channel: { send: async () => Promise.reject(new Error('no channel connected')) },
      media: wiring.ctx.media,
      lookup: campaignLookup(wiring.db, wiring.ctx.media),
    });
    const big = await call('POST', '/campaigns', {
      name: 'Plano',
      message1: 'Oi {firstName}',
      contactListId: bigList,
      whatsappId: String(sandbox.id),
      scheduledAt: new Date().toISOString(),
    });
    await planner.tick(); // PROGRAMADA → EM_ANDAMENTO
    await settle();
    // The peak over the pass, sampled: a before/after difference would hide what the collector freed meanwhile.
    const base = process.memoryUsage();
    const peak = { heapUsed: base.heapUsed, rss: base.rss };
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peak.heapUsed = Math.max(peak.heapUsed, now.heapUsed);
      peak.rss = Math.max(peak.rss, now.rss);
    }, 20);
    started = performance.now();
    await planner.tick();
    const planSeconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const planned = (await wiring.store.readStream(campaignShippingsStream(big.id))).filter((event) => event.type === 'CampaignShippingsPlanned').length;
    figure('plan_seconds', planSeconds, `s to plan ${PLAN_CONTACTS} contacts (${planned} events, one append) and rest the down connection`);
    figure('plan_peak_heap_growth_mb', mb(peak.heapUsed - base.heapUsed), 'MB heap above the start of the pass');
    figure('plan_peak_rss_growth_mb', mb(peak.rss - base.rss), 'MB rss above the start of the pass');
    started = performance.now();
    await settle();
    figure('plan_projected_seconds', (performance.now() - started) / 1000, `s until the report's read model holds ${PLAN_CONTACTS} shippings`);
    await call('POST', `/campaigns/${big.id}/cancel`);

    // (2) Throughput on the sandbox, intervals at 0.
    const sendList = await listOf('Envio', SEND_CONTACTS, 5511970000000);
    const campaign = await call('POST', '/campaigns', {
      name: 'Vazão',
      message1: 'Oferta para {firstName}',
      contactListId: sendList,
      whatsappId: String(sandbox.id),
      scheduledAt: new Date().toISOString(),
    });
    await wiring.campaigns.engine.tick();
    await settle();
    started = performance.now();
    for (;;) {
      await wiring.campaigns.engine.tick();
      const { status } = await call('GET', `/campaigns/${campaign.id}`);
      if (status === 'FINALIZADA') break;
      if (performance.now() - started > 600_000) throw new Error('the campaign did not finish in 10 minutes');
    }
    const seconds = (performance.now() - started) / 1000;
    const { rows } = await sql<{
      n: number;
      distinct: number;
    }>`select count(*)::int as n, count(distinct to_number)::int as distinct from channels.sandbox_outbox where connection_id = ${sandbox.id}`.execute(
      wiring.db,
    );
    figure('send_messages_per_second', SEND_CONTACTS / seconds, `msg/s (${SEND_CONTACTS} contacts, sandbox, intervals 0, planning included)`);
    figure('send_outbox_rows', rows[0]!.n, `rows for ${rows[0]!.distinct} numbers`);
    await app.close();
  } finally {
    const spent = cpuTicks().map((value, index) => value - cpuAtStart[index]!);
    const total = spent.reduce((a, b) => a + b, 0);
    figure('machine_idle_share', (100 * spent[3]!) / total, '%');
    figure('machine_steal_share', (100 * spent[7]!) / total, '%');
    await wiring.close();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    log(String(error?.stack ?? error));
    process.exit(1);
  },
);
