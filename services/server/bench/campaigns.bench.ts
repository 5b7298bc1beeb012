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
import { performance } from 'node:perf_hooks';
import { figure, machineWatch, memoryPeak, runBench } from './kit/measure';
import { withProduct } from './kit/product';

const PLAN_CONTACTS = Number(process.env.BENCH_PLAN_CONTACTS ?? 100_000);
const SEND_CONTACTS = Number(process.env.BENCH_SEND_CONTACTS ?? 2_000);
/** The import reads at most 50,000 rows a file. */
const ROWS_PER_FILE = 50_000;

const mb = (bytes: number) => bytes / 1024 / 1024;

runBench(() =>
  withProduct({ name: 'campaigns', sessions: true }, async ({ wiring, call, addSandbox, upload }) => {
    const machine = machineWatch();
    const sandbox = await addSandbox();
    await wiring.sessions.reconcile();
    await call('POST', '/campaign-settings', { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 });

    const settle = async () => {
      const head = await wiring.store.headPosition();
      if (head) await wiring.runtime.waitForPosition(head);
    };
    async function listOf(name: string, count: number, base: number): Promise<number> {
      const list = await call('POST', '/contact-lists', { name });
      for (let start = 0; start < count; start += ROWS_PER_FILE) {
        const rows = Array.from({ length: Math.min(ROWS_PER_FILE, count - start) }, (_, index) => `Contato ${start + index},${base + start + index}`);
        const response = await upload(`/contact-lists/${list.id}/upload`, Buffer.from(['nome,numero', ...rows].join('\n')), 'l.csv');
        if (response.statusCode !== 200) throw new Error(`upload: ${response.statusCode} ${response.body.slice(0, 300)}`);
      }
      await settle();
      return list.id;
    }

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
    // The peak over the pass.
    const memory = memoryPeak(20);
    started = performance.now();
    await planner.tick();
    const planSeconds = (performance.now() - started) / 1000;
    const peak = memory.stop();
    const planned = (await wiring.store.readStream(campaignShippingsStream(big.id))).filter((event) => event.type === 'CampaignShippingsPlanned').length;
    figure('plan_seconds', planSeconds, `s to plan ${PLAN_CONTACTS} contacts (${planned} events, one append) and rest the down connection`);
    figure('plan_peak_heap_growth_mb', mb(peak.heapUsed - memory.start.heapUsed), 'MB heap above the start of the pass');
    figure('plan_peak_rss_growth_mb', mb(peak.rss - memory.start.rss), 'MB rss above the start of the pass');
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
    machine.report();
  }),
);
