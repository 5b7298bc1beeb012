/**
 * `conversa lgpd migrate`'s guard move: `pnpm bench:guard-move`. The real product's stores on a fresh data dir;
 * BENCH_GUARDS (default 5,000) number guards of one claim each appended under their old names
 * (`contactnumber-<companyId>-<number>`), then moved to their digest streams (moveNumberGuards, as the command
 * runs it). BENCH_GUARD_RUNS (default 3) rounds; one JSON line per round and one with the median, with the
 * machine's load and idle share over the run.
 */
import { legacyContactNumberStream } from '@conversa/contracts';
import { moveNumberGuards } from '@conversa/eventstore/personal/index';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../testing/src/postgres';
import { loadConfig } from '../src/config';
import { wire } from '../src/wiring';

const GUARDS = Number(process.env.BENCH_GUARDS ?? 5_000);
const RUNS = Number(process.env.BENCH_GUARD_RUNS ?? 3);
const PARALLEL = 50;

const line = (fields: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(fields)}\n`);
const cpuTicks = () => readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'conversa-bench-guards-'));
  const pgPort = await freePort();
  process.env.PG_PORT = String(pgPort);
  const secrets = { ADMIN_EMAIL: 'bench@example.com', ADMIN_PASSWORD: 'Bench-pass-1', JWT_SECRET: 'bench-secret-'.repeat(4) };
  const config = loadConfig({ DATA_DIR: dataDir, PG_PORT: String(pgPort), ...secrets }, dataDir);
  const wiring = await wire(config, { runProjections: false });
  const cpuAtStart = cpuTicks();
  const rates: number[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const at = new Date().toISOString();
      const metadata = {
        companyId: 1,
        actor: { kind: 'system' as const, id: 'bench' },
        correlationId: randomUUID(),
        causationId: randomUUID(),
        occurredAt: at,
        schemaVersion: 1,
      };
      for (let start = 0; start < GUARDS; start += PARALLEL) {
        await Promise.all(
          Array.from({ length: Math.min(PARALLEL, GUARDS - start) }, (_, index) => {
            const key = `55219${run}${String(start + index).padStart(7, '0')}`;
            const data = { key, contactId: 1_000_000 * (run + 1) + start + index, claimedAt: at };
            return wiring.store.appendToStream(legacyContactNumberStream(1, key), [{ id: randomUUID(), type: 'ContactNumberClaimed', data, metadata }]);
          }),
        );
      }
      const moved = await moveNumberGuards({ connectionString: wiring.databaseUrl, digest: wiring.ctx.numberDigest });
      const rate = moved.streams / (moved.ms / 1000);
      rates.push(rate);
      line({
        name: 'guard_move',
        run,
        guards: moved.streams,
        events: moved.events,
        ms: Math.round(moved.ms),
        guards_per_s: Math.round(rate),
        loadavg: loadavg(),
      });
    }
    const cpu = cpuTicks().map((value, index) => value - cpuAtStart[index]!);
    const total = cpu.reduce((sum, value) => sum + value, 0) || 1;
    line({
      name: 'guard_move_per_s_median',
      guards: GUARDS,
      runs: RUNS,
      value: Math.round(median(rates)),
      unit: 'guards/s',
      loadavg: loadavg(),
      idle_pct: Number(((cpu[3]! / total) * 100).toFixed(1)),
      steal_pct: Number(((cpu[7]! / total) * 100).toFixed(1)),
    });
  } finally {
    await wiring.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
