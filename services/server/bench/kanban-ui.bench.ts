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
import { sql } from 'kysely';
import { loadavg } from 'node:os';
import type { Page } from 'playwright-core';
import { figure, log, machineWatch, percentile, percentileFigures, runBench, sampleTimes } from './kit/measure';
import { idsPast, insertContacts, insertTickets } from './kit/tables';
import { signedInPage, withUiServer, type UiServer } from './kit/ui';

const TICKETS = Number(process.env.BENCH_TICKETS ?? 5000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const MOVES = Number(process.env.BENCH_MOVES ?? 10);

async function signIn(server: UiServer): Promise<Page> {
  const { page } = await signedInPage(server, { viewport: { width: 1600, height: 900 }, timeout: 120_000, pageFunctions: true });
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
  await withUiServer('kanban', async (server) => {
    const { app, wiring, call, url, admin } = server;
    const { companyId, userId, headers } = admin;
    const db = wiring.db;
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
    await insertContacts(db, companyId, base, last, '3 days');
    await insertTickets(db, companyId, base, last, {
      status: sql`'pending'`,
      queue: sql`case when g % 2 = 0 then ${queueIds[0]!}::int else ${queueIds[1]!}::int end`,
      user: sql`null`,
      unread: sql`0`,
    });
    await sql`
      insert into read.contact_tags (company_id, contact_id, tag_id)
      select ${companyId}, g, (array[${lanes[0]!}::int, ${lanes[1]!}::int, ${lanes[2]!}::int])[g % 4 + 1]
      from generate_series(${base}::int, ${last}::int) g where g % 4 < 3`.execute(db);
    await idsPast(wiring, base);
    await sql`vacuum analyze read.tickets`.execute(db);
    // The cards moved are real contacts and tickets (moves are commands on the contact's stream), the newest on
    // the board, so they head the default lane.
    for (let move = 0; move < MOVES; move++) {
      const created = await call('POST', '/contacts', { name: `Movido ${move}`, number: String(5521980000000 + move) });
      await call('POST', '/tickets', { contactId: created.id, queueId: queueIds[move % 2]!, status: 'pending' });
    }

    // The server's part of the first paint: the cards' call alone, and its size.
    let bytes = 0;
    const apiTimes = await sampleTimes(RUNS, async () => {
      const response = await app.inject({ method: 'GET', url: `/ticket/kanban?queueIds=${encodeURIComponent(JSON.stringify(queueIds))}`, headers });
      bytes = response.rawPayload.length;
    });
    figure('kanban_tickets_call_p50_ms', percentile(apiTimes, 50), 'ms');
    figure('kanban_tickets_call_kb', bytes / 1024, 'KiB');

    const machine = machineWatch();
    figure('machine_load_average_1m', loadavg()[0]!, 'runnable');
    const mover = await signIn(server);
    const watcher = await signIn(server);

    log(`board first paint, ${RUNS} loads`);
    const paints: number[] = [];
    for (let run = 0; run < RUNS; run++) paints.push(await boardPaint(mover, url, lanes.length));
    percentileFigures('kanban_first_paint', paints, [50, 95], { suffix: '_ms' });
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
    percentileFigures('kanban_move_seen_by_other', seen, [50, 95], { suffix: '_ms' });

    // Idle counts the time waiting on I/O too.
    const { steal, idle, iowait } = machine.share();
    figure('machine_cpu_steal_pct', steal, '%');
    figure('machine_cpu_idle_pct', idle + iowait, '%');
  });
}

runBench(main);
