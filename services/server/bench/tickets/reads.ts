/**
 * The read figures through the HTTP stack (fastify.inject, with authentication): GET /tickets pages
 * (by page number and by following cursors), GET /messages/{ticketId}; p50/p95 and the CPU per page of
 * this process and of Postgres, then the machine's idle and steal over them all.
 */
import type { FastifyInstance } from 'fastify';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { BASE } from './load';
import { figure, log, machineCpuTicks, machineShare, percentile, postgresCpuMs, statementMs, statements, statementTotal } from '../kit/measure';
import { HEAVY, SAMPLES, TICKETS, WARM, WARM_PATHS, WITH_SEARCH } from './settings';
import { logStatementStats, resetStatementStats } from './statements';
import type { Kysely } from 'kysely';

export async function readFigures(app: FastifyInstance, token: string, db: Kysely<any>) {
  const base = BASE;
  const get = (url: string) => app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  const time = async (url: string, name: string) => {
    for (let warm = 0; warm < WARM; warm++) await get(url);
    // BENCH_READ_PROFILE=<dir>: a CPU profile of each read figure's samples (<dir>/<name>.cpuprofile).
    const profiler = process.env.BENCH_READ_PROFILE ? new Session() : null;
    if (profiler) {
      profiler.connect();
      await profiler.post('Profiler.enable');
      // 100 µs: a page costs a few ms, the default millisecond leaves a handful of samples each.
      await profiler.post('Profiler.setSamplingInterval', { interval: 100 });
      await profiler.post('Profiler.start');
    }
    await resetStatementStats(db);
    const samples: number[] = [];
    // CPU of the samples alone (this process: routes, queries' client side, inject; Postgres: its backends).
    const cpuBefore = process.cpuUsage();
    const postgresBefore = postgresCpuMs();
    for (let index = 0; index < SAMPLES; index++) {
      const t0 = performance.now();
      const response = await get(url);
      samples.push(performance.now() - t0);
      if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
    }
    const cpu = process.cpuUsage(cpuBefore);
    await logStatementStats(db, SAMPLES, 'page');
    if (profiler) {
      const { profile } = await profiler.post('Profiler.stop');
      writeFileSync(join(process.env.BENCH_READ_PROFILE!, `${name}.cpuprofile`), JSON.stringify(profile));
      profiler.disconnect();
    }
    return { samples, nodeCpuMs: (cpu.user + cpu.system) / 1000 / SAMPLES, postgresCpuMs: (postgresCpuMs() - postgresBefore) / SAMPLES };
  };
  const report = (name: string, measured: { samples: number[]; nodeCpuMs: number; postgresCpuMs: number }) => {
    figure(`${name}_p50_ms`, percentile(measured.samples, 50), 'ms');
    figure(`${name}_p95_ms`, percentile(measured.samples, 95), 'ms');
    figure(`${name}_node_cpu_per_page_ms`, measured.nodeCpuMs, 'ms');
    figure(`${name}_postgres_cpu_per_page_ms`, measured.postgresCpuMs, 'ms');
  };

  const timed = async (name: string, url: string) => {
    statementMs.clear();
    statements.clear();
    report(name, await time(url, name));
    log(`  ${name}: ${(statementTotal() / (SAMPLES + WARM)).toFixed(1)} statements per page`);
    if (process.env.BENCH_TIMINGS !== '1') return;
    for (const [key, ms] of [...statementMs.entries()].sort((a, b) => b[1].length - a[1].length).slice(0, 10)) {
      log(`  ${name}: ${(ms.length / (SAMPLES + WARM)).toFixed(1)}× p50 ${percentile(ms, 50).toFixed(2)} ms p95 ${percentile(ms, 95).toFixed(2)} ms: ${key}`);
    }
  };
  /** The URL of page `pages` reached as the UI's infinite scroll does: following `nextCursor` from the first page. */
  const cursorWalked = async (url: string, pages: number): Promise<string | undefined> => {
    let cursor: string | undefined;
    for (let page = 1; page < pages; page++) {
      const response = await get(cursor ? `${url}&cursor=${encodeURIComponent(cursor)}` : url);
      cursor = response.json().nextCursor as string | undefined;
      if (!cursor) return undefined;
    }
    return `${url}&cursor=${encodeURIComponent(cursor!)}`;
  };
  const timedByCursor = async (name: string, url: string, pages: number) => {
    const deep = await cursorWalked(url, pages);
    if (deep) await timed(name, deep);
    else log(`  ${name}: no nextCursor to follow (skipped)`);
  };
  // The read path warmed as a long-running server has it: V8 optimises a function after many calls,
  // on background threads whose CPU process.cpuUsage counts, so the first figure measured cold paid
  // for the compilation of code every later figure shares (about 1 ms a page more than the same page later).
  for (let round = 0; round < WARM_PATHS; round++) {
    for (const url of [
      '/tickets?status=open&showAll=true&pageNumber=1',
      '/tickets?status=pending&showAll=true&queueIds=[1,2]&pageNumber=1',
      `/messages/${base + 1}?pageNumber=1`,
    ])
      await get(url);
  }
  // What the machine's cores did while the read figures ran (steal: taken by the host).
  const readsMachineBefore = machineCpuTicks();
  await timed('tickets_open_first_page', '/tickets?status=open&showAll=true&pageNumber=1');
  await timed('tickets_open_page_500', '/tickets?status=open&showAll=true&pageNumber=500');
  await timedByCursor('tickets_open_cursor_page_500', '/tickets?status=open&showAll=true', 500);
  await timed('tickets_closed_page_500', '/tickets?status=closed&showAll=true&pageNumber=500');
  await timedByCursor('tickets_closed_cursor_page_500', '/tickets?status=closed&showAll=true', 500);
  await timed('tickets_pending_queues_first_page', '/tickets?status=pending&showAll=true&queueIds=[1,2]&pageNumber=1');
  if (WITH_SEARCH) await timed('tickets_search_contact_name', '/tickets?status=open&showAll=true&searchParam=Contato%20123456');
  await timed('messages_long_ticket_first_page', `/messages/${base + 1}?pageNumber=1`);
  await timed('messages_long_ticket_page_20', `/messages/${base + 1}?pageNumber=20`);
  await timedByCursor('messages_long_ticket_cursor_page_20', `/messages/${base + 1}?pageNumber=1`, 20);
  await timed('messages_ordinary_ticket', `/messages/${base + HEAVY + Math.floor((TICKETS - HEAVY) / 2)}?pageNumber=1`);
  const readsMachine = machineShare(readsMachineBefore);
  figure('reads_machine_idle_percent', readsMachine.idle, '%');
  figure('reads_machine_steal_percent', readsMachine.steal, '%');
}
