/**
 * Ticket list figures in the browser: `pnpm bench:ticket-list` (builds the UI first). The real product (embedded
 * Postgres, projections, edge, the built UI) on a fresh data dir, and Debian's Chromium:
 * - 5,000 waiting tickets bulk-loaded into the read tables with SQL (as bench:tickets does), two queues;
 * - frame times (requestAnimationFrame deltas, p50/p95/max) while the pending tab pages in all 5,000 rows by
 *   scrolling to its bottom, then while scrolling the whole loaded list top to bottom and back;
 * - inbound message → its row on screen (a contact writes through `receiveMessage`; the page notes when the row
 *   shows the text), median and p95 of BENCH_INBOUND (default 25) for a new conversation and for a message in an
 *   existing one;
 * - the JavaScript the browser loads for /tickets (raw and gzip).
 * One JSON line per figure on stdout; progress on stderr. BENCH_TICKETS changes the list size; BENCH_PROFILE=<file>
 * writes a CPU profile of the page during the steady scroll (open it in Chrome DevTools).
 */
import { inboundContext } from '@conversa/channels';
import { signIn } from '@conversa/testing/browser';
import { receiveMessage } from '@conversa/core';
import { sql } from 'kysely';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { figure, log, percentile, percentileFigures, runBench } from './kit/measure';
import { idsPast, insertContacts, insertTickets, recountTickets } from './kit/tables';
import { BENCH_ADMIN } from './kit/product';
import { newPage, withUiServer, type UiServer } from './kit/ui';

const TICKETS = Number(process.env.BENCH_TICKETS ?? 5000);
const INBOUND = Number(process.env.BENCH_INBOUND ?? 25);
/** Pixels scrolled per animation frame in the steady scroll: a quick flick through the list, ~3 rows a frame. */
const SCROLL_STEP_PX = 300;

const frames = (name: string, deltas: number[]) => {
  percentileFigures(`${name}_frame`, deltas, [50, 95, 'max'], { suffix: '_ms' });
  figure(`${name}_frames`, deltas.length, 'frames');
};

