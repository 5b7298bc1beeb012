/**
 * Conversation screen figures: `pnpm bench:conversation` (builds the UI into its own folder). The real product (embedded
 * Postgres, projections, edge, the built UI) on a fresh data dir, and Debian's Chromium. One conversation of
 * BENCH_CONVERSATION_MESSAGES (5,000) messages: the ticket and its first message come through the product's own
 * inbound path; the history is bulk-loaded into read.messages (varied lengths, replies, private notes, locations,
 * contact cards, deleted messages, spread over 50 days so day separators appear).
 *
 * In the browser the conversation opens (a full page load of /tickets/<uuid>) at its newest message; then the list
 * is scrolled upward BENCH_SCROLL_STEP px (120) per animation frame, as a fast flick would, loading every older
 * page on the way (20 messages each) until the first message. Frame times are the deltas between
 * requestAnimationFrame callbacks while the list is moving; a second pass scrolls back down through all 5,000
 * loaded messages. The idle page's frame times come first, as the measure of what the machine gives any page.
 * JSON lines on stdout.
 */
import { inboundContext } from '@conversa/channels';
import { changeTicket, receiveMessage, userActor } from '@conversa/core';
import { sql } from 'kysely';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { figure, log, percentileFigures, runBench } from './kit/measure';
import { signedInPage, withUiServer, type UiServer } from './kit/ui';

const MESSAGES = Number(process.env.BENCH_CONVERSATION_MESSAGES ?? 5000);
const SCROLL_STEP = Number(process.env.BENCH_SCROLL_STEP ?? 120);

/**
 * What runs in the page: scrolls the message list one step per frame and records each frame's delta. Kept as
 * source text: the bench runner's transpiler would otherwise insert helpers the page does not have.
 */
const SCROLL_PASS = `async (direction, step, timeoutMs) => {
  const list = document.querySelector('[data-testid="message-list"]');
  const deltas = [];
  let idleFrames = 0;
  const started = performance.now();
  return new Promise((resolve) => {
    let last = performance.now();
    let moving = false;
    const frame = (now) => {
      // The delta of a frame in which the list was moving: it holds the scroll, the rows rendered for it, and any
      // page that arrived and was merged in between.
      if (moving) deltas.push(now - last);
      last = now;
      const atEnd = direction === 'up' ? list.scrollTop <= 0 : list.scrollTop + list.clientHeight >= list.scrollHeight - 1;
      const loading = document.querySelector('[data-testid="loading-older"]') !== null;
      idleFrames = atEnd && !loading ? idleFrames + 1 : 0;
      // Done when the end has been held for a second with nothing more coming.
      if (idleFrames > 60 || now - started > timeoutMs) {
        resolve({ deltas, ms: now - started, rows: list.querySelectorAll('[data-index]').length });
        return;
      }
      moving = !atEnd;
      if (direction === 'up') list.scrollTop -= step;
      else list.scrollTop += step;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}`;

/** Frame deltas of the page doing nothing for two seconds: what this machine gives any page right now. */
const IDLE_FRAMES = `new Promise((resolve) => {
  const deltas = [];
  let last = performance.now();
  const started = last;
  const frame = (now) => {
    deltas.push(now - last);
    last = now;
    if (now - started > 2000) resolve(deltas);
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})`;

type PassResult = { deltas: number[]; ms: number; rows: number };
const scrollPass = (direction: 'up' | 'down') => `(${SCROLL_PASS})('${direction}', ${SCROLL_STEP}, 600000)`;

