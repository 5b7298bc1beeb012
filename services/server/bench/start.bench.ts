/**
 * Start-up figures: `pnpm bench:start`. Runs the product's `start` role as a newcomer would (its own
 * embedded Postgres under a fresh data dir), times it to the first `GET /health` 200, stops it with
 * SIGINT, and times a start on the now existing data dir. Median of 3 each; JSON lines.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../testing/src/postgres';

const RUNS = 3;
const main = join(import.meta.dirname, '..', 'src', 'main.ts');

async function timeToHealthy(dataDir: string): Promise<number> {
  const port = await freePort();
  const pgPort = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', main, 'start'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), PG_PORT: String(pgPort), HOST: '127.0.0.1' },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`start exited with ${child.exitCode}`);
      const healthy = await fetch(`http://127.0.0.1:${port}/health`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (healthy) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      await exited;
    }
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const fresh: number[] = [];
const existing: number[] = [];
for (let run = 0; run < RUNS; run++) {
  const dataDir = mkdtempSync(join(tmpdir(), 'conversa-start-'));
  try {
    fresh.push(await timeToHealthy(dataDir));
    existing.push(await timeToHealthy(dataDir));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
for (const [name, values] of [
  ['cold_start_fresh_data_dir_ms', fresh],
  ['cold_start_existing_data_dir_ms', existing],
] as const) {
  process.stdout.write(`${JSON.stringify({ name, value: Math.round(median(values)), unit: 'ms' })}\n`);
}
