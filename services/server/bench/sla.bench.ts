/**
 * SLA figures' query time: `pnpm bench:sla`. The product's read models on a fresh embedded Postgres;
 * BENCH_SLA_TICKETS rows (default 1,000,000) of read.ticket_sla for one company over 90 days, 20
 * queues and 50 attendants, a tenth breached, written straight into the table (the figures read
 * only it). Then GET /dashboard/sla's query (slaFigures) for 7, 30 and 90 days, median of 5 runs
 * each. One JSON line per figure on stdout; progress on stderr.
 */
import { sql } from 'kysely';
import { slaFigures } from '@conversa/projections/sla/queries';
import { figure, log, median, runBench, sampleTimes } from './kit/measure';
import { withWiring } from './kit/product';

const TICKETS = Number(process.env.BENCH_SLA_TICKETS ?? 1_000_000);
const COMPANY = 1;

runBench(() =>
  withWiring({ name: 'sla', seed: false }, async ({ wiring }) => {
    await wiring.runtime.start();
    log(`writing ${TICKETS} SLA rows`);
    const started = performance.now();
    await sql`
      insert into read.ticket_sla (ticket_id, company_id, queue_id, user_id, started_at, hours, time_zone, pause_on_customer,
        first_response_minutes, first_response_warn, first_response_due, first_response_at, first_response_breached,
        resolution_minutes, resolution_warn, resolution_due, resolved_at, resolution_breached)
      select n, ${COMPANY}, 1 + n % 20, 1 + n % 50, s, null, 'America/Sao_Paulo', false,
        15, s + interval '12 minutes', s + interval '15 minutes', s + (n % 20) * interval '1 minute', n % 10 = 0,
        240, s + interval '192 minutes', s + interval '240 minutes', s + (n % 300) * interval '1 minute', n % 10 = 1
      from (select n, now() - (n % (90 * 24 * 60)) * interval '1 minute' as s from generate_series(1, ${TICKETS}) as n) as rows
    `.execute(wiring.db);
    await sql`analyze read.ticket_sla`.execute(wiring.db);
    log(`written in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const today = new Date().toISOString().slice(0, 10);
    const daysAgo = (days: number) => new Date(Date.now() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
    for (const days of [7, 30, 90]) {
      let queues = 0;
      const times = await sampleTimes(5, async () => {
        queues = (await slaFigures(wiring.db, COMPANY, { from: daysAgo(days), to: today })).queues.length;
      });
      log(`${days} days: ${queues} queues, runs ${times.map((time) => time.toFixed(0)).join(' ')} ms`);
      figure(`sla_figures_${days}d_median`, median(times), 'ms');
    }
    figure('sla_rows', TICKETS, 'rows');
  }),
);
