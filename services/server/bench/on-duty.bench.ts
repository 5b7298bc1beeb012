/**
 * On-duty figures: `pnpm bench:on-duty`. The real product (embedded Postgres, projections, reactors,
 * the sandbox channel's sessions) on a fresh data dir. BENCH_COMPANIES (default 10) companies each
 * with a sandbox connection, closed opening hours and one on-duty entry; then half the companies'
 * contacts write one after the other and the other half's all at once, and the time from the
 * inbound message's answer to the announcement in the on-duty phone's outbox is measured (the
 * announcer reactor: ticket → queued → sent). One announcement per company: the interval allows no
 * second. One JSON line per figure, with the machine's idle and steal share over the run.
 */
import { SCHEDULE_DAYS } from '@conversa/contracts';
import { localTime } from '@conversa/core';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort } from '../../testing/src/postgres';
import { loadConfig } from '../src/config';
import { buildHttp } from '../src/http';
import { seed } from '../src/seed';
import { wire } from '../src/wiring';
import { figure, log } from './tickets/measure';

const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 10);
const PHONE = '5511955554444';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const cpuTicks = () => readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);

/** A valid CPF for each signup (check digits computed). */
function cpf(seed: number): string {
  const base = String(100_000_000 + (seed % 899_999_999))
    .slice(0, 9)
    .split('')
    .map(Number);
  const digit = (digits: number[]) => {
    const rest = (digits.reduce((acc, d, i) => acc + d * (digits.length + 1 - i), 0) * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const first = digit(base);
  return [...base, first, digit([...base, first])].join('');
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'conversa-bench-on-duty-'));
  const pgPort = await freePort();
  process.env.PG_PORT = String(pgPort);
  const secrets = { ADMIN_EMAIL: 'bench@example.com', ADMIN_PASSWORD: 'Bench-pass-1', JWT_SECRET: 'bench-secret-'.repeat(4) };
  const config = loadConfig({ DATA_DIR: dataDir, PG_PORT: String(pgPort), ...secrets }, dataDir);
  const wiring = await wire(config, { runProjections: true });
  const cpuAtStart = cpuTicks();
  try {
    await seed(wiring.ctx, config);
    const { app } = await buildHttp(wiring, { serveUi: false, edge: false, projections: true });
    await app.ready();
    await wiring.sessions.start();
    const local = localTime(new Date(), 'America/Sao_Paulo');
    const days = SCHEDULE_DAYS.map((day) => ({
      weekdayEn: day.weekdayEn,
      startTime: local.minus({ hours: 2 }).toFormat('HH:mm'),
      endTime: local.plus({ hours: 2 }).toFormat('HH:mm'),
    }));
    const closed = SCHEDULE_DAYS.map((day) => ({ weekdayEn: day.weekdayEn, startTimeA: '', endTimeA: '', startTimeB: '', endTimeB: '' }));

    log(`setting up ${COMPANIES} companies`);
    const sandboxes: Array<{ id: number; token: string }> = [];
    for (let index = 0; index < COMPANIES; index++) {
      const email = `plantao${index}@example.com`;
      const signup = await app.inject({
        method: 'POST',
        url: '/auth/signup',
        payload: {
          name: `Bench ${index} Admin`,
          companyName: `Bench Plantao ${index}`,
          email,
          password: 'Abcdefgh1',
          phone: '11987654321',
          document: cpf(7000 + index),
          planId: 1,
          termo: true,
        },
      });
      if (signup.statusCode !== 201) throw new Error(`signup: ${signup.body}`);
      const { companyId, userId } = signup.json();
      const token = (await app.inject({ method: 'POST', url: '/auth/login', payload: { email, password: 'Abcdefgh1' } })).json().token as string;
      const headers = { authorization: `Bearer ${token}` };
      const sandbox = await app.inject({ method: 'POST', url: '/whatsapp', headers, payload: { name: 'Loja', channel: 'sandbox' } });
      sandboxes.push(sandbox.json());
      await app.inject({ method: 'PUT', url: `/companies/${companyId}/schedules`, headers, payload: { schedules: closed } });
      const entry = await app.inject({ method: 'POST', url: '/plantao', headers, payload: { userId, phone: PHONE, days } });
      if (entry.statusCode !== 201) throw new Error(`plantao: ${entry.body}`);
    }
    await wiring.sessions.reconcile();

    const announce = async (sandbox: { id: number; token: string }, index: number) => {
      const headers = { authorization: `Bearer ${sandbox.token}` };
      const sent = await app.inject({
        method: 'POST',
        url: `/sandbox/${sandbox.id}/messages`,
        headers,
        payload: { id: `night-${index}`, from: '5511970000001', name: 'Cliente', body: 'Boa noite!' },
      });
      if (sent.statusCode !== 202) throw new Error(`inbound: ${sent.body}`);
      const start = performance.now();
      for (;;) {
        const outbox = await app.inject({ method: 'GET', url: `/sandbox/${sandbox.id}/outbox?to=${PHONE}`, headers });
        if ((outbox.json().messages as unknown[]).length > 0) return performance.now() - start;
        if (performance.now() - start > 60_000) throw new Error('no announcement within 60 s');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    const half = Math.floor(COMPANIES / 2);
    log(`${half} companies' contacts write one after the other`);
    const one: number[] = [];
    for (let index = 0; index < half; index++) one.push(await announce(sandboxes[index]!, index));
    log(`${COMPANIES - half} companies' contacts write at once`);
    const burst = await Promise.all(sandboxes.slice(half).map((sandbox, index) => announce(sandbox, half + index)));
    figure('on_duty_announcement_alone_p50', percentile(one, 50), 'ms');
    figure('on_duty_announcement_alone_max', Math.max(...one), 'ms');
    figure('on_duty_announcement_burst_p50', percentile(burst, 50), 'ms');
    figure('on_duty_announcement_burst_max', Math.max(...burst), 'ms');
    figure('companies', COMPANIES, 'count');
    await app.close();
  } finally {
    const end = cpuTicks();
    const spent = end.map((value, index) => value - cpuAtStart[index]!);
    const total = spent.reduce((a, b) => a + b, 0);
    figure('machine_idle_share', (100 * spent[3]!) / total, '%');
    figure('machine_steal_share', (100 * spent[7]!) / total, '%');
    await wiring.close();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
