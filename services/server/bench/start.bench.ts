/**
 * Start-up figures: `pnpm bench:start`. Runs the product's `start` role as a newcomer would (its own
 * embedded Postgres under a fresh data dir), times it to the first `GET /health` 200, stops it with
 * SIGINT, and times a start on the now existing data dir. Median of 3 each; JSON lines.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { line, median } from './kit/measure';
import { spawnStart } from './kit/start-role';

const RUNS = 3;

async function timeToHealthy(dataDir: string): Promise<number> {
  const role = await spawnStart(dataDir);
  try {
    await role.healthy(20);
    return performance.now() - role.spawnedAt;
  } finally {
    await role.stop();
  }
}

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
  line({ name, value: Math.round(median(values)), unit: 'ms' });
}
