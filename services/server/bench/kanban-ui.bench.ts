/**
 * Kanban board figures in the browser: `pnpm bench:kanban` (builds the UI first). The real product (embedded
 * Postgres, projections, edge, the built UI) on a fresh data dir, and Debian's Chromium:
 * - 5,000 waiting tickets of the admin's two queues bulk-loaded into the read tables with SQL (as
 *   bench:ticket-list does), three kanban lanes holding a quarter of them each, the rest in the default lane;
 * - the board's first paint: from navigating to /Kanban until every lane shows its count and first cards,
 *   median and p95 of BENCH_RUNS (default 7) loads;
 * - a card move seen by another browser: a second context watches the board while the first drags a card into
 *   a lane; from the drop to the watcher's lane count changing (both read the same machine clock), median and p95
 *   of BENCH_MOVES (default 10).
 * - GET /ticket/kanban alone (median, and its size): the server's part of the first paint.
 * Also the machine's CPU steal and idle over the run (from /proc/stat) and the load average, to read the figures
 * against. One JSON line per figure on stdout; progress on stderr. BENCH_TICKETS changes the board size.
 */
import { launchBrowser } from '@conversa/testing/browser';
import { sql } from 'kysely';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { freePort } from '../../testing/src/postgres';
import { loadConfig } from '../src/config';
import { buildHttp } from '../src/http';
import { seed } from '../src/seed';
import { wire } from '../src/wiring';
import { figure, log } from './tickets/measure';

const TICKETS = Number(process.env.BENCH_TICKETS ?? 5000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const MOVES = Number(process.env.BENCH_MOVES ?? 10);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
};

/** The machine's CPU counters (jiffies): steal is time the hypervisor gave another guest. */
function cpuTimes(): { total: number; idle: number; steal: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = fields;
  return { total: user + nice + system + idle + iowait + irq + softirq + steal, idle: idle + iowait, steal };
}

async function signIn(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1600, height: 900 } });
  context.setDefaultTimeout(120_000);
  // tsx names functions with a `__name` helper; the page-side functions below need it defined there too.
  await context.addInitScript('globalThis.__name = (fn) => fn;');
  const page = await context.newPage();
  await page.goto(`${url}/login`);
  await page.getByTestId('login-email').fill('bench@example.com');
  await page.getByTestId('login-password').fill('Bench-pass-1');
  await page.getByTestId('login-submit').click();
  await page.getByTestId('tickets-page').waitFor();
  return page;
}

/** Loads /Kanban and answers how long until the board stood with its cards (ms, the page's own clock). */
async function boardPaint(page: Page, url: string, lanes: number): Promise<number> {
  await page.goto(`${url}/Kanban`);
  await page.waitForFunction(
    (count) =>
      document.querySelector('[data-testid="kanban-page"]')?.getAttribute('data-loaded') === 'true' &&
      document.querySelectorAll('[data-testid^="kanban-card-"]').length > 0 &&
      document.querySelectorAll('[data-testid^="kanban-lane-count-"]').length === count,
    lanes + 1,
    { polling: 'raf' },
  );
  return page.evaluate(() => performance.now());
}

const laneCount = (page: Page, laneId: number) =>
  page.evaluate((id) => Number(document.querySelector(`[data-testid="kanban-lane-${id}"]`)?.getAttribute('data-count')), laneId);

