/**
 * Spreadsheet bombs against the running product: `pnpm bench:upload-bomb`. Starts the product's `start`
 * role (its own embedded Postgres, a fresh data dir) as a child process, signs up two companies, and
 * for BENCH_BOMB_SECONDS (default 30) has company A's user upload .xlsx bombs in BENCH_BOMB_ATTACKERS
 * loops (default 3) to POST /contacts/upload and POST /contact-lists/{id}/upload, while company B's
 * user makes ordinary requests (its contacts, its lists) and `/health` is probed once a second with a
 * one-second timeout. Two bombs, alternately: one whose directory tells the truth (its sheet unpacks
 * to BENCH_BOMB_MB, default 250 MB, from some 850 KB), refused by the upload route; one whose
 * directory lies (declares 200 KB), accepted and refused by the contact-import worker once the part
 * unpacks past its declared size. JSON lines: the bombs' answer times, the product process's RSS
 * growth, the other company's p50/p99, the health probes, the machine's load.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { xlsxBomb } from '../../testing/src/xlsx-bomb';
import { figure, log, percentile } from './kit/measure';
import { signupPayload, SIGNUP_PASSWORD } from './kit/product';
import { spawnStart } from './kit/start-role';

const SECONDS = Number(process.env.BENCH_BOMB_SECONDS ?? 30);
const ATTACKERS = Number(process.env.BENCH_BOMB_ATTACKERS ?? 3);
const BOMB_MB = Number(process.env.BENCH_BOMB_MB ?? 250);

/** The product process's resident memory (MB), from /proc. */
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

async function run() {
  const dataDir = mkdtempSync(join(tmpdir(), 'conversa-bench-bomb-'));
  const role = await spawnStart(dataDir, { env: { LOG_LEVEL: 'warn' }, stdio: ['ignore', 'ignore', 'inherit'] });
  const { child, url: base } = role;
  try {
    log('starting the product');
    await role.healthy(100);
    const company = async (name: string, seed: number) => {
      const email = `${name.toLowerCase()}@example.com`;
      const signup = await fetch(`${base}/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(signupPayload({ name: `${name} Admin`, companyName: name, email, seed })),
      });
      if (signup.status !== 201) throw new Error(`signup ${signup.status} ${await signup.text()}`);
      const login = await fetch(`${base}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: SIGNUP_PASSWORD }),
      });
      return { authorization: `Bearer ${(await login.json()).token as string}` };
    };
    const attacker = await company('Atacante', 4101);
    const victim = await company('Vitima', 4102);
    const list = await (
      await fetch(`${base}/contact-lists`, {
        method: 'POST',
        headers: { ...attacker, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Alvo' }),
      })
    ).json();
    for (let index = 0; index < 50; index++) {
      await fetch(`${base}/contacts`, {
        method: 'POST',
        headers: { ...victim, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `Cliente ${index}`, number: `55119${String(70_000_000 + index)}` }),
      });
    }

    log(`building the bombs (${BOMB_MB} MB unpacked)`);
    const honest = xlsxBomb({ sheetBytes: BOMB_MB * 1024 * 1024 });
    const lying = xlsxBomb({ sheetBytes: BOMB_MB * 1024 * 1024, declaredSize: 200_000 });
    figure('bomb_file_kb', honest.length / 1024, 'KB');
    const form = (file: Buffer) => {
      const body = new FormData();
      body.append('file', new Blob([new Uint8Array(file)]), 'contatos.xlsx');
      return body;
    };

    const rssBefore = rssMb(child.pid!);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(child.pid!))), 200);
    const until = performance.now() + SECONDS * 1000;
    const answers: Record<string, number[]> = {};
    const statuses = new Map<string, number>();
    const others: number[] = [];
    let othersFailed = 0;
    const probes: number[] = [];

    log(`${ATTACKERS} attackers for ${SECONDS} s`);
    const attack = async (loop: number) => {
      for (let round = 0; performance.now() < until; round++) {
        const kind = (round + loop) % 2 === 0 ? 'honest' : 'lying';
        const url = (round >> 1) % 2 === 0 ? '/contacts/upload' : `/contact-lists/${list.id}/upload`;
        const started = performance.now();
        const answer = await fetch(`${base}${url}`, { method: 'POST', headers: attacker, body: form(kind === 'honest' ? honest : lying) });
        const body = (await answer.json()) as { error?: string };
        const key = `${kind} ${url.startsWith('/contacts') ? 'contacts' : 'list'}`;
        (answers[key] ??= []).push(performance.now() - started);
        const outcome = `${key} ${answer.status} ${body.error ?? ''}`.trim();
        statuses.set(outcome, (statuses.get(outcome) ?? 0) + 1);
      }
    };
    const ordinary = async () => {
      for (let round = 0; performance.now() < until; round++) {
        const url = round % 2 === 0 ? '/contacts?pageNumber=1' : '/contact-lists';
        const started = performance.now();
        const ok = await fetch(`${base}${url}`, { headers: victim, signal: AbortSignal.timeout(10_000) }).then(
          async (r) => (await r.arrayBuffer(), r.ok),
          () => false,
        );
        if (ok) others.push(performance.now() - started);
        else othersFailed++;
      }
    };
    const health = async () => {
      while (performance.now() < until) {
        const started = performance.now();
        const ok = await fetch(`${base}/health`, { signal: AbortSignal.timeout(1_000) }).then(
          (r) => r.ok,
          () => false,
        );
        probes.push(ok ? performance.now() - started : Number.POSITIVE_INFINITY);
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1_000 - (performance.now() - started))));
      }
    };
    await Promise.all([...Array.from({ length: ATTACKERS }, (_, loop) => attack(loop)), ordinary(), ordinary(), health()]);
    clearInterval(sampler);
    // What the process keeps once the attack is over (after a collection's chance).
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const rssAfter = rssMb(child.pid!);

    for (const [key, times] of Object.entries(answers)) {
      figure(`bomb_answer_p50_ms ${key}`, percentile(times, 50), 'ms');
      figure(`bomb_answer_max_ms ${key}`, Math.max(...times), 'ms');
    }
    for (const [outcome, count] of statuses) figure(`bomb_answers ${outcome}`, count, 'answers');
    figure('product_rss_before_mb', rssBefore, 'MB');
    figure('product_rss_growth_peak_mb', rssPeak - rssBefore, 'MB');
    figure('product_rss_growth_after_mb', rssAfter - rssBefore, 'MB');
    figure('other_company_requests', others.length, 'requests');
    figure('other_company_failed', othersFailed, 'requests');
    figure('other_company_p50_ms', percentile(others, 50), 'ms');
    figure('other_company_p99_ms', percentile(others, 99), 'ms');
    figure('health_probes', probes.length, 'probes');
    figure('health_within_1s', probes.filter((ms) => ms <= 1_000).length, 'probes');
    figure('health_max_ms', Math.min(1_000_000, Math.max(...probes)), 'ms');
    const [one, five] = loadavg();
    figure('loadavg_1m', one!, 'load');
    figure('loadavg_5m', five!, 'load');
  } finally {
    await role.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await run();