/** The UI built into a folder of the bench's own, so a build started elsewhere meanwhile cannot empty it mid-run. */
function buildUi(outDir: string): void {
  const uiRoot = join(import.meta.dirname, '..', '..', '..', 'ui');
  const built = spawnSync(
    process.execPath,
    // Relative to the UI's root: the build's own plugins join the root and the outDir.
    [join(uiRoot, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--outDir', relative(uiRoot, outDir), '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: uiRoot, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (built.status !== 0 || !existsSync(join(outDir, 'index.html'))) throw new Error('UI build failed');
}

async function main() {
  const uiDir = mkdtempSync(join(tmpdir(), 'conversa-bench-ui-'));
  try {
    log('building the UI');
    buildUi(uiDir);
    log('starting the product and Chromium');
    await withUiServer('conversation', measure, { env: { UI_DIR: uiDir } });
  } finally {
    rmSync(uiDir, { recursive: true, force: true });
  }
}

async function measure(server: UiServer) {
  const { wiring, url } = server;
  const { userId, companyId } = server.admin;
  // The conversation: a contact writes (the product's inbound path), the admin accepts.
  const received = await receiveMessage(inboundContext(wiring.ctx), {
    companyId,
    whatsappId: null,
    channel: 'whatsapp',
    contact: { number: '5511987650000', name: 'Cliente Antigo', isGroup: false },
    providerId: 'bench-conversation-first',
    body: 'Olá! (a mensagem mais recente da conversa)',
    mediaType: 'chat',
    receivedAt: new Date().toISOString(),
  });
  const accepted = await changeTicket(wiring.ctx, {
    companyId,
    actor: userActor(userId),
    ticketId: received.ticketId,
    command: { type: 'AcceptTicket', userId },
  });
  await wiring.ctx.waitForProjections(accepted.position);
  const { uuid } = await wiring.db.selectFrom('read.tickets').select('uuid').where('id', '=', received.ticketId).executeTakeFirstOrThrow();

  // The history before it, bulk-loaded (MESSAGES - 1 rows), oldest 50 days ago.
  const loadStarted = performance.now();
  await sql`
      with numbered as (
        select n, gen_random_uuid() as id,
               now() - interval '50 days' + (n::float / ${MESSAGES}) * interval '50 days' - interval '1 minute' as at
        from generate_series(1, ${MESSAGES - 1}::int) n
      )
      insert into read.messages (id, company_id, ticket_id, contact_id, from_me, body, media_type, location, quoted_message_id, user_id,
                                 is_private, is_deleted, deleted_by, is_edited, ack, read, created_at, updated_at)
      select id, ${companyId}::int, ${received.ticketId}::int, ${received.contactId}::int, n % 3 <> 0,
             case
               when n % 60 = 0 then 'BEGIN:VCARD' || chr(10) || 'VERSION:3.0' || chr(10) || 'FN:Contato ' || n || chr(10) || 'TEL;type=CELL;waid=55119' || lpad(n::text, 8, '0') || ':+55 11 9' || n || chr(10) || 'END:VCARD'
               when n % 50 = 0 then ''
               else 'Mensagem ' || n || ': ' || repeat('texto da conversa ', 1 + (n * 7919) % 22)
             end,
             case when n % 60 = 0 then 'contactMessage' when n % 50 = 0 then 'locationMessage' else 'chat' end,
             case when n % 50 = 0 and n % 60 <> 0 then jsonb_build_object('latitude', -23.55, 'longitude', -46.63, 'name', 'Loja ' || n) end,
             null::uuid, case when n % 3 <> 0 then ${userId}::int end,
             n % 40 = 0, n % 97 = 0, case when n % 97 = 0 then (case when n % 3 <> 0 then 'user' else 'contact' end) end, n % 31 = 0,
             (case when n % 3 <> 0 then 3 else 0 end)::smallint, true, at, at
      from numbered`.execute(wiring.db);
  // One message in ten replies to the one before it.
  await sql`
      update read.messages m set quoted_message_id = prev.id
      from (select id, lag(id) over (order by created_at) as prev_id, row_number() over (order by created_at) as n from read.messages where ticket_id = ${received.ticketId}) ordered
      join read.messages prev on prev.id = ordered.prev_id
      where m.id = ordered.id and ordered.n % 10 = 0`.execute(wiring.db);
  await sql`analyze read.messages`.execute(wiring.db);
  log(`loaded ${MESSAGES} messages in ${Math.round(performance.now() - loadStarted)} ms`);

  const { context, page } = await signedInPage(server, { viewport: { width: 1366, height: 860 }, timeout: 60_000 });

  const opened = performance.now();
  await page.goto(`${url}/tickets/${uuid}`);
  await page
    .getByTestId('message-list')
    .getByText('a mensagem mais recente da conversa')
    .waitFor()
    .catch(async (error: unknown) => {
      await page.screenshot({ path: join(tmpdir(), 'conversation-bench-failure.png') });
      log(`page: ${(await page.evaluate(() => document.body.innerText)).slice(0, 2000)}`);
      throw error;
    });
  figure('conversation_page_load_to_newest_message_ms', performance.now() - opened, 'ms');

  const idle = (await page.evaluate(IDLE_FRAMES)) as number[];
  percentileFigures('idle_page_frame', idle, [50, 95], { suffix: '_ms' });
  log('scrolling up through the conversation');
  // Progress every 15 s: how far up the list is and whether a page is on its way.
  const progress = setInterval(() => {
    page
      .evaluate(() => {
        const list = document.querySelector('[data-testid="message-list"]') as HTMLElement;
        const first = list.querySelector('[data-index]');
        return `scrollTop ${Math.round(list.scrollTop)} of ${list.scrollHeight}, first row ${first?.getAttribute('data-index')}, loading ${document.querySelector('[data-testid="loading-older"]') !== null}, ${(first?.textContent ?? '').slice(0, 40)}`;
      })
      .then(log, () => undefined);
  }, 15_000);
  const up = (await page.evaluate(scrollPass('up')).finally(() => clearInterval(progress))) as PassResult;
  const loaded = await page.evaluate(() => document.body.innerText.includes('Mensagem 1: '));
  log(`up: ${up.deltas.length} frames in ${Math.round(up.ms)} ms; first message reached: ${loaded}`);
  if (!loaded) throw new Error('the first message was never reached');
  figure('conversation_scroll_up_frames', up.deltas.length, 'frames');
  percentileFigures('conversation_scroll_up_frame', up.deltas, [50, 95, 'max'], { suffix: '_ms' });
  figure('conversation_scroll_up_total_s', up.ms / 1000, 's');

  log('scrolling down through the loaded conversation');
  const down = (await page.evaluate(scrollPass('down'))) as PassResult;
  percentileFigures('conversation_scroll_down_frame', down.deltas, [50, 95, 'max'], { suffix: '_ms' });
  figure('conversation_rows_in_dom', down.rows, 'rows');
  await context.close();
}

runBench(main);
