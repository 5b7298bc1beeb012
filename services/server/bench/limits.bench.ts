/**
 * Request limits' figures: `pnpm bench:limits`. What keeping the counts in Postgres (shared by every API
 * process) adds to a request against counting in the process's memory, on the embedded Postgres of a
 * fresh data dir: the messages API's count (one upsert) and a failed login's limiter work (check, then
 * the failure recorded), BENCH_LIMITS_SAMPLES (default 2,000) of each, one after another, after a
 * warm-up. One JSON line per figure: medians and p95 in ms, with the machine's load average.
 */
import { createLoginLimiter, migrateLimits, postgresLimits, type LimitStore } from '@conversa/api';
import { memoryLimits } from '@conversa/api/limits/store';
import { Kysely, PostgresDialect } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../../testing/src/postgres';
import { startEmbeddedPostgres } from '../src/embedded-postgres';
import { line, loadavg, log, percentile, sampleTimes } from './kit/measure';

const SAMPLES = Number(process.env.BENCH_LIMITS_SAMPLES ?? 2000);
const figure = (name: string, values: number[]) =>
  line({
    name,
    median: Number(percentile(values, 50).toFixed(3)),
    p95: Number(percentile(values, 95).toFixed(3)),
    unit: 'ms',
    samples: values.length,
    loadavg: loadavg(),
  });

const timed = (work: (index: number) => Promise<unknown>) => sampleTimes(SAMPLES, work, { warm: 200 });

async function measure(label: string, store: LimitStore) {
  // Budgets large enough that nothing is refused: the cost of counting, not of refusing.
  const login = createLoginLimiter(store, { attemptsPerAddress: 1e9, failuresPerAddress: 1e9, freeFailures: 1e9, scope: `bench-${label}` });
  const api = store.limiter({ keyPrefix: `bench-api-${label}`, points: 1e9, duration: 60 });
  figure(`limits.${label}.messages-api-count`, await timed(() => api.consume('connection:1')));
  figure(
    `limits.${label}.failed-login`,
    await timed(async (index) => {
      const address = `198.51.${(index >> 8) & 255}.${index & 255}`;
      await login.check('someone@example.com', address);
      await login.recordFailure('someone@example.com', address);
    }),
  );
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'conversa-bench-limits-'));
  const postgres = await startEmbeddedPostgres(dataDir, await freePort());
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: postgres.url, max: 20 }) }) });
  try {
    await migrateLimits(db);
    log(`${SAMPLES} samples per figure`);
    await measure('memory', memoryLimits());
    await measure('postgres', postgresLimits(db));
  } finally {
    await db.destroy();
    await postgres.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
