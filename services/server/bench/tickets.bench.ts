/**
 * Ticket figures: `pnpm bench:tickets`. The real product (embedded Postgres with the product's own
 * settings, projections, edge) on a fresh data dir. Read tables are bulk-loaded with SQL (issue 4
 * allows it): 1,000,000 tickets and 10,000,000 messages in one company plus 20 other companies.
 * Then, through the HTTP stack (fastify.inject, with authentication):
 *   GET /tickets first page and a page 500 deep (p50/p95), GET /messages/{ticketId} (p50/p95),
 * and, on a real websocket, inbound message → ticket frame latency at 200 messages/s (p50/p99).
 * Sizes can be cut for a quick run: BENCH_TICKETS, BENCH_MESSAGES. One JSON line per figure.
 * BENCH_DATA_DIR=<dir> keeps the data dir and its bulk load for later runs.
 */
import { receiveMessage } from '@conversa/core';
import { sql, type Kysely } from 'kysely';
import type { ReadDatabase } from '@conversa/projections/database';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Session } from 'node:inspector/promises';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import pg from 'pg';
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createConnection } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { freePort } from '../../testing/src/postgres';
import { loadConfig } from '../src/config';
import { buildHttp } from '../src/http';
import { seed } from '../src/seed';
import { wire } from '../src/wiring';

const TICKETS = Number(process.env.BENCH_TICKETS ?? 1_000_000);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 10_000_000);
const OTHER_COMPANIES = 20;
const OTHER_TICKETS = Math.max(1000, Math.round(TICKETS / 50));
const OTHER_MESSAGES = Math.max(10_000, Math.round(MESSAGES / 50));
/** Tickets 1..HEAVY of the big company carry a tenth of its messages: long conversations. */
const HEAVY = 1000;
const SAMPLES = 200;
/** Requests before each read figure's samples: enough for V8 to have compiled the path (20 left the first figure half cold). */
const WARM = 100;
const INBOUND_RATE = Number(process.env.BENCH_RATE ?? 200);
const INBOUND_SECONDS = Number(process.env.BENCH_INBOUND_SECONDS ?? 15);
/** BENCH_SWEEP=1: after the inbound figure, the highest rate whose ticket frames keep p99 ≤ 250 ms (see sweep()). */
const SWEEP = process.env.BENCH_SWEEP === '1';
const SWEEP_FROM = Number(process.env.BENCH_SWEEP_FROM ?? 100);
const SWEEP_STEP = Number(process.env.BENCH_SWEEP_STEP ?? 100);
const SWEEP_MAX = Number(process.env.BENCH_SWEEP_MAX ?? 2000);
const SWEEP_SECONDS = Number(process.env.BENCH_SWEEP_SECONDS ?? 10);
const SWEEP_LIMIT_MS = 250;
const ISOLATED = Number(process.env.BENCH_ISOLATED ?? 0);
/** `BENCH_ONLY=inbound` skips the bulk load and the read figures (for working on the write path). */
const ONLY_INBOUND = process.env.BENCH_ONLY === 'inbound';
/** `BENCH_ONLY=reads` skips the inbound figure; `BENCH_SEARCH=0` the (slow, figure-less) contact search. */
const ONLY_READS = process.env.BENCH_ONLY === 'reads';
const WITH_SEARCH = process.env.BENCH_SEARCH !== '0';

/**
 * Every statement this process sends to Postgres, counted by its first words: the inbound figure
 * divides them by the messages, a number that does not depend on how busy the machine is.
 */
const statements = new Map<string, number>();
/** Rows each statement brought back (parsing rows is much of the client's work). */
const rowsRead = new Map<string, number>();
/** How long each statement took to answer, from sending to the last row (BENCH_TIMINGS=1 prints them for the read figures). */
const statementMs = new Map<string, number[]>();
const countedQuery = pg.Client.prototype.query;
if (process.env.BENCH_NO_COUNT !== "1") pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const config = args[0] as string | { text?: string; name?: string };
  const text = typeof config === 'string' ? config : (config?.name ?? config?.text ?? '');
  const key = text.slice(0, 90).replace(/\s+/g, ' ').replace(/'[^']*'|\d+/g, '?').trim().slice(0, 60);
  statements.set(key, (statements.get(key) ?? 0) + 1);
  const started = performance.now();
  const result = (countedQuery as (...a: unknown[]) => unknown).apply(this, args);
  if (result instanceof Promise) {
    void result.then(
      (answer: { rowCount?: number | null; rows?: unknown[] }) => {
        rowsRead.set(key, (rowsRead.get(key) ?? 0) + (answer?.rows?.length ?? 0));
        const timings = statementMs.get(key);
        if (timings) timings.push(performance.now() - started);
        else statementMs.set(key, [performance.now() - started]);
      },
      () => {},
    );
  }
  return result;
} as typeof pg.Client.prototype.query;