async function main() {
  // The product logs (projector rebuilds …) go to stderr: stdout carries the JSON lines alone.
  console.log = (...args: unknown[]) => console.error(...args);
  const dataDir = mkdtempSync(join(tmpdir(), 'conversa-bench-kanban-'));
  const pgPort = await freePort();
  // The embedded Postgres reads its port from the process environment.
  process.env.PG_PORT = String(pgPort);
  const config = loadConfig(
    { DATA_DIR: dataDir, PG_PORT: String(pgPort), ADMIN_EMAIL: 'bench@example.com', ADMIN_PASSWORD: 'Bench-pass-1', JWT_SECRET: 'bench-secret-'.repeat(4) },
    dataDir,
  );
  const wiring = await wire(config, { runProjections: true });
  const browser = await launchBrowser();
  let app: Awaited<ReturnType<typeof buildHttp>>['app'] | null = null;
  try {
    await seed(wiring.ctx, config);
    app = (await buildHttp(wiring, { serveUi: true, edge: true, projections: true })).app;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const url = `http://127.0.0.1:${address.port}`;
    const db = wiring.db;
    const login = await app.inject({ method: 'POST', url: '/auth/login', payload: { email: 'bench@example.com', password: 'Bench-pass-1' } });
    const token = login.json().token as string;
    const { companyId, id: userId } = login.json().user as { companyId: number; id: number };
    const call = async (method: 'POST' | 'PUT', path: string, payload: object) => {
      const response = await app!.inject({ method, url: path, headers: { authorization: `Bearer ${token}` }, payload });
      if (response.statusCode >= 300) throw new Error(`${method} ${path}: ${response.statusCode} ${response.body}`);
      return response.json();
    };
    const queueIds: number[] = [];
    for (const [name, color] of [
      ['Vendas', '#2563eb'],
      ['Suporte', '#16a34a'],
    ] as const)
      queueIds.push((await call('POST', '/queue', { name, color, greetingMessage: 'Olá!' })).id);
    // The board shows the user's own queues.
    await call('PUT', `/users/${userId}`, { queueIds });
    const lanes: number[] = [];
    for (const [name, color] of [
      ['Novo', '#F59E0B'],
      ['Negociação', '#10B981'],
      ['Fechamento', '#6366F1'],
    ] as const)
      lanes.push((await call('POST', '/tags', { name, color, kanban: 1 })).id);

    log(`bulk-loading ${TICKETS} waiting tickets, a quarter in each lane`);
    const base = 1_000_000;
    const last = base + TICKETS - 1;
    await sql`
      insert into read.contacts (id, company_id, name, number, email, profile_pic_url, active, disable_bot, accept_audio_message, channel, is_group, extra_info, created_at, updated_at, deleted)
      select g, ${companyId}, 'Contato ' || g, (5511900000000 + g)::text, '', null, true, false, true, 'whatsapp', false, '[]'::jsonb, now() - interval '3 days', now() - interval '3 days', false
      from generate_series(${base}::int, ${last}::int) g`.execute(db);
    await sql`
      insert into read.tickets (id, uuid, company_id, status, queue_id, user_id, contact_id, whatsapp_id, channel, is_group, unread_messages, last_message, created_at, updated_at)
      select g, gen_random_uuid(), ${companyId}, 'pending', case when g % 2 = 0 then ${queueIds[0]!}::int else ${queueIds[1]!}::int end,
        null, g, null, 'whatsapp', false, 0, 'Mensagem da conversa ' || g, now() - interval '3 days', now() - ((${last}::int - g) * interval '30 seconds')
      from generate_series(${base}::int, ${last}::int) g`.execute(db);
    await sql`
      insert into read.contact_tags (company_id, contact_id, tag_id)
      select ${companyId}, g, (array[${lanes[0]!}::int, ${lanes[1]!}::int, ${lanes[2]!}::int])[g % 4 + 1]
      from generate_series(${base}::int, ${last}::int) g where g % 4 < 3`.execute(db);
    for (const kind of ['ticket', 'contact'] as const) {
      await wiring.ctx.ids.next(kind);
      await sql.raw(`select setval('ids.${kind}', ${base * 10})`).execute(db);
    }
    await sql`vacuum analyze read.tickets`.execute(db);
    // The cards moved are real contacts and tickets (moves are commands on the contact's stream), the newest on
    // the board, so they head the default lane.
    for (let move = 0; move < MOVES; move++) {
      const created = await call('POST', '/contacts', { name: `Movido ${move}`, number: String(5521980000000 + move) });
      await call('POST', '/tickets', { contactId: created.id, queueId: queueIds[move % 2]!, status: 'pending' });
    }

    // The server's part of the first paint: the cards' call alone, and its size.
    const apiTimes: number[] = [];
    let bytes = 0;
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      const response = await app.inject({
        method: 'GET',
        url: `/ticket/kanban?queueIds=${encodeURIComponent(JSON.stringify(queueIds))}`,
        headers: { authorization: `Bearer ${token}` },
      });
      apiTimes.push(performance.now() - started);
      bytes = response.rawPayload.length;
    }
    figure('kanban_tickets_call_p50_ms', percentile(apiTimes, 50), 'ms');
    figure('kanban_tickets_call_kb', bytes / 1024, 'KiB');

    const cpuBefore = cpuTimes();
    figure('machine_load_average_1m', loadavg()[0]!, 'runnable');
    const mover = await signIn(browser, url);
    const watcher = await signIn(browser, url);

    log(`board first paint, ${RUNS} loads`);
    const paints: number[] = [];
    for (let run = 0; run < RUNS; run++) paints.push(await boardPaint(mover, url, lanes.length));
    figure('kanban_first_paint_p50_ms', percentile(paints, 50), 'ms');
    figure('kanban_first_paint_p95_ms', percentile(paints, 95), 'ms');
    figure('kanban_cards', TICKETS, 'tickets');

    await boardPaint(watcher, url, lanes.length);
    log(`${MOVES} card moves seen by a second browser`);
    const seen: number[] = [];
    for (let move = 0; move < MOVES; move++) {
      const target = lanes[move % lanes.length]!;
      const before = await laneCount(watcher, target);
      const card = mover.locator('[data-testid="kanban-lane-0"] [data-testid^="kanban-card-"]').first();
      const from = (await card.boundingBox())!;
      const to = (await mover.getByTestId(`kanban-lane-${target}`).boundingBox())!;
      // The watcher notes (in its own page) when the lane's count changes; both pages read the machine's clock.
      const arrival = watcher.evaluate(
        ([id, count]) =>
          new Promise<number>((resolve) => {
            const check = () =>
              Number(document.querySelector(`[data-testid="kanban-lane-${id}"]`)?.getAttribute('data-count')) > count
                ? resolve(Date.now())
                : requestAnimationFrame(check);
            check();
          }),
        [target, before] as const,
      );
      await mover.mouse.move(from.x + from.width / 2, from.y + 20);
      await mover.mouse.down();
      await mover.mouse.move(from.x + from.width / 2 + 12, from.y + 24, { steps: 3 });
      await mover.mouse.move(to.x + to.width / 2, to.y + 60, { steps: 6 });
      const dropped = await mover.evaluate(() => Date.now());
      await mover.mouse.up();
      seen.push((await arrival) - dropped);
    }
    figure('kanban_move_seen_by_other_p50_ms', percentile(seen, 50), 'ms');
    figure('kanban_move_seen_by_other_p95_ms', percentile(seen, 95), 'ms');

    const cpuAfter = cpuTimes();
    const total = cpuAfter.total - cpuBefore.total;
    figure('machine_cpu_steal_pct', (100 * (cpuAfter.steal - cpuBefore.steal)) / total, '%');
    figure('machine_cpu_idle_pct', (100 * (cpuAfter.idle - cpuBefore.idle)) / total, '%');
  } finally {
    await app?.close();
    await browser.close();
    await wiring.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
