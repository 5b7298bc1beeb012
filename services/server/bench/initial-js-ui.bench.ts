/**
 * The JavaScript a browser fetches to show a screen: `pnpm bench:ui` (builds the UI first). The real product serves
 * ui/dist (see ./kit/ui.ts) to Debian's Chromium with a cold cache and no service worker (its background precache
 * of every file is not what the page needs to paint):
 * - shell: the login page, until its form is on screen and the network is idle;
 * - tickets: a signed-in attendant (profile user, one queue, a session restored from the refresh cookie as after a
 *   reload) opens /tickets, until the first ticket row has painted; and, separately, everything fetched up to network
 *   idle after that (chunks requested after the paint, e.g. by idle prefetching).
 * Every JavaScript response counts (module script, modulepreloads, dynamic imports), at the gzip size of its bytes
 * (level 9: the budget's measure; the wire carries the brotli files the build writes, see the phone figures).
 * One JSON line per figure on stdout (KiB = 1024 bytes); the per-file breakdown and progress on stderr.
 */
import { sql } from 'kysely';
import type { Browser, BrowserContext } from 'playwright-core';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
import { openTicketsToFirstRow, recordScripts, TICKETS_FIRST_ROW_BUDGET_KIB, type ScriptSizes } from '@conversa/testing/firstRow';
import { signIn } from '@conversa/testing/browser';
import { figure, median, runBench } from './kit/measure';
import { idsPast, insertContacts, insertTickets, recountTickets } from './kit/tables';
import { withUiServer, type UiServer } from './kit/ui';
import { firstRowOnPhone, waterfall } from './phone-network';

const TICKETS = Number(process.env.BENCH_TICKETS ?? 40);
const BUDGET_KIB = TICKETS_FIRST_ROW_BUDGET_KIB;
/** Runs per phone-network figure (cold and repeat visit); the median is reported. */
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

/** The per-file breakdown and the waterfalls, on stderr as they are (no timestamp). */
const log = (text: string) => process.stderr.write(`${text}\n`);

type Files = ScriptSizes;

function report(name: string, files: Files, budget?: number) {
  const gzip = [...files.values()].reduce((sum, file) => sum + file.gzip, 0);
  const raw = [...files.values()].reduce((sum, file) => sum + file.raw, 0);
  figure(`${name}_js_files`, files.size, 'files');
  figure(`${name}_js_raw_kib`, raw / 1024, 'KiB');
  figure(`${name}_js_gzip_kib`, gzip / 1024, 'KiB');
  log(
    `\n${name}: ${files.size} files, ${(gzip / 1024).toFixed(1)} KiB gzip (${(raw / 1024).toFixed(1)} KiB raw)${budget ? `, budget ${budget} KiB: ${gzip / 1024 <= budget ? 'within' : 'OVER'}` : ''}`,
  );
  for (const [path, file] of [...files].sort((a, b) => b[1].gzip - a[1].gzip))
    log(`${(file.gzip / 1024).toFixed(1).padStart(8)} KiB gzip ${(file.raw / 1024).toFixed(1).padStart(8)} KiB raw  ${path}`);
}

const difference = (all: Files, before: Files): Files => new Map([...all].filter(([path]) => !before.has(path)));

