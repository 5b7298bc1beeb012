/**
 * Internal chat figures: `pnpm bench:chat` (builds the UI first). The real product (embedded Postgres, projections,
 * edge, the built UI) on a fresh data dir, and Debian's Chromium with two users of one company signed in, each in
 * their own browser context, both with the same chat open. BENCH_CHAT_MESSAGES (default 100) messages go one
 * after another from the first browser (typed, Enter) to the second; each is timed from the key press in the
 * first page to the moment the text is in the second page's DOM (a MutationObserver; both pages read the same
 * machine clock). JSON lines on stdout: p50, p95, p99 and max, with the machine's idle and steal share over the run.
 */
import { figure, log, machineWatch, percentileFigures, runBench } from './kit/measure';
import { signedInPage, withUiServer } from './kit/ui';

const MESSAGES = Number(process.env.BENCH_CHAT_MESSAGES ?? 100);
const OTHER = { name: 'Bench Colega', email: 'colega@example.com', password: 'Bench-pass-2' };

/** Records when each text first appears in the conversation (source text: runs in the page as is). */
const WATCH = `(() => {
  window.__seen = {};
  const list = document.querySelector('[data-testid="chat-messages"]');
  new MutationObserver(() => {
    for (const node of list.querySelectorAll('[data-testid="chat-message"]')) {
      const text = node.textContent || '';
      const match = /bench-\\d+-x/.exec(text);
      if (match && !(match[0] in window.__seen)) window.__seen[match[0]] = Date.now();
    }
  }).observe(list, { childList: true, subtree: true, characterData: true });
})()`;

runBench(() =>
  withUiServer('chat', async (server) => {
    const machine = machineWatch({ idle: 'cpu_idle_share', steal: 'cpu_steal_share' });
    const other = await server.call('POST', '/users', OTHER);
    const chat = await server.call('POST', '/chats', { title: 'Bench', users: [other.id] });
    log(`chat ${chat.uuid}; ${MESSAGES} messages`);

    const open = async (person?: { email: string; password: string }) => {
      const { page } = await signedInPage(server, { viewport: { width: 1400, height: 900 }, timeout: 30_000, person });
      await page.goto(`${server.url}/chats/${chat.uuid}`);
      await page.getByTestId('chat-messages').waitFor();
      return page;
    };
    const sender = await open();
    const receiver = await open(OTHER);
    await receiver.evaluate(WATCH);

    const latencies: number[] = [];
    for (let i = 1; i <= MESSAGES; i++) {
      const text = `bench-${i}-x`;
      await sender.getByTestId('chat-input').fill(text);
      const sentAt = await sender.evaluate(() => Date.now());
      await sender.getByTestId('chat-input').press('Enter');
      await receiver.waitForFunction((key) => key in (window as unknown as { __seen: Record<string, number> }).__seen, text, { polling: 5 });
      const seenAt = await receiver.evaluate((key) => (window as unknown as { __seen: Record<string, number> }).__seen[key]!, text);
      latencies.push(seenAt - sentAt);
    }
    percentileFigures('chat_message_browser_to_browser', latencies, [50, 95, 99, 'max']);
    figure('chat_messages', latencies.length, 'count');
    machine.report();
  }),
);
