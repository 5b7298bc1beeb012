/**
 * Internal chat figures: `pnpm bench:chat` (builds the UI first). The real product (embedded Postgres, projections,
 * edge, the built UI) on a fresh data dir, and Debian's Chromium with two users of one company signed in, each in
 * their own browser context, both with the same chat open. BENCH_CHAT_MESSAGES (default 100) messages go one
 * after another from the first browser (typed, Enter) to the second; each is timed from the key press in the
 * first page to the moment the text is in the second page's DOM (a MutationObserver; both pages read the same
 * machine clock). JSON lines on stdout: p50, p95, p99 and max, with the machine's idle and steal share over the run.
 */
import { launchBrowser } from '@conversa/testing/browser';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../testing/src/postgres';
import { loadConfig } from '../src/config';
import { buildHttp } from '../src/http';
import { seed } from '../src/seed';
import { wire } from '../src/wiring';
import { figure, log } from './tickets/measure';

const MESSAGES = Number(process.env.BENCH_CHAT_MESSAGES ?? 100);
const ADMIN = { email: 'bench@example.com', password: 'Bench-pass-1' };
const OTHER = { name: 'Bench Colega', email: 'colega@example.com', password: 'Bench-pass-2' };

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
};
const cpuTicks = () => readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);

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

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'conversa-bench-chat-'));
  const pgPort = await freePort();
  process.env.PG_PORT = String(pgPort);
  const uiDir = join(process.cwd(), 'ui', 'dist');
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      PG_PORT: String(pgPort),
      UI_DIR: uiDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      JWT_SECRET: 'bench-secret-'.repeat(4),
    },
    dataDir,
  );
  const wiring = await wire(config, { runProjections: true });
  const browser = await launchBrowser();
  const cpuAtStart = cpuTicks();
  try {
    await seed(wiring.ctx, config);
    const { app } = await buildHttp(wiring, { serveUi: true, edge: true, projections: true });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const url = `http://127.0.0.1:${address.port}`;
    const inject = async (token: string, method: 'POST' | 'GET', path: string, payload?: object) => {
      const response = await app.inject({ method, url: path, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
      if (response.statusCode >= 300) throw new Error(`${method} ${path}: ${response.statusCode} ${response.body}`);
      return response.json();
    };
    const login = await app.inject({ method: 'POST', url: '/auth/login', payload: ADMIN });
    const adminToken = login.json().token as string;
    const other = await inject(adminToken, 'POST', '/users', OTHER);
    const chat = await inject(adminToken, 'POST', '/chats', { title: 'Bench', users: [other.id] });
    log(`chat ${chat.uuid}; ${MESSAGES} messages`);

    const open = async (credentials: { email: string; password: string }) => {
      const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      await page.goto(`${url}/login`);
      await page.getByTestId('login-email').fill(credentials.email);
      await page.getByTestId('login-password').fill(credentials.password);
      await page.getByTestId('login-submit').click();
      await page.waitForFunction(() => location.pathname !== '/login');
      await page.goto(`${url}/chats/${chat.uuid}`);
      await page.getByTestId('chat-messages').waitFor();
      return page;
    };
    const sender = await open(ADMIN);
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
    const cpuAtEnd = cpuTicks();
    const delta = cpuAtEnd.map((value, index) => value - cpuAtStart[index]!);
    const total = delta.reduce((a, b) => a + b, 0);
    figure('chat_message_browser_to_browser_p50', percentile(latencies, 50), 'ms');
    figure('chat_message_browser_to_browser_p95', percentile(latencies, 95), 'ms');
    figure('chat_message_browser_to_browser_p99', percentile(latencies, 99), 'ms');
    figure('chat_message_browser_to_browser_max', Math.max(...latencies), 'ms');
    figure('chat_messages', latencies.length, 'count');
    figure('cpu_idle_share', (100 * delta[3]!) / total, '%');
    figure('cpu_steal_share', (100 * delta[7]!) / total, '%');
    await app.close();
  } finally {
    await browser.close();
    await wiring.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