/** The machine's CPU ticks since boot, all cores: user, nice, system, idle, iowait, irq, softirq, steal… (/proc/stat). */
function machineCpuTicks(): number[] {
  return readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
}

/**
 * CPU milliseconds spent so far by the embedded Postgres (the postmaster this process started and
 * its backends, reaped ones included) — with this process's own, a cost per message that a busy
 * machine stretches far less than latencies.
 */
function postgresCpuMs(): number {
  const ticksPerMs = 100 / 1000;
  const stat = (pid: string) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const children = (pid: string) => readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  let ticks = 0;
  for (const pid of children(String(process.pid))) {
    if (!readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('postgres')) continue;
    const own = stat(pid);
    // Fields after the command: utime, stime, cutime, cstime are the 12th to 15th.
    ticks += Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
    for (const backend of children(pid)) {
      try {
        const fields = stat(backend);
        ticks += Number(fields[11]) + Number(fields[12]);
      } catch {
        // The backend ended between the listing and the read: its time is in the postmaster's now.
      }
    }
  }
  return ticks / ticksPerMs;
}

const SPLIT = process.env.BENCH_SPLIT === '1';

/** CPU milliseconds a process has used (0 for none). */
function processCpuMs(pid: number | undefined): number {
  if (pid === undefined) return 0;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function startNats(): Promise<{ url: string; stop(): void }> {
  const port = await freePort();
  const server = spawn('nats-server', ['-a', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
  const url = `nats://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    const reachable = await new Promise<boolean>((resolve) => {
      const probe = createConnection({ host: '127.0.0.1', port }, () => {
        probe.end();
        resolve(true);
      });
      probe.on('error', () => resolve(false));
    });
    if (reachable) return { url, stop: () => server.kill('SIGTERM') };
    if (attempt > 100) throw new Error('nats-server did not start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function startProjectorRole(env: Record<string, string>): Promise<ChildProcess> {
  const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', main, 'projector'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (String(chunk).includes('projector running')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the projector role ended (${code})`)));
  });
  return child;
}