/** Runs in the page: scrolls the list by `step` px per frame from its top to its bottom and back, recording frame deltas. */
async function scrollThrough(page: Page, step: number): Promise<number[]> {
  return page.evaluate(async (stepPx) => {
    const list = document.querySelector<HTMLElement>('[data-testid="ticket-list"]')!;
    list.scrollTop = 0;
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const deltas: number[] = [];
    let last = performance.now();
    let direction = 1;
    await new Promise<void>((resolve) => {
      const tick = (now: number) => {
        deltas.push(now - last);
        last = now;
        const bottom = list.scrollHeight - list.clientHeight;
        list.scrollTop = Math.max(0, Math.min(bottom, list.scrollTop + direction * stepPx));
        if (direction === 1 && list.scrollTop >= bottom) direction = -1;
        else if (direction === -1 && list.scrollTop <= 0) return resolve();
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    return deltas.slice(1);
  }, step);
}

/** Runs in the page: keeps jumping to the bottom of the list until `expected` rows are loaded, recording frame deltas. */
async function pageIn(page: Page, expected: number): Promise<{ deltas: number[]; ms: number }> {
  return page.evaluate(async (rows) => {
    const list = document.querySelector<HTMLElement>('[data-testid="ticket-list"]')!;
    const deltas: number[] = [];
    const started = performance.now();
    let last = started;
    await new Promise<void>((resolve, reject) => {
      const tick = (now: number) => {
        deltas.push(now - last);
        last = now;
        list.scrollTop = list.scrollHeight;
        if (Number(list.dataset.count) >= rows) return resolve();
        if (now - started > 300_000) return reject(new Error(`only ${list.dataset.count} rows after 300 s`));
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    return { deltas: deltas.slice(1), ms: performance.now() - started };
  }, expected);
}

async function measure(server: UiServer) {
  const { wiring, call } = server;
  const db = wiring.db;
  const { companyId } = server.admin;
  const queueIds: number[] = [];
  for (const [name, color] of [
    ['Vendas', '#2563eb'],
    ['Suporte', '#16a34a'],
  ] as const)
    queueIds.push((await call('POST', '/queue', { name, color, greetingMessage: 'Olá! 1 Vendas, 2 Suporte' })).id);

  log(`bulk-loading ${TICKETS} waiting tickets`);
  const base = 1_000_000;
  const last = base + TICKETS - 1;
  await insertContacts(db, companyId, base, last, '3 days');
  await insertTickets(db, companyId, base, last, {
    status: sql`'pending'`,
    queue: sql`case when g % 3 = 0 then null when g % 3 = 1 then ${queueIds[0]!}::int else ${queueIds[1]!}::int end`,
    user: sql`null`,
    unread: sql`g % 4`,
  });
  await recountTickets(db, companyId);
  await idsPast(wiring, base);
  await sql`vacuum analyze read.tickets`.execute(db);

  const { context, page } = await newPage(server, { viewport: { width: 1280, height: 900 }, timeout: 60_000, pageFunctions: true });
  const scripts = new Map<string, Buffer>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      void response.body().then(
        (body) => scripts.set(response.url(), body),
        () => undefined,
      );
  });
  // When each ticket frame reached the browser, by the text it carries: splits server time from drawing time.
  const frameAt = new Map<string, number>();
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      const text = typeof payload === 'string' ? payload : payload.toString('utf8');
      const match = /"lastMessage":"((?:nova|de novo) \d+)"/.exec(text);
      if (match && text.includes('-ticket"') && !frameAt.has(match[1]!)) frameAt.set(match[1]!, Date.now());
    }),
  );
  await signIn(page, server.url, BENCH_ADMIN, { testId: 'tickets-page' });
  await page.getByTestId('tickets-tab-pending').click();
  await page.locator('[data-testid="ticket-list"]').waitFor();
  await page.waitForFunction((expected) => document.querySelector('[data-testid="ticket-count-pending"]')?.textContent === String(expected), TICKETS);
  await page.waitForLoadState('networkidle');
  const raw = [...scripts.values()].reduce((sum, body) => sum + body.length, 0);
  const gzip = [...scripts.values()].reduce((sum, body) => sum + gzipSync(body).length, 0);
  figure('tickets_screen_js_files', scripts.size, 'files');
  figure('tickets_screen_js_raw_kb', raw / 1024, 'KiB');
  figure('tickets_screen_js_gzip_kb', gzip / 1024, 'KiB');

  // What this machine gives an idle page right now: the frame times below are read against it.
  figure('machine_load_average_1m', loadavg()[0]!, 'runnable');
  frames(
    'idle_page',
    await page.evaluate(async () => {
      const deltas: number[] = [];
      let last = performance.now();
      const until = last + 3000;
      await new Promise<void>((resolve) => {
        const tick = (now: number) => {
          deltas.push(now - last);
          last = now;
          if (now >= until) return resolve();
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
      return deltas.slice(1);
    }),
  );

  log('paging in every row by scrolling to the bottom');
  const paged = await pageIn(page, TICKETS);
  figure('page_in_all_rows_s', paged.ms / 1000, 's');
  frames('page_in', paged.deltas);
  const rendered = await page.locator('[data-testid^="ticket-row-"]').count();
  figure('rows_in_dom_of_loaded', rendered, 'rows');

  log('scrolling the loaded list top to bottom and back');
  const profileFile = process.env.BENCH_PROFILE;
  const cdp = profileFile ? await context.newCDPSession(page) : null;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.start');
  }
  frames('scroll_loaded_list', await scrollThrough(page, SCROLL_STEP_PX));
  if (cdp && profileFile) {
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(profileFile, JSON.stringify(profile));
    log(`CPU profile of the scroll written to ${profileFile}`);
  }

  log(`timing ${INBOUND} inbound messages to their rows`);
  await page.evaluate(() => {
    document.querySelector<HTMLElement>('[data-testid="ticket-list"]')!.scrollTop = 0;
  });
  const watch = (body: string) =>
    page.evaluate(
      (text) =>
        new Promise<number>((resolve) => {
          const seen = () => [...document.querySelectorAll('[data-testid="ticket-last-message"]')].some((element) => element.textContent === text);
          const observer = new MutationObserver(() => {
            if (seen()) {
              observer.disconnect();
              resolve(Date.now());
            }
          });
          observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        }),
      body,
    );
  const newConversation: number[] = [];
  const existingConversation: number[] = [];
  const drawing: number[] = [];
  const inbound = async (number: string, body: string) => {
    const shown = watch(body);
    // The watcher is installed before the message exists.
    await page.evaluate(() => 0);
    const sentAt = Date.now();
    await receiveMessage(inboundContext(wiring.ctx), {
      companyId,
      whatsappId: null,
      channel: 'whatsapp',
      contact: { number, name: `Cliente ${number.slice(-4)}`, isGroup: false },
      providerId: `bench-${body}`,
      body,
      mediaType: 'chat',
      receivedAt: new Date().toISOString(),
    });
    const seenAt = await shown;
    const arrived = frameAt.get(body);
    if (arrived !== undefined) drawing.push(seenAt - arrived);
    return seenAt - sentAt;
  };
  for (let index = 0; index < INBOUND; index++) {
    const number = String(5521990000000 + index);
    newConversation.push(await inbound(number, `nova ${index}`));
    existingConversation.push(await inbound(number, `de novo ${index}`));
  }
  figure('inbound_new_conversation_to_row_p50_ms', percentile(newConversation, 50), 'ms');
  figure('inbound_new_conversation_to_row_p95_ms', percentile(newConversation, 95), 'ms');
  figure('inbound_existing_conversation_to_row_p50_ms', percentile(existingConversation, 50), 'ms');
  figure('inbound_existing_conversation_to_row_p95_ms', percentile(existingConversation, 95), 'ms');
  figure('inbound_samples', newConversation.length + existingConversation.length, 'messages');
  figure('ticket_frame_to_row_p50_ms', percentile(drawing, 50), 'ms');
  figure('ticket_frame_to_row_p95_ms', percentile(drawing, 95), 'ms');
  figure('ticket_frame_to_row_samples', drawing.length, 'frames');
  await context.close();
}

runBench(() => withUiServer('ticket-list', measure));