async function measure(server: UiServer) {
  const { url, browser, wiring, call } = server;
  const { companyId } = server.admin;
  const queueId = (await call('POST', '/queue', { name: 'Vendas', color: '#2563eb', greetingMessage: 'Olá!' })).id as number;
  const attendant = { email: 'ana@bench.test', password: 'Ana-bench-1' };
  const userId = (await call('POST', '/users', { name: 'Ana Atendente', ...attendant, profile: 'user', queueIds: [queueId] })).id as number;
  // Her open conversations (the screen's first tab) and as many waiting in her queue, straight into the read tables.
  const base = 1_000_000;
  const last = base + TICKETS - 1;
  await insertContacts(wiring.db, companyId, base, last, '3 days');
  await insertTickets(wiring.db, companyId, base, last, {
    status: sql`case when g % 2 = 0 then 'open' else 'pending' end`,
    queue: sql`${queueId}::int`,
    user: sql`case when g % 2 = 0 then ${userId}::int else null end`,
    unread: sql`g % 4`,
  });
  await recountTickets(wiring.db, companyId);
  await idsPast(wiring, base);

  // The shell alone: the login page on a cold cache.
  const first = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
  first.setDefaultTimeout(60_000);
  const shellScripts = recordScripts(first);
  const page = await first.newPage();
  await page.goto(`${url}/login`);
  await page.getByTestId('login-submit').waitFor();
  await page.waitForLoadState('networkidle');
  report('shell_login', await shellScripts.snapshot());
  await signIn(page, url, attendant);
  const session = await first.storageState();
  await first.close();

  // /tickets opened by the signed-in attendant: a fresh context (cold cache) holding her session.
  const second = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block', storageState: session });
  second.setDefaultTimeout(60_000);
  const ticketScripts = recordScripts(second);
  const tickets = await second.newPage();
  const { askedBeforeRow, paintedMs } = await openTicketsToFirstRow(tickets, url);
  const painted = new Map([...(await ticketScripts.snapshot())].filter(([path]) => askedBeforeRow.has(path)));
  await tickets.waitForLoadState('networkidle');
  const idle = await ticketScripts.snapshot();
  report('tickets_to_first_row', painted, BUDGET_KIB);
  figure('tickets_first_row_ms', paintedMs, 'ms');
  report('tickets_after_paint_until_idle', difference(idle, painted));
  await second.close();

  // Each context starts from its own session: a refresh cookie is rotated on use, a used one is refused.
  const freshSession = async (): Promise<StorageState> => {
    const login = await server.app.inject({ method: 'POST', url: '/auth/login', payload: attendant });
    const cookie = [login.headers['set-cookie']].flat().find((value) => value?.startsWith('jrt='));
    const value = cookie?.split(';')[0]!.slice('jrt='.length);
    if (!value) throw new Error(`login for the phone runs: ${login.statusCode} ${login.body}`);
    return { ...session, cookies: session.cookies.map((stored) => (stored.name === 'jrt' ? { ...stored, value } : stored)) };
  };
  await onPhoneNetwork(browser, url, freshSession);
}

/**
 * /tickets on the phone network, the first row's time after navigation (median of RUNS): cold (a fresh context, HTTP
 * cache off, no worker yet) and on a repeat visit (a context whose service worker has installed; the HTTP cache is off
 * too, so what does not come from the worker comes from the network).
 */
async function onPhoneNetwork(browser: Browser, url: string, freshSession: () => Promise<StorageState>) {
  const cold: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block', storageState: await freshSession() });
    context.setDefaultTimeout(60_000);
    const { ms, log: network } = await firstRowOnPhone(context, `${url}/tickets`, { cold: true });
    cold.push(ms);
    if (run === 0) {
      figure('phone_cold_js_network_files', network.scripts.network, 'files');
      figure('phone_cold_js_wire_kib', network.scripts.wireBytes / 1024, 'KiB');
      log(`\ncold run on the phone network, ${Math.round(ms)} ms to the first row:\n${waterfall(network, url)}`);
    }
    await context.close();
  }
  figure('phone_cold_first_row_ms', median(cold), 'ms');
  log(`cold runs: ${cold.map(Math.round).join(', ')} ms`);

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, storageState: await freshSession() });
  context.setDefaultTimeout(60_000);
  try {
    // The first visit registers the worker, which precaches the build; the repeat visits start once it is active.
    const first = await context.newPage();
    await first.goto(`${url}/tickets`);
    await first.locator('[data-testid^="ticket-row-"]').first().waitFor();
    await first.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await first.close();
    const repeat: number[] = [];
    const longTaskMs: number[] = [];
    const networkScripts: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const { ms, longTasks, log: network, page } = await firstRowOnPhone(context, `${url}/tickets`, { cold: true });
      repeat.push(ms);
      longTaskMs.push(longTasks.ms);
      networkScripts.push(network.scripts.network);
      if (run === 0) log(`\nrepeat visit on the phone network, ${Math.round(ms)} ms to the first row:\n${waterfall(network, url)}`);
      log(
        `repeat run ${run + 1}: first row ${Math.round(ms)} ms; ${longTasks.count} long tasks before it, ${Math.round(longTasks.ms)} ms (start+length: ${longTasks.list})`,
      );
      await page.close();
    }
    figure('phone_repeat_first_row_ms', median(repeat), 'ms');
    figure('phone_repeat_long_tasks_ms', median(longTaskMs), 'ms');
    figure('phone_repeat_js_network_files', Math.max(...networkScripts), 'files');
    log(`repeat runs: ${repeat.map(Math.round).join(', ')} ms`);
  } finally {
    await context.close();
  }
}

runBench(async () => {
  // The product logs go to stderr: stdout carries the JSON lines alone.
  console.log = (...args: unknown[]) => console.error(...args);
  await withUiServer('initial-js', measure);
});