const figure = (name: string, value: number, unit: string) => process.stdout.write(`${JSON.stringify({ name, value: Number(value.toFixed(2)), unit })}\n`);
const log = (text: string) => process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${text}\n`);
const percentile = (values: number[], p: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

/** Rows for one company: contacts, tickets (60% closed, 30% open, 10% pending), messages spread over a year. */
async function bulkLoad(db: Kysely<ReadDatabase>, companyId: number, firstId: number, tickets: number, messages: number, heavy: number) {
  const last = firstId + tickets - 1;
  await sql`set synchronous_commit = off`.execute(db);
  await sql`
    insert into read.contacts (id, company_id, name, number, email, profile_pic_url, active, disable_bot, accept_audio_message, channel, is_group, extra_info, created_at, updated_at, deleted)
    select g, ${companyId}, 'Contato ' || g, (5511900000000 + g)::text, '', null, true, false, true, 'whatsapp', false, '[]'::jsonb, now() - interval '400 days', now() - interval '400 days', false
    from generate_series(${firstId}::int, ${last}::int) g`.execute(db);
  await sql`
    insert into read.tickets (id, uuid, company_id, status, queue_id, user_id, contact_id, whatsapp_id, channel, is_group, unread_messages, last_message, created_at, updated_at)
    select g, gen_random_uuid(), ${companyId},
      case when g % 10 < 6 then 'closed' when g % 10 < 9 then 'open' else 'pending' end,
      1 + g % 5, case when g % 10 = 9 then null else 1 + g % 20 end, g, 1, 'whatsapp', false,
      case when g % 10 = 9 then g % 4 else 0 end, 'Mensagem ' || g,
      now() - interval '400 days' + (g - ${firstId}) * interval '30 seconds' / greatest(1, ${tickets}::int / 1000000),
      now() - interval '365 days' + ((g - ${firstId})::float / ${tickets}) * interval '365 days'
    from generate_series(${firstId}::int, ${last}::int) g`.execute(db);
  // A tenth of the messages in the heavy tickets, the rest spread evenly.
  const heavyMessages = Math.round(messages / 10);
  const spread = messages - heavyMessages;
  const chunk = 1_000_000;
  for (let from = 0; from < messages; from += chunk) {
    const to = Math.min(messages, from + chunk) - 1;
    await sql`
      insert into read.messages (id, company_id, ticket_id, contact_id, from_me, body, media_type, ack, read, created_at, updated_at)
      select gen_random_uuid(), ${companyId}, t, t, n % 2 = 0, 'Mensagem número ' || n || ' da conversa ' || t, 'chat', 3, true, at, at
      from (
        select n,
          case when n < ${heavyMessages}::int then ${firstId}::int + (n % ${heavy}::int) else ${firstId}::int + ((n - ${heavyMessages}::int) % ${tickets}::int) end as t,
          now() - interval '365 days' + (n::float / ${messages}) * interval '365 days' as at
        from generate_series(${from}::int, ${to}::int) n
      ) m`.execute(db);
    log(`  company ${companyId}: ${to + 1}/${messages} messages (${spread} spread)`);
  }
}

async function main() {
  // BENCH_DATA_DIR keeps the loaded data for the next run (loading 10,000,000 messages takes a while).
  const keptDir = process.env.BENCH_DATA_DIR;
  const dataDir = keptDir ?? mkdtempSync(join(tmpdir(), 'conversa-bench-tickets-'));
  const loadedMarker = join(dataDir, `bench-loaded-${TICKETS}-${MESSAGES}`);
  const pgPort = await freePort();
  // The embedded Postgres takes its port from the environment (a kept data dir keeps its own port too).
  process.env.PG_PORT = String(pgPort);
  const secrets = { ADMIN_EMAIL: 'bench@example.com', ADMIN_PASSWORD: 'Bench-pass-1', JWT_SECRET: 'bench-secret-'.repeat(4) };
  // BENCH_SPLIT=1: the projector role (projectors and reactors) runs in a process of its own, joined
  // by a real nats-server, as in a distributed deployment; this process keeps the API, the edge and
  // the channel side. Otherwise everything shares one process, as `conversa start` does.
  const nats = SPLIT ? await startNats() : null;
  const config = loadConfig({ DATA_DIR: dataDir, PG_PORT: String(pgPort), ...secrets, ...(nats ? { NATS_URL: nats.url } : {}) }, dataDir);
  const wiring = await wire(config, { runProjections: !SPLIT });
  const projectorRole = SPLIT ? await startProjectorRole({ ...secrets, DATABASE_URL: wiring.databaseUrl, NATS_URL: nats!.url, DATA_DIR: dataDir }) : null;
  try {
    await seed(wiring.ctx, config);
    const { app } = await buildHttp(wiring, { serveUi: false, edge: true, projections: !SPLIT });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const db = wiring.db;

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
    if (!ONLY_INBOUND) await readFigures();
    async function readFigures() {
    const base = 10_000_000;
    if (existsSync(loadedMarker)) {
      log(`using the data loaded before in ${dataDir}`);
      // Earlier runs' inbound messages updated the same open tickets again and again: vacuumed, as
      // autovacuum keeps a running server, the list's index is not walked over their dead versions.
      const started = performance.now();
      await sql`vacuum (analyze) read.tickets`.execute(db);
      log(`vacuumed read.tickets in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    } else await load();
    await relogin();
    async function load() {
    log(`bulk-loading ${TICKETS} tickets and ${MESSAGES} messages into company ${bigCompany}, and ${OTHER_COMPANIES} other companies`);
    const started = performance.now();
    await bulkLoad(db, bigCompany, base, TICKETS, MESSAGES, HEAVY);
    for (let index = 0; index < OTHER_COMPANIES; index++) {
      await bulkLoad(db, 1000 + index, base + TICKETS + index * OTHER_TICKETS, OTHER_TICKETS, OTHER_MESSAGES, 10);
    }
    await sql`
      insert into read.ticket_counts (company_id, status, queue_id, user_id, whatsapp_id, is_group, tickets)
      select company_id, status, queue_id, user_id, whatsapp_id, is_group, count(*) from read.tickets where not deleted
      group by company_id, status, queue_id, user_id, whatsapp_id, is_group
      on conflict on constraint ticket_counts_key do update set tickets = excluded.tickets`.execute(db);
    await sql`vacuum analyze read.tickets`.execute(db);
    await sql`vacuum analyze read.messages`.execute(db);
    await sql`vacuum analyze read.contacts`.execute(db);
    await sql`vacuum analyze read.ticket_counts`.execute(db);
    // New records allocate ids past the bulk-loaded ones.
    for (const kind of ['ticket', 'contact'] as const) {
      await wiring.ctx.ids.next(kind);
      await sql.raw(`select setval('ids.${kind}', ${base * 10})`).execute(db);
    }
    figure('bulk_load_s', (performance.now() - started) / 1000, 's');
    if (keptDir) writeFileSync(loadedMarker, new Date().toISOString());
    }

    const get = (url: string) => app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    const time = async (url: string, name: string) => {
      for (let warm = 0; warm < WARM; warm++) await get(url);
      // BENCH_READ_PROFILE=<dir>: a CPU profile of each read figure's samples (<dir>/<name>.cpuprofile).
      const profiler = process.env.BENCH_READ_PROFILE ? new Session() : null;
      if (profiler) {
        profiler.connect();
        await profiler.post('Profiler.enable');
        await profiler.post('Profiler.start');
      }
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
      log(`  ${name}: ${([...statements.values()].reduce((sum, n) => sum + n, 0) / (SAMPLES + WARM)).toFixed(1)} statements per page`);
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
    const readsMachine = machineCpuTicks().map((ticks, index) => ticks - readsMachineBefore[index]!);
    const readsMachineTotal = readsMachine.reduce((sum, ticks) => sum + ticks, 0);
    figure('reads_machine_idle_percent', (readsMachine[3]! / readsMachineTotal) * 100, '%');
    figure('reads_machine_steal_percent', (readsMachine[7]! / readsMachineTotal) * 100, '%');
    }

    if (ONLY_READS) {
      await app.close();
      return;
    }
    // Inbound at a steady rate, each message to its own contact's ticket, timed to its frame.
    await relogin();
    // The browser's side runs on a thread of its own, as a browser would: parsing every frame on the
    // server's event loop would slow the server it measures. Times are absolute (timeOrigin + now).
    const now = () => performance.timeOrigin + performance.now();
    const browser = new Worker(
      `const { parentPort, workerData } = require('node:worker_threads');
      const WebSocket = require(workerData.ws);
      const socket = new WebSocket(workerData.url);
      socket.on('open', () => parentPort.postMessage({ open: true }));
      socket.on('error', (error) => parentPort.postMessage({ error: String(error) }));
      socket.on('message', (raw) => {
        const at = performance.timeOrigin + performance.now();
        // Only ticket frames are timed: the others are not parsed, so that this stand-in for a
        // browser on another machine takes as little as it can of the two cores it shares with the server.
        const text = String(raw);
        if (!text.startsWith('{"event":"company-') || !text.includes('-ticket"', 18)) return;
        const frame = JSON.parse(text);
        const body = frame.event.endsWith('-ticket') ? frame.data.ticket?.lastMessage : undefined;
        if (body !== undefined) parentPort.postMessage({ body, at });
      });
      parentPort.on('message', () => socket.close());`,
      { eval: true, workerData: { ws: createRequire(import.meta.url).resolve('ws'), url: `ws://127.0.0.1:${address.port}/socket?token=${encodeURIComponent(token)}` } },
    );
    await new Promise<void>((resolve, reject) => {
      browser.once('message', (answer: { open?: boolean; error?: string }) => (answer.open ? resolve() : reject(new Error(answer.error))));
      browser.once('error', reject);
    });
    const sentAt = new Map<string, number>();
    const latencies: number[] = [];
    browser.on('message', ({ body, at }: { body: string; at: number }) => {
      const t0 = sentAt.get(body);
      if (t0 !== undefined) {
        latencies.push(at - t0);
        sentAt.delete(body);
      }
    });
    const contacts = 1000;
    // Provider ids are unique per run: inbound messages are idempotent on them, and a kept data dir
    // still holds the last run's.
    const run = Date.now().toString(36);
    const failures: unknown[] = [];
    const commandLatencies: number[] = [];
    const inbound = (index: number, body: string) =>
      receiveMessage(wiring.ctx, {
        companyId: bigCompany,
        whatsappId: 1,
        channel: 'whatsapp',
        contact: { number: String(5521980000000 + (index % contacts)), name: `Inbound ${index % contacts}`, isGroup: false },
        providerId: `bench-${run}-${index}`,
        body,
        mediaType: 'chat',
        receivedAt: new Date().toISOString(),
      });
    // The conversations exist first (a contact and a ticket each), as in a working day; the figure
    // is for messages arriving in them. Creating them is timed on its own.
    const warmStarted = performance.now();
    for (let index = 0; index < contacts; index += 20) {
      await Promise.all(Array.from({ length: Math.min(20, contacts - index) }, (_, offset) => inbound(index + offset, `first ${index + offset}`)));
    }
    figure('inbound_new_conversations_per_s', contacts / ((performance.now() - warmStarted) / 1000), 'conversations/s');
    await wiring.ctx.waitForProjections(await wiring.store.headPosition());

    // Where the time goes: when each message reached a subscriber of $all (the store's horizon and
    // tail), against when its ticket frame reached the socket (projection, bus, edge).
    const tailLatencies: number[] = [];
    const tailWatch = wiring.store.subscribeToAll({
      fromPosition: (await wiring.store.headPosition()) ?? 'start',
      filter: { eventTypes: ['MessageReceived'] },
      onEvents(events) {
        const at = now();
        for (const event of events) {
          const t0 = sentAt.get((event.data as { body: string }).body);
          if (t0 !== undefined) tailLatencies.push(at - t0);
        }
      },
    });
    const total = INBOUND_RATE * INBOUND_SECONDS;
    if (ISOLATED > 0) await isolated(contacts + total + 1_000_000);
    /**
     * BENCH_ISOLATED=<n>: n messages one at a time, each waited for by every projector and reactor
     * before the next is sent, so each is handled alone (batches of one, as on a quiet machine at a
     * low rate). Its cost per message does not depend on how busy the machine is, unlike the rate
     * figure's, whose batches grow when the machine falls behind.
     */
    async function isolated(firstIndex: number) {
      const settle = async () => {
        const head = await wiring.store.headPosition();
        if (!head) return;
        await wiring.runtime.waitForPosition(head);
        await wiring.reactors.waitForPosition(head);
      };
      await settle();
      statements.clear();
      const cpu = process.cpuUsage();
      const postgres = postgresCpuMs();
      const machineAt = machineCpuTicks();
      // Waited for by the ones that handle it (they commit at its position): a wait on the others
      // would probe the store and count its own statements.
      const handlers = (runtime: typeof wiring.runtime) => runtime.projectors.filter((projector) => projector.eventTypes.includes('MessageReceived')).map((projector) => projector.name);
      for (let index = firstIndex; index < firstIndex + ISOLATED; index++) {
        const received = await inbound(index, `isolated ${index}`);
        if (received.position) {
          await wiring.runtime.waitForPosition(received.position, { projectors: handlers(wiring.runtime) });
          await wiring.reactors.waitForPosition(received.position, { projectors: handlers(wiring.reactors) });
        }
      }
      const used = process.cpuUsage(cpu);
      const machine = machineCpuTicks().map((ticks, index) => ticks - machineAt[index]!);
      const machineTotal = machine.reduce((sum, ticks) => sum + ticks, 0);
      figure('inbound_isolated_node_cpu_per_message_ms', (used.user + used.system) / 1000 / ISOLATED, 'ms');
      figure('inbound_isolated_postgres_cpu_per_message_ms', (postgresCpuMs() - postgres) / ISOLATED, 'ms');
      figure('inbound_isolated_statements_per_message', [...statements.values()].reduce((sum, n) => sum + n, 0) / ISOLATED, 'statements');
      figure('inbound_isolated_machine_idle_percent', (machine[3]! / machineTotal) * 100, '%');
      for (const [key, n] of [...statements.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25)) log(`  isolated: ${(n / ISOLATED).toFixed(2)} per message: ${key}`);
      await settle();
    }
    {
      // What the product costs doing nothing (timers, polls, leases): part of every per-message figure below.
      const idleCpu = process.cpuUsage();
      const idlePostgres = postgresCpuMs();
      const idleMs = 3000;
      await new Promise((resolve) => setTimeout(resolve, idleMs));
      const used = process.cpuUsage(idleCpu);
      figure('idle_node_cpu_percent', ((used.user + used.system) / 1000 / idleMs) * 100, '%');
      figure('idle_postgres_cpu_percent', ((postgresCpuMs() - idlePostgres) / idleMs) * 100, '%');
    }
    statements.clear();
    rowsRead.clear();
    // BENCH_PROFILE=<file.cpuprofile>: a CPU profile of this steady phase alone (for chrome://inspect).
    const profiler = process.env.BENCH_PROFILE ? new Session() : null;
    if (profiler) {
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
    }
    // How busy this process's event loop was, and what the machine's cores did (steal: taken by the
    // host): a noisy run shows there, not only in the latencies.
    const loopBefore = performance.eventLoopUtilization();
    const loopDelay = monitorEventLoopDelay({ resolution: 1 });
    loopDelay.enable();
    const machineBefore = machineCpuTicks();
    const cpuBefore = process.cpuUsage();
    const projectorRoleBefore = processCpuMs(projectorRole?.pid);
    const postgresBefore = postgresCpuMs();
    const inFlight: Promise<unknown>[] = [];
    const begin = performance.now();
    for (let index = contacts; index < contacts + total; index++) {
      const due = begin + ((index - contacts) * 1000) / INBOUND_RATE;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      const body = `inbound ${index} ${Math.random().toString(36).slice(2)}`;
      sentAt.set(body, now());
      const t0 = performance.now();
      inFlight.push(inbound(index, body).then(() => commandLatencies.push(performance.now() - t0), (error: unknown) => failures.push(error)));
    }
    const lastSent = performance.now();
    await Promise.all(inFlight);
    const deadline = performance.now() + 10_000;
    while (sentAt.size > 0 && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    const achieved = total / ((lastSent - begin) / 1000);
    const cpu = process.cpuUsage(cpuBefore);
    loopDelay.disable();
    const machine = machineCpuTicks().map((ticks, index) => ticks - machineBefore[index]!);
    const machineTotal = machine.reduce((sum, ticks) => sum + ticks, 0);
    const postgresCpu = postgresCpuMs() - postgresBefore;
    const projectorRoleCpu = processCpuMs(projectorRole?.pid) - projectorRoleBefore;
    if (profiler) {
      const { profile } = await profiler.post('Profiler.stop');
      writeFileSync(process.env.BENCH_PROFILE!, JSON.stringify(profile));
      profiler.disconnect();
    }
    // The whole process, the measuring client's thread included.
    figure('inbound_node_cpu_per_message_ms', ((cpu.user + cpu.system) / 1000 + projectorRoleCpu) / total, 'ms');
    if (SPLIT) log(`  of which in the projector role's process: ${((projectorRoleCpu / ((cpu.user + cpu.system) / 1000 + projectorRoleCpu)) * 100).toFixed(0)}%`);
    log(`  of which in the kernel (system calls): ${((cpu.system / (cpu.user + cpu.system)) * 100).toFixed(0)}%`);
    figure('inbound_postgres_cpu_per_message_ms', postgresCpu / total, 'ms');
    figure('inbound_offered_rate_per_s', achieved, 'msg/s');
    figure('inbound_event_loop_utilization', performance.eventLoopUtilization(loopBefore).utilization, 'ratio');
    figure('inbound_event_loop_delay_p99_ms', loopDelay.percentile(99) / 1e6, 'ms');
    figure('inbound_machine_idle_percent', (machine[3]! / machineTotal) * 100, '%');
    figure('inbound_machine_steal_percent', (machine[7]! / machineTotal) * 100, '%');
    const statementCount = [...statements.values()].reduce((sum, n) => sum + n, 0);
    figure('inbound_statements_per_message', statementCount / total, 'statements');
    for (const [key, n] of [...statements.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25)) log(`  ${(n / total).toFixed(2)} per message (${((rowsRead.get(key) ?? 0) / total).toFixed(1)} rows): ${key}`);
    figure('inbound_frames_received', latencies.length, 'frames');
    figure('inbound_frames_missing', sentAt.size, 'frames');
    figure('inbound_failures', failures.length, 'messages');
    figure('inbound_command_p50_ms', percentile(commandLatencies, 50), 'ms');
    figure('inbound_command_p99_ms', percentile(commandLatencies, 99), 'ms');
    await tailWatch.stop();
    figure('inbound_to_subscriber_p50_ms', percentile(tailLatencies, 50), 'ms');
    figure('inbound_to_subscriber_p99_ms', percentile(tailLatencies, 99), 'ms');
    figure('inbound_to_ticket_frame_p50_ms', percentile(latencies, 50), 'ms');
    figure('inbound_to_ticket_frame_p99_ms', percentile(latencies, 99), 'ms');
    if (failures.length > 0) log(`first failure: ${String(failures[0])}`);
    if (SWEEP) await sweep(contacts + total);
    browser.postMessage('close');
    await browser.terminate();
    await app.close();

    /**
     * BENCH_SWEEP=1: steps of BENCH_SWEEP_SECONDS at rising rates (BENCH_SWEEP_FROM, + BENCH_SWEEP_STEP)
     * until the ticket frame's p99 passes 250 ms (or frames go missing); one line per step, then the
     * highest rate that held. Each step is its own steady phase, after the one before has drained.
     */
    async function sweep(firstIndex: number) {
      let next = firstIndex;
      let highest = 0;
      for (let rate = SWEEP_FROM; rate <= SWEEP_MAX; rate += SWEEP_STEP) {
        // Each step starts on a product that has caught up with the one before (a backlog is not this rate's).
        const head = await wiring.store.headPosition();
        if (head) {
          await wiring.runtime.waitForPosition(head, { signal: AbortSignal.timeout(120_000) });
          await wiring.reactors.waitForPosition(head, { signal: AbortSignal.timeout(120_000) });
        }
        sentAt.clear();
        const count = Math.round(rate * SWEEP_SECONDS);
        const already = latencies.length;
        const stepCpu = process.cpuUsage();
        const stepPostgres = postgresCpuMs();
        const stepMachine = machineCpuTicks();
        const pending: Promise<unknown>[] = [];
        const start = performance.now();
        for (let offset = 0; offset < count; offset++) {
          const wait = start + (offset * 1000) / rate - performance.now();
          if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
          const body = `sweep ${rate} ${next} ${Math.random().toString(36).slice(2)}`;
          sentAt.set(body, now());
          pending.push(inbound(next++, body).catch((error: unknown) => failures.push(error)));
        }
        const offered = count / ((performance.now() - start) / 1000);
        await Promise.all(pending);
        const drained = performance.now() + 10_000;
        while (sentAt.size > 0 && performance.now() < drained) await new Promise((resolve) => setTimeout(resolve, 50));
        const step = latencies.slice(already);
        const missing = sentAt.size;
        sentAt.clear();
        const used = process.cpuUsage(stepCpu);
        const machine = machineCpuTicks().map((ticks, index) => ticks - stepMachine[index]!);
        const machineTotal = machine.reduce((sum, ticks) => sum + ticks, 0);
        const p99 = percentile(step, 99);
        process.stdout.write(
          `${JSON.stringify({
            name: 'inbound_sweep_step',
            rate,
            offered: Number(offered.toFixed(1)),
            ticket_frame_p50_ms: Number(percentile(step, 50).toFixed(1)),
            ticket_frame_p99_ms: Number(p99.toFixed(1)),
            frames_missing: missing,
            node_cpu_per_message_ms: Number(((used.user + used.system) / 1000 / count).toFixed(2)),
            postgres_cpu_per_message_ms: Number(((postgresCpuMs() - stepPostgres) / count).toFixed(2)),
            machine_idle_percent: Number(((machine[3]! / machineTotal) * 100).toFixed(1)),
            machine_steal_percent: Number(((machine[7]! / machineTotal) * 100).toFixed(2)),
          })}\n`,
        );
        // Offered below the step's rate: the sender itself fell behind, which is no pass either.
        if (!(p99 <= SWEEP_LIMIT_MS) || missing > 0 || offered < rate * 0.95) break;
        highest = rate;
      }
      figure('inbound_highest_rate_p99_under_250ms_per_s', highest, 'msg/s');
    }
  } finally {
    projectorRole?.kill('SIGTERM');
    await wiring.close();
    nats?.stop();
    if (!keptDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error, (error as Error | undefined)?.stack, new Error("bench failed").stack);
  process.exitCode = 1;
});
